import { STORE_MESSAGES, type CallAnswer, type LabBeat } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';

export type StoreState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: CallAnswer<'get_public_profile'>; beats: LabBeat[] };

/** A producer's store: identity's public profile and the catalog's public beats, together. */
export function useStore(userId: string): StoreState {
  const [state, setState] = useState<StoreState>({ status: 'loading' });
  useEffect(() => {
    const api = beatmatchSdk().api;
    Promise.all([api.call('get_public_profile', { userId }), api.call('beatmatch_lab', { userId })])
      .then(([profile, { beats }]) =>
        setState(
          profile.username === null
            ? { status: 'error', message: STORE_MESSAGES.loadError }
            : { status: 'ready', profile, beats },
        ),
      )
      .catch(() => setState({ status: 'error', message: STORE_MESSAGES.loadError }));
  }, [userId]);
  return state;
}

export interface StoreFilters {
  name: string;
  genre: string | null;
  subgenre: string | null;
  mood: string | null;
}

/** The dropdowns' choices: the tags of this producer's beats (their DNA), each once, sorted. */
export function tagChoices(beats: LabBeat[], field: keyof LabBeat['beatTags']): string[] {
  return [...new Set(beats.flatMap((beat) => beat.beatTags[field]))].sort();
}

export function filterBeats(beats: LabBeat[], filters: StoreFilters): LabBeat[] {
  const name = filters.name.trim().toLowerCase();
  return beats.filter(
    (beat) =>
      (!name || beat.beatName.toLowerCase().includes(name)) &&
      (!filters.genre || beat.beatTags.genreTags.includes(filters.genre)) &&
      (!filters.subgenre || beat.beatTags.subgenreTags.includes(filters.subgenre)) &&
      (!filters.mood || beat.beatTags.moodTags.includes(filters.mood)),
  );
}
