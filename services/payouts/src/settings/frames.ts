import { Router } from 'express';
import { handleCall, type EventStore } from '@beatmatch/platform';
import { callerId } from '../http/caller';
import type { FiatPayoutProvider } from '../fiat/port';
import { loadPayoutSettings } from './commands';

/** The producer remote's pages that `iframe_url` names (frontends/common's producer pages under /user). */
const PAGES = { onboard: '/user/payouts', history: '/user/payoutsHistory' } as const;

export interface FramesDeps {
  store: EventStore;
  fiat: FiatPayoutProvider;
  /** The address users reach (the embedded gateway may learn its port late, so it is read per call). */
  publicUrl: () => string;
}

/**
 * `iframe_url` (artist-side spec §7): the spec's Payouts pages framed an outside provider's pages; ours
 * are in the product, so onboard answers our fiat method page — unless the fiat provider has its own
 * onboarding for the method chosen there (Stripe Connect for ACH), whose link comes back to that page.
 */
export function payoutFramesRouter({ store, fiat, publicUrl }: FramesDeps): Router {
  const router = Router();
  handleCall(router, 'iframe_url', async ({ type }, { req }) => {
    const page = `${publicUrl().replace(/\/+$/, '')}${PAGES[type]}`;
    if (type === 'history') return { url: page };
    const { method } = await loadPayoutSettings(store, callerId(req));
    const providerPage = method
      ? await fiat.onboardingUrl(method, { refreshUrl: page, returnUrl: page })
      : null;
    return { url: providerPage ?? page };
  });
  return router;
}
