import { Router } from 'express';
import { FREE_VIEWABLE_MATCHES, hasArtistPlan, MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { handleCall } from '@beatmatch/platform';
import { beatRef } from '../beats/beat';
import { findBeat } from '../beats/findBeat';
import type { BeatPool } from '../beats/pool';
import type { Listeners } from '../listeners/listeners';
import type { ListenerTables } from '../listeners/readModel';
import { matchCountOf, matchesOf } from './readModel';

export type MatchesDeps = ListenerTables & { listeners: Listeners; pool: BeatPool };

/** The Match List (artist-side spec §7): its count, its beats (20 free), removing and adding a beat. */
export function matchesRouter(deps: MatchesDeps): Router {
  const { listeners } = deps;
  const router = Router();
  handleCall(router, 'get_match_count', async (_request, { req }) => {
    const { listener } = await listeners.of(req.caller);
    return { matches: await matchCountOf(deps, listener) };
  });
  handleCall(router, 'beatmatch_matchlist', async (_request, { req }) => {
    const { listener, userId } = await listeners.of(req.caller);
    const activeSubscription = hasArtistPlan(await deps.pool.entitlements(userId));
    return {
      beat: await matchesOf(deps, listener, activeSubscription ? null : FREE_VIEWABLE_MATCHES),
      activeSubscription,
      total: await matchCountOf(deps, listener),
    };
  });
  handleCall(router, 'beatmatch_matchlist_remove', async ({ beatId }, { req }) => {
    const { listener } = await listeners.of(req.caller);
    await listeners.run(listener, {
      type: 'RemoveMatch',
      data: { beatId },
      metadata: { now: listeners.clock() },
    });
    return { removed: true as const, matches: await matchCountOf(deps, listener) };
  });
  handleCall(router, 'beatmatch_add_to_match_list', async ({ beatId }, { req }) => {
    const { listener } = await listeners.of(req.caller);
    const beat = await findBeat(deps.pool, beatId);
    await listeners.run(listener, {
      type: 'Choose',
      data: { beat: beatRef(beat), choice: 'match', strict: true },
      metadata: { now: listeners.clock() },
    });
    return { message: MATCHMAKER_MESSAGES.addedToMatchList };
  });
  return router;
}
