import { assembleService, defineService } from '@beatmatch/platform';
import { subscribe } from './integration/subscriptions';

/**
 * Composition root of referrals, written with the service kit (packages/platform/src/runtime/eventSourced.ts).
 * Its features come with later issues; today it keeps its projection of identity's referral sign-ups
 * (integration/subscriptions.ts), answers health and readiness, and refuses every other call that
 * does not come signed from the gateway.
 */
export const service = defineService({
  name: 'referrals',
  create: async (infrastructure) =>
    assembleService(infrastructure, {
      name: 'referrals',
      routers: [],
      subscriptions: [() => subscribe(infrastructure)],
    }),
});
