import type { ManagedBeat, ManageBeatsResponse } from '@beatmatch/contracts';
import type { BeatTotals, CatalogApi } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText } from './manageApi';

/** How often the list is asked again while a beat's DNA test runs. */
export const PENDING_REFRESH_MS = 4000;

export type Stats = Record<string, { matches: number; passes: number; purchases: number }>;

/** The producer's beats (pending, failed, uploaded) with their totals, asked again while any is pending. */
export function useManagedBeats(catalog: CatalogApi) {
  const [beats, setBeats] = useState<ManageBeatsResponse>();
  const [totals, setTotals] = useState<BeatTotals>();
  const [loadError, setLoadError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const [list, sums] = await Promise.all([
        catalog.manageBeats(),
        catalog.totals().catch(() => undefined),
      ]);
      setBeats(list);
      if (sums) setTotals(sums);
      setLoadError(undefined);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, [catalog]);

  useEffect(() => {
    void load();
  }, [load]);

  // A pending beat's overlay clears by itself when its analysis finishes.
  const pendingCount = beats?.pending.length ?? 0;
  useEffect(() => {
    if (!pendingCount) return;
    const timer = setInterval(() => void load(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pendingCount, load]);

  const stats: Stats = useMemo(
    () => Object.fromEntries((totals?.data ?? []).map((row) => [row.beatId, row])),
    [totals],
  );

  /** A deleted beat leaves the list at once. */
  const remove = ({ beatId }: ManagedBeat) =>
    setBeats((now) =>
      now
        ? {
            uploaded: now.uploaded.filter((b) => b.beatId !== beatId),
            pending: now.pending.filter((b) => b.beatId !== beatId),
            failed: now.failed.filter((b) => b.beatId !== beatId),
          }
        : now,
    );

  return { beats, totals, stats, loadError, load, remove };
}
