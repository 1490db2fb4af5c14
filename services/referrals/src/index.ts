import { createServiceApp, defineService, type Subscription } from '@beatmatch/platform';
import { subscribe } from './integration/subscriptions';

/**
 * Composition root of referrals, written with the service kit (packages/platform/src/runtime/service.ts).
 * Its features come with later issues; today it keeps its projection of identity's referral sign-ups
 * (integration/subscriptions.ts), answers health and readiness, and refuses every other call that
 * does not come signed from the gateway.
 */
export const service = defineService({
  name: 'referrals',
  async create({ logger, verifier, db, bus }) {
    const { app, finalize } = createServiceApp({
      name: 'referrals',
      logger,
      verifier,
      readiness: [() => db.query('SELECT 1')],
    });
    finalize();
    let subscription: Subscription | undefined;
    return {
      app,
      start: async () => {
        subscription = await subscribe({ bus, db, logger });
      },
      stop: async () => {
        await subscription?.stop();
      },
    };
  },
});
