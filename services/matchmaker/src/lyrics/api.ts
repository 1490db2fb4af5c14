import { Router } from 'express';
import { handleCall } from '@beatmatch/platform';
import { findBeat } from '../beats/findBeat';
import type { BeatPool } from '../beats/pool';
import { userListener } from '../listeners/listener';
import type { Listeners } from '../listeners/listeners';
import type { ListenerTables } from '../listeners/readModel';
import { lyricsOf } from './readModel';

/** Lyrics a signed-in listener writes to a beat (artist-side spec §4); visitors are asked to sign in. */
export function lyricsRouter(deps: ListenerTables & { listeners: Listeners; pool: BeatPool }): Router {
  const { listeners } = deps;
  const router = Router();
  handleCall(router, 'get_lyrics', async ({ beatId }, { req }) => {
    const userId = req.caller?.userId;
    await findBeat(deps.pool, beatId, false, userId);
    if (!userId) return { lyrics: '', signIn: true };
    return { lyrics: await lyricsOf(deps, userListener(userId), beatId), signIn: false };
  });
  handleCall(router, 'save_lyrics', async ({ beatId, lyrics }, { req }) => {
    const { listener } = await listeners.of(req.caller);
    await findBeat(deps.pool, beatId, false, req.caller?.userId);
    await listeners.run(listener, {
      type: 'SaveLyrics',
      data: { beatId, lyrics },
      metadata: { now: listeners.clock() },
    });
    return { lyrics, signIn: false };
  });
  return router;
}
