import { Router, type Request, type RequestHandler } from 'express';
import {
  canAnalyseMySound,
  canSearchByReference,
  REFERENCE_MESSAGES,
  type Entitlements,
} from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { BeatPool } from '../../beats/pool';
import type { ReferenceSearches } from './referenceSearches';

/**
 * The reference-track searches' calls (routing only): video and streaming search from Professional, My
 * Sound on Unlimited (artist-side spec §6), from the entitlements the matchmaker projects from commerce.
 * The plan is checked before the request is read (the calls' `plan` access): a caller without the plan
 * gets 403 'No Access' whatever they sent, and only a caller with it hears about their request (400) or
 * the server's Spotify setup (503).
 */
export function referenceRouter(deps: { pool: BeatPool; searches: ReferenceSearches }): Router {
  const router = Router();
  const { searches } = deps;
  const planRequired =
    (rule: (e: Entitlements) => boolean): RequestHandler =>
    (req, _res, next) => {
      const userId = req.caller?.userId;
      if (!userId) return next(); // handleCall answers 401
      deps.pool
        .entitlements(userId)
        .then((entitlements) =>
          next(
            rule(entitlements) ? undefined : new HttpProblem(403, REFERENCE_MESSAGES.noAccess, 'no_access'),
          ),
        )
        .catch(next);
    };
  const search = { before: [planRequired(canSearchByReference)] };
  const mySound = { before: [planRequired(canAnalyseMySound)] };
  /** The signed-in caller (handleCall has refused anyone else, the `before` check anyone without the plan). */
  const userOf = (req: Request) => req.caller!.userId!;

  handleCall(
    router,
    'beatmatch_youtube_search',
    async ({ url, trackTitle }, { req }) => searches.searchVideo(userOf(req), url, trackTitle),
    search,
  );
  handleCall(
    router,
    'beatmatch_youtube_find',
    async ({ trackId }, { req }) => searches.trackMatches(userOf(req), trackId),
    search,
  );
  handleCall(
    router,
    'spotify_input',
    async ({ input }) => ({ suggestions: await searches.spotifySuggestions(input) }),
    search,
  );
  handleCall(
    router,
    'spotify_similar_search',
    async ({ spotifyId }, { req }) => searches.spotifySimilar(userOf(req), spotifyId),
    search,
  );
  handleCall(
    router,
    'beatmatch_my_sound',
    async (_input, { req, res }) => {
      const songs = await searches.mySound(userOf(req));
      res.setHeader('Cache-Control', 'no-store');
      return { songs };
    },
    mySound,
  );
  return router;
}
