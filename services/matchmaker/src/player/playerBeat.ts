import type { PlayerBeat } from '@beatmatch/contracts';
import type { PoolBeat } from '../beats/beat';

/** The snippet's URL as the player loads it (the gateway's public GET route). */
export const snippetUrl = (beatId: string) =>
  `/api/beatmatch_beat_play_snippet?beatId=${encodeURIComponent(beatId)}`;

/** A beat as the player shows it, with `why` it was chosen. */
export function playerBeat(beat: PoolBeat, why: string): PlayerBeat {
  return {
    beatId: beat.beatId,
    beatName: beat.name,
    producer: beat.producerName,
    userId: beat.producerId,
    coverArtUrl: beat.coverArtUrl,
    audioSrc: snippetUrl(beat.beatId),
    why,
  };
}
