import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';

export type BattleListing = CallAnswer<'beat_battle_list'>['battles'][number];

/** The battles, newest first; the current one is the newest (one battle runs at a time on the pages). */
export function useBattles() {
  const [battles, setBattles] = useState<BattleListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setBattles((await beatmatchSdk().api.call('beat_battle_list')).battles);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  return { battles, current: battles?.[0] ?? null, error, reload };
}

/** A battle's instant as the listener's own clock shows it. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const PHASE_LABELS: Record<BattleListing['phase'], string> = {
  open: 'Open for entries and votes',
  voting: 'Voting',
  closed: 'Closed',
};
