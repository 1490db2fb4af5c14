import { useRef, useState } from 'react';

/** One hidden <audio> for a list of snippets: Play on a row plays its beat, again stops it. */
export function useSnippetPlayer() {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string>();

  const toggle = (beat: { beatId: string; audioSrc: string | null }) => {
    const element = audio.current;
    if (!element || !beat.audioSrc) return;
    if (playing === beat.beatId) {
      element.pause();
      setPlaying(undefined);
      return;
    }
    element.src = beat.audioSrc;
    setPlaying(beat.beatId);
    element.play().catch(() => setPlaying(undefined));
  };

  return { audio, playing, toggle, ended: () => setPlaying(undefined) };
}
