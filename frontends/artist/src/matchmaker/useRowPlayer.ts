import { useCallback, useEffect, useRef, useState } from 'react';
import { matchmaker } from './client';

/**
 * One audio element for a list of beats (spec §4 Play): clicking a row plays its beat; clicking it
 * again clears the source and stops. Each start is recorded as a play (add_play).
 */
export function useRowPlayer(onError: (error: unknown) => void) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const stop = useCallback(() => {
    const element = audio.current;
    if (element) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
    setPlayingId(null);
  }, []);

  const toggle = useCallback(
    (beatId: string, audioSrc: string) => {
      if (playingId === beatId) {
        stop();
        return;
      }
      audio.current ??= new Audio();
      const element = audio.current;
      element.loop = true;
      element.src = audioSrc;
      setPlayingId(beatId);
      element.play().then(
        () => void matchmaker().addPlay(audioSrc).catch(onError),
        () => setPlayingId((current) => (current === beatId ? null : current)),
      );
    },
    [playingId, stop, onError],
  );

  return { playingId, toggle, stop };
}
