import type { BeatPack, PackBeat } from '@beatmatch/contracts';
import { ApiError, beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../manage/manageApi';

export type PacksState =
  | { status: 'loading' }
  | { status: 'noAccess' }
  | { status: 'error'; message: string }
  | { status: 'ready'; packs: BeatPack[] };

const api = () => beatmatchSdk().api;

/** The producer's packs (getBeatPacks); 403 means no Professional or Unlimited plan (spec §6). */
export function useBeatPacks() {
  const [state, setState] = useState<PacksState>({ status: 'loading' });

  const load = useCallback(async () => {
    try {
      const { packs } = await api().call('getBeatPacks');
      setState({ status: 'ready', packs });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setState({ status: 'noAccess' });
      else setState({ status: 'error', message: errorText(error) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const update = (packId: string, change: (pack: BeatPack) => BeatPack) =>
    setState((now) =>
      now.status === 'ready'
        ? { ...now, packs: now.packs.map((pack) => (pack.id === packId ? change(pack) : pack)) }
        : now,
    );

  const addPack = async (scope: 'Add Public Pack' | 'Add Private Pack') => {
    const { pack } = await api().call('addBeatPack', { scope });
    setState((now) => (now.status === 'ready' ? { ...now, packs: [...now.packs, pack] } : now));
  };

  const addBeat = async (packId: string, beatId: string) => {
    const { beat } = await api().call('addBeatToPack', { beatId, beatPackId: packId });
    update(packId, (pack) =>
      pack.beats.some((b) => b.beatId === beat.beatId) ? pack : { ...pack, beats: [...pack.beats, beat] },
    );
  };

  const removeBeat = async (packId: string, beat: PackBeat) => {
    await api().call('removeBeatFromPack', { beatId: beat.beatId, packId });
    update(packId, (pack) => ({ ...pack, beats: pack.beats.filter((b) => b.beatId !== beat.beatId) }));
  };

  return { state, addPack, addBeat, removeBeat };
}
