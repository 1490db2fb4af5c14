import { Router } from 'express';
import { hasArtistPlan, MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { BeatPool } from '../beats/pool';
import type { Listeners } from '../listeners/listeners';
import type { ListenerTables } from '../listeners/readModel';
import { passedBeatsOf } from './readModel';

/** Play History (artist-side spec §7): the passed beats, for paid artist plans only. */
export function historyRouter(deps: ListenerTables & { listeners: Listeners; pool: BeatPool }): Router {
  const router = Router();
  handleCall(router, 'beatmatch_play_history', async (_request, { req }) => {
    const { listener, userId } = await deps.listeners.of(req.caller);
    if (!hasArtistPlan(await deps.pool.entitlements(userId)))
      throw new HttpProblem(403, MATCHMAKER_MESSAGES.noAccess, 'no_access');
    return { beats: await passedBeatsOf(deps, listener) };
  });
  return router;
}
