import { Router } from 'express';
import { PAYOUT_SPLIT } from '@beatmatch/contracts';
import { handleCall } from '@beatmatch/platform';

/**
 * Payout settings (producer-side spec §2 Payout configuration): until saving arrives with the payouts
 * issue, every producer has the spec's empty state — no wallet address, the default split.
 */
export function payoutSettingsRouter(): Router {
  const router = Router();
  handleCall(router, 'get_address', () => ({ address: null, split: PAYOUT_SPLIT.default }));
  return router;
}
