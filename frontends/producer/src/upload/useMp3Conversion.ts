import { useCallback, useRef, useState } from 'react';
import { decodeWav, defaultSnippet, encodeMp3, type DecodedAudio } from './audio';

/** How a conversion ended: its MP3, or failed, or superseded by a newer one (or a reset) and ignored. */
export type ConversionResult = { mp3: Blob } | 'failed' | 'superseded';

/** The WAV decoded and converted to the 320 kbps MP3 in the worker, with the snippet's region (step 2). */
export function useMp3Conversion() {
  const [audio, setAudio] = useState<DecodedAudio>();
  const [mp3, setMp3] = useState<Blob>();
  const [converting, setConverting] = useState(0);
  const [waveReady, setWaveReady] = useState(false);
  const [region, setRegion] = useState({ start: 60, end: 90 });
  const conversion = useRef(0);

  const convert = useCallback(async (file: File): Promise<ConversionResult> => {
    const run = ++conversion.current;
    setConverting(0);
    try {
      const decoded = await decodeWav(file);
      if (run !== conversion.current) return 'superseded';
      setAudio(decoded);
      setRegion(defaultSnippet(decoded.duration));
      const encoded = await encodeMp3(decoded, (done) => run === conversion.current && setConverting(done));
      if (run !== conversion.current) return 'superseded';
      setConverting(1);
      setMp3(encoded);
      return { mp3: encoded };
    } catch {
      return run === conversion.current ? 'failed' : 'superseded';
    }
  }, []);

  /** Forgets the MP3 and the snippet (a new WAV); a conversion under way is left to finish unseen only on reset. */
  const clear = useCallback(() => {
    setAudio(undefined);
    setMp3(undefined);
    setWaveReady(false);
  }, []);

  /** Drops everything, including a conversion under way. */
  const reset = () => {
    conversion.current++;
    clear();
  };

  const markWaveReady = useCallback(() => setWaveReady(true), []);

  return { audio, mp3, converting, waveReady, region, setRegion, convert, clear, reset, markWaveReady };
}
