import type { ManagedBeat } from '@beatmatch/contracts';
import { beatPlayUrl } from '@beatmatch/frontend-common/sdk';
import { useRef, useState } from 'react';

/** One hidden <audio> for the list: Play on a row plays its beat, again stops it. */
export function useBeatPreview() {
  const [playing, setPlaying] = useState<string>();
  const audio = useRef<HTMLAudioElement>(null);

  const togglePlay = (beat: Pick<ManagedBeat, 'beatId'>) => {
    const element = audio.current;
    if (!element) return;
    if (playing === beat.beatId) {
      element.pause();
      element.removeAttribute('src');
      element.load();
      setPlaying(undefined);
      return;
    }
    element.src = beatPlayUrl(beat.beatId);
    setPlaying(beat.beatId);
    element.play().catch(() => setPlaying(undefined));
  };

  const ended = () => setPlaying(undefined);
  return { audio, playing, togglePlay, ended };
}
