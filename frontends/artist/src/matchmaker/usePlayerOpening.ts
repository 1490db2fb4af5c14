import { useEffect, useState } from 'react';
import { matchmaker } from './client';
import { DEFAULT_FILTERS, filterRequest } from './filters';
import type { PlayerFeed } from './usePlayerFeed';

/**
 * On load: the device uuid (exclude), the match count, then the beat of ?beat= or a random one.
 * Not live: only the count of uploaded beats (total_beats). Answers the match count (which Match
 * raises) and the count of uploaded beats.
 */
export function usePlayerOpening(
  live: boolean,
  requestedBeat: string | null,
  { load, fail, showNotLive }: PlayerFeed,
) {
  const [matches, setMatches] = useState(0);
  const [uploaded, setUploaded] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const client = matchmaker();
      if (!live) {
        showNotLive();
        const total = await client.totalBeats().catch(() => null);
        if (!cancelled && total) setUploaded(total.beats ?? 0);
        return;
      }
      try {
        await client.deviceUuid();
        const count = await client.matchCount().catch(() => ({ matches: 0 }));
        if (!cancelled) setMatches(count.matches ?? 0);
      } catch (error) {
        if (!cancelled) fail(error);
        return;
      }
      if (cancelled) return;
      await load(() =>
        requestedBeat ? client.loadBeatParam(requestedBeat) : client.beatPlay(filterRequest(DEFAULT_FILTERS)),
      );
    })();
    return () => {
      cancelled = true;
    };
  }, [requestedBeat, load, fail, showNotLive, live]);

  const addMatch = () => setMatches((count) => count + 1);
  return { matches, addMatch, uploaded };
}
