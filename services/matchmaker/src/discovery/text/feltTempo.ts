import type { PoolBeat } from '../../beats/beat';
import { tempoFit } from '../similarity';

/**
 * How well the beat's tempo is a felt tempo (a text's, or a style's usual one), 0 … 1: the same tempo
 * only, not half or double it (which a reference song's detected tempo may be). A beat the DNA reads as
 * 3/4 may be a 4/4 beat whose tempo it read at 1.5 times (a known error of tempo detection: the
 * demo catalogue's one-drop reggae comes out so), so its tempo at two thirds counts as well.
 */
export function feltTempoFit(beat: PoolBeat, bpm: number | null): number {
  if (!bpm) return 0;
  const fitAt = (beatBpm: number) => {
    const fit = tempoFit(beatBpm, bpm);
    return fit.relation === 'same' || fit.relation === 'close' ? fit.score : 0;
  };
  const asRead = fitAt(beat.bpm);
  if (!beat.tags.includes('waltz')) return asRead;
  return Math.max(asRead, fitAt((beat.bpm * 2) / 3));
}
