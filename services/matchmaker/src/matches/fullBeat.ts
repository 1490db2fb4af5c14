import { Router } from 'express';
import { FREE_VIEWABLE_MATCHES, hasArtistPlan, mp3Key, MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem, sendBlob, type BlobStore } from '@beatmatch/platform';
import { findBeat } from '../beats/findBeat';
import type { MatchesDeps } from './api';
import { matchesOf } from './readModel';

export type FullBeatDeps = MatchesDeps & { blobs: () => Promise<BlobStore> };

const notInMatchList = () => new HttpProblem(404, MATCHMAKER_MESSAGES.beatNotFound, 'beat_not_found');

/**
 * The Match List's full beats (artist-side spec §2: "Listen to the full beats you've matched with"): a
 * signed-in listener hears the whole MP3 of a beat in their Match List, streamed with Range. Only the
 * matches the list shows them (20 without Marketplace Pro) and only while the beat may be played; a
 * visitor's list plays the snippet (beatmatch_beat_play_snippet).
 */
export function fullBeatRouter(deps: FullBeatDeps): Router {
  const router = Router();
  // A HEAD is answered by this GET route too (Express), without the body.
  handleCall(router, 'beatmatch_matchlist_full_beat', async ({ beatId }, { req, res }) => {
    const { listener, userId } = await deps.listeners.of(req.caller);
    const limit = hasArtistPlan(await deps.pool.entitlements(userId)) ? null : FREE_VIEWABLE_MATCHES;
    const viewable = await matchesOf(deps, listener, limit);
    if (!viewable.some((entry) => entry.beatId === beatId)) throw notInMatchList();
    await findBeat(deps.pool, beatId);
    await sendBlob(req, res, await deps.blobs(), mp3Key(beatId), {
      contentType: 'audio/mpeg',
      cacheControl: 'private, no-store',
      notFound: notInMatchList,
    });
  });
  return router;
}
