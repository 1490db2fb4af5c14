import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';

type PairAnswer = CallAnswer<'beat_battle_pair'>;

/** The listener's current pair, both players (one plays at a time), and the vote that loads the next pair. */
export function useBattlePair(battleId: string | null) {
  const [answer, setAnswer] = useState<PairAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<0 | 1 | null>(null);
  const [heard, setHeard] = useState<[boolean, boolean]>([false, false]);
  const audios = [useRef<HTMLAudioElement>(null), useRef<HTMLAudioElement>(null)] as const;

  const load = useCallback(async () => {
    if (!battleId) return;
    try {
      setAnswer(await beatmatchSdk().api.call('beat_battle_pair', { battleId }));
      setHeard([false, false]);
      setPlaying(null);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [battleId]);
  useEffect(() => void load(), [load]);

  const toggle = (side: 0 | 1) => {
    const element = audios[side].current;
    const other = audios[side === 0 ? 1 : 0].current;
    if (!element) return;
    other?.pause();
    if (element.paused) {
      void element.play().catch(() => setPlaying(null));
      setPlaying(side);
      setHeard((current) => (side === 0 ? [true, current[1]] : [current[0], true]));
    } else {
      element.pause();
      setPlaying(null);
    }
  };

  const choose = async (side: 0 | 1) => {
    const pair = answer?.pair;
    if (!battleId || !pair || !heard[0] || !heard[1]) return;
    audios.forEach((audio) => audio.current?.pause());
    try {
      await beatmatchSdk().api.call('beat_battle_vote', {
        battleId,
        winnerEntryId: pair[side].entryId,
        loserEntryId: pair[side === 0 ? 1 : 0].entryId,
      });
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return { answer, error, playing, heard, audios, toggle, choose };
}
