import { Router } from 'express';
import { DomainError, handleCall, type EventStore } from '@beatmatch/platform';
import { sendContactMessage } from './commands';

export interface ContactDeps {
  store: EventStore;
  /** Link to the $BEAT whitepaper (configuration); absent: 404. */
  whitepaperUrl?: string;
  clock: () => Date;
}

/** The contact form (`_contact`) and the whitepaper link. */
export function contactRouter(deps: ContactDeps): Router {
  const router = Router();

  handleCall(router, '_contact', async (input) => {
    await sendContactMessage(deps.store, input, deps.clock());
    return { response: 'success' };
  });

  handleCall(router, 'get_whitepaper', () => {
    if (!deps.whitepaperUrl) throw new DomainError('not_found', 'The whitepaper is not available yet.', 404);
    return { url: deps.whitepaperUrl };
  });

  return router;
}
