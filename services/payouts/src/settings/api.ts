import { Router } from 'express';
import { PAYOUT_SPLIT } from '@beatmatch/contracts';
import { handleCall, type EventStore } from '@beatmatch/platform';
import { callerId } from '../http/caller';
import { loadPayoutSettings, runPayoutSettingsCommand } from './commands';
import { methodSummary } from './methodSummary';
import { checksummedWalletAddress } from './walletAddress';

/** Payout settings (producer-side spec §2 Payout configuration, §7 get/save/delete_address; onboarding). */
export function payoutSettingsRouter(store: EventStore): Router {
  const router = Router();
  handleCall(router, 'get_address', async (_input, { req }) => {
    const { wallet } = await loadPayoutSettings(store, callerId(req));
    return { address: wallet?.address ?? null, split: wallet?.split ?? PAYOUT_SPLIT.default };
  });
  handleCall(router, 'save_address', async ({ address, split }, { req }) => {
    const checksummed = checksummedWalletAddress(address);
    await runPayoutSettingsCommand(store, callerId(req), {
      type: 'SaveWalletAddress',
      data: { address: checksummed, split },
    });
    return { saved: true as const, address: checksummed, split };
  });
  handleCall(router, 'delete_address', async (_input, { req }) => {
    const { newEvents } = await runPayoutSettingsCommand(store, callerId(req), {
      type: 'RemoveWalletAddress',
      data: {},
    });
    return { removed: newEvents.length > 0 };
  });
  handleCall(router, 'get_payout_method', async (_input, { req }) => {
    const { method } = await loadPayoutSettings(store, callerId(req));
    return { method: method?.method ?? null, summary: method ? methodSummary(method) : null };
  });
  handleCall(router, 'save_payout_method', async (details, { req }) => {
    await runPayoutSettingsCommand(store, callerId(req), { type: 'ChoosePayoutMethod', data: { details } });
    return { method: details.method, summary: methodSummary(details) };
  });
  return router;
}
