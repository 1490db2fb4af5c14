import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import { isPlayable, type PoolBeat } from './beat';
import type { BeatPool } from './pool';

/** A beat of the pool, or the spec's 404 (also when `playable` and it may not be played). */
export async function findBeat(pool: BeatPool, beatId: string, playable = true): Promise<PoolBeat> {
  const beat = await pool.get(beatId);
  if (!beat || (playable && !isPlayable(beat)))
    throw new HttpProblem(404, MATCHMAKER_MESSAGES.beatNotFound, 'beat_not_found');
  return beat;
}
