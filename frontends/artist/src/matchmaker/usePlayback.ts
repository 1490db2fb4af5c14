import type { PlayerBeat } from '@beatmatch/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The snippet's <audio>: whether it plays, whether the listener has started it, and autoplay after Pass / Match. */
export function usePlayback() {
  const audio = useRef<HTMLAudioElement>(null);
  const playAfterLoad = useRef(false);
  const [playing, setPlaying] = useState(false);
  // Pass and Match work once the listener has started playback (spec §4: "already playing").
  const [started, setStarted] = useState(false);

  /** No beat to play (none left, over the limit, an error): nothing starts on its own either. */
  const halt = useCallback(() => {
    playAfterLoad.current = false;
    setPlaying(false);
  }, []);

  const play = (element: HTMLAudioElement) =>
    element.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );

  /** The listener's Play or Pause on the loaded beat; the first Play also arms Pass and Match. */
  const toggle = (element: HTMLAudioElement) => {
    if (element.paused) {
      setStarted(true);
      playAfterLoad.current = true;
      void play(element);
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  return { audio, playAfterLoad, playing, setPlaying, started, halt, play, toggle };
}

export type Playback = ReturnType<typeof usePlayback>;

/** A new beat's audio starts when it was asked for (after Pass / Match), once the element has it. */
export function usePlayAfterLoad({ audio, playAfterLoad, play }: Playback, beat: PlayerBeat | null) {
  useEffect(() => {
    const element = audio.current;
    if (!element || !beat) return;
    if (playAfterLoad.current) void play(element);
    // Only a new beat starts playback; `play` is the same function of the same element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [beat]);
}
