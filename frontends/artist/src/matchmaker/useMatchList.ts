import { Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { MatchListEntry, MatchListResponse } from '@beatmatch/contracts';
import { matchmaker } from './client';

/** The session-storage cache of the Match List (spec §3 Match list entry). */
export const MATCH_LIST_CACHE_KEY = 'matchList';

function cache(entries: Array<Pick<MatchListEntry, 'beatId' | 'beatName'>>) {
  try {
    sessionStorage.setItem(
      MATCH_LIST_CACHE_KEY,
      JSON.stringify(entries.map(({ beatId, beatName }) => ({ beatId, beatName }))),
    );
  } catch {
    // Storage full or disabled: the cache is only a convenience.
  }
}

/**
 * The Match List, loaded once and cached for the session; remove asks first, then drops the row
 * (calling onRemoved, e.g. to stop its playback) and lowers the total. Render the modal holder.
 */
export function useMatchList(reportError: (error: unknown) => void, onRemoved: (beatId: string) => void) {
  const [list, setList] = useState<MatchListResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const load = useCallback(async () => {
    try {
      const answer = await matchmaker().matchList();
      setList(answer);
      cache(answer.beat);
    } catch (error) {
      setFailed(true);
      reportError(error);
    }
  }, [reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const dropRow = (beatId: string) =>
    setList((current) => {
      if (!current) return current;
      const beat = current.beat.filter((row) => row.beatId !== beatId);
      cache(beat);
      return { ...current, beat, total: Math.max(0, (current.total ?? current.beat.length) - 1) };
    });

  const remove = (entry: MatchListEntry) => {
    void modal.confirm({
      title: `Are you sure you want to remove ${entry.beatName}?`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        setRemoving(entry.beatId);
        try {
          await matchmaker().removeMatch(entry.beatId);
          onRemoved(entry.beatId);
          dropRow(entry.beatId);
        } catch (error) {
          reportError(error);
        } finally {
          setRemoving(null);
        }
      },
    });
  };

  return { list, failed, removing, remove, modalHolder };
}
