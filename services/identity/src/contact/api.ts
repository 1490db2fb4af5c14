import { Router } from 'express';
import { handleCall, type EventStore } from '@beatmatch/platform';
import { sendContactMessage } from './commands';

export interface ContactDeps {
  store: EventStore;
  /** Link to the $BEAT whitepaper (configuration); absent: the page's empty state, `url: null`. */
  whitepaperUrl?: string;
  clock: () => Date;
}

/**
 * The contact form (`beatmatch_contact`: limited per sender address here, per client at the gateway)
 * and the whitepaper link.
 */
export function contactRouter(deps: ContactDeps): Router {
  const router = Router();

  handleCall(router, 'beatmatch_contact', async (input) => {
    await sendContactMessage(deps.store, input, deps.clock());
    return { response: 'success' };
  });

  handleCall(router, 'get_whitepaper', () => ({ url: deps.whitepaperUrl ?? null }));

  return router;
}
