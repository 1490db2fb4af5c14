import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import { isPlayable, type PoolBeat } from './beat';
import type { BeatPool } from './pool';

/** A private beat exists for its producer alone: to anyone else it is not there at all. */
export const isVisibleTo = (beat: PoolBeat, viewerId: string | null | undefined) =>
  !beat.isPrivate || (viewerId !== undefined && viewerId !== null && beat.producerId === viewerId);

/**
 * A beat of the pool, or the spec's 404: when `playable`, unless it may be played; otherwise (a choice,
 * lyrics) unless the viewer may see it (a private beat only its producer).
 */
export async function findBeat(
  pool: BeatPool,
  beatId: string,
  playable = true,
  viewerId?: string | null,
): Promise<PoolBeat> {
  const beat = await pool.get(beatId);
  if (!beat || !(playable ? isPlayable(beat) : isVisibleTo(beat, viewerId)))
    throw new HttpProblem(404, MATCHMAKER_MESSAGES.beatNotFound, 'beat_not_found');
  return beat;
}
