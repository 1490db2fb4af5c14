import { assembleService, defineService } from '@beatmatch/platform';
import { payoutSettingsRouter } from './settings/api';

/**
 * Composition root of payouts, written with the service kit (packages/platform/src/runtime/eventSourced.ts):
 * its ledger and runs come with the payouts issue; today it answers the payout settings' empty state.
 */
export const service = defineService({
  name: 'payouts',
  create: async (infrastructure) =>
    assembleService(infrastructure, { name: 'payouts', routers: [payoutSettingsRouter()] }),
});
