import { Router } from 'express';
import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import { beatRef } from '../beats/beat';
import { findBeat } from '../beats/findBeat';
import type { Listeners } from '../listeners/listeners';
import { loadBeat } from './loadBeat';
import { nextBeat, type NextBeatDeps } from './nextBeat';
import { answerSnippet, type SnippetDeps } from './snippet';

export type PlayerDeps = NextBeatDeps & SnippetDeps & { listeners: Listeners };

/** The swipe player (artist-side spec §4): the next beat, a shared beat, snippets, plays from lists. */
export function playerRouter(deps: PlayerDeps): Router {
  const router = Router();
  handleCall(router, 'beatmatch_beat_play', async (request, { req }) =>
    nextBeat(deps, await deps.listeners.of(req.caller), request),
  );
  handleCall(router, 'beatmatch_load_beat_param', async (request, { req }) =>
    loadBeat(deps, await deps.listeners.of(req.caller), request),
  );
  // GET, and HEAD with it (Express answers a HEAD with the GET route).
  handleCall(router, 'beatmatch_beat_play_snippet', ({ beatId }, { req, res }) =>
    answerSnippet(deps, req, res, beatId),
  );
  handleCall(router, 'total_beats', async () => ({ beats: await deps.pool.playableCount() }));
  handleCall(router, 'add_play', async (request, { req }) => {
    const beatId = request.beatId ?? beatIdOfAudioSrc(request.audioSrc);
    if (!beatId) throw new HttpProblem(400, MATCHMAKER_MESSAGES.audioSrc, 'validation');
    const beat = await findBeat(deps.pool, beatId);
    const { listener } = await deps.listeners.of(req.caller);
    const { newEvents } = await deps.listeners.run(listener, {
      type: 'Replay',
      data: { beat: beatRef(beat) },
      metadata: { now: deps.listeners.clock() },
    });
    return { played: newEvents.length > 0 };
  });
  return router;
}

/** The beat an `add_play` audioSrc names (…_beat_play_snippet?beatId=…). */
function beatIdOfAudioSrc(audioSrc: string | null | undefined): string | null {
  if (!audioSrc) return null;
  try {
    const beatId = new URL(audioSrc, 'http://player.invalid').searchParams.get('beatId');
    return beatId && beatId.length <= 100 ? beatId : null;
  } catch {
    return null;
  }
}
