import type { DiscoveryMatch } from '@beatmatch/contracts';
import { matchListEntry } from '../../matches/readModel';
import type { RankedBeat } from './types';

/** A ranked beat as every discovery search answers it: its price set, player fields and why. */
export function matchCard({ beat, why }: RankedBeat): DiscoveryMatch {
  const {
    available: _available,
    unavailableReason: _reason,
    at: _at,
    ...card
  } = matchListEntry(beat, new Date(0));
  return { ...card, why };
}
