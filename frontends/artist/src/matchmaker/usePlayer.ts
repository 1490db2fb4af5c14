import { useState } from 'react';
import { matchmaker } from './client';
import { DEFAULT_FILTERS, filterRequest, type FilterState } from './filters';
import { previewTagSupported, usePreviewTag, usePreviewTagOption } from './previewTag';
import { usePlayAfterLoad, usePlayback } from './usePlayback';
import { usePlayerFeed } from './usePlayerFeed';
import { usePlayerOpening } from './usePlayerOpening';

type Choice = 'pass' | 'match';

/**
 * The swipe player's state (artist-side spec §4): the beat and its status, playback, the match
 * count, the filters, and the preview tag (spec §9). Pass and Match record the choice, load the next
 * beat and play it.
 */
export function usePlayer(
  live: boolean,
  requestedBeat: string | null,
  reportError: (error: unknown) => void,
) {
  const playback = usePlayback();
  const feed = usePlayerFeed(reportError, playback.halt);
  const { status, beat, load } = feed;
  const opening = usePlayerOpening(live, requestedBeat, feed);
  const [filters, setFilters] = useState<FilterState>(DEFAULT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tagSupported] = useState(previewTagSupported);
  const [tagOn, setTagOn] = usePreviewTagOption();
  const tag = usePreviewTag({
    on: tagOn && tagSupported,
    playing: playback.playing && status === 'ready',
    snippet: beat,
  });
  usePlayAfterLoad(playback, beat);

  const togglePlay = () => {
    const element = playback.audio.current;
    // Ignored while loading (spec §4).
    if (!element || !beat || status !== 'ready') return;
    if (element.paused && tagOn) tag.prime();
    playback.toggle(element);
  };

  const choose = async (choice: Choice) => {
    if (!beat || status !== 'ready' || !playback.started || busy) return;
    setBusy(true);
    tag.stop();
    playback.playAfterLoad.current = true;
    const chosen = beat;
    try {
      await load(() =>
        matchmaker().beatPlay({
          ...filterRequest(filters),
          beatId: chosen.beatId,
          choiceType: choice,
          seconds: choice,
        }),
      );
      if (choice === 'match') opening.addMatch();
    } finally {
      setBusy(false);
    }
  };

  const applyFilters = (next: FilterState) => {
    setFilters(next);
    setFiltersOpen(false);
    void load(() => matchmaker().beatPlay(filterRequest(next)));
  };

  const changeTagOption = (next: boolean) => {
    if (next) tag.prime();
    setTagOn(next);
  };

  const inert = status !== 'ready' || !playback.started || busy;
  const filtering = { filters, filtersOpen, setFiltersOpen, applyFilters };
  const previewTag = { supported: tagSupported, on: tagOn, change: changeTagOption };
  return { ...feed, ...opening, playback, inert, togglePlay, choose, filtering, previewTag };
}

export type Player = ReturnType<typeof usePlayer>;
