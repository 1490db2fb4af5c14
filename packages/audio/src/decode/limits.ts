// How many leading bytes of a file the analysis can use: lets the CLI and the worker API avoid reading
// or copying the rest of a long file (a 60-minute WAV is 600+ MB; the engine looks at the first
// MAX_ANALYSED_SECONDS only).
import { MAX_ANALYSED_SECONDS } from '../dna';
import { isWav, readWavLayout } from './wav';
import { looksLikeMp3 } from './mp3';

/** Enough for MAX_ANALYSED_SECONDS of MP3 at 320 kbit/s, with room for tags and free-format streams. */
const MP3_BYTE_LIMIT = 48 * 1024 * 1024;

/** The byte count worth keeping, judged from the file's first bytes (64 KiB is plenty); undefined = all. */
export function analysisByteLimit(head: Uint8Array, sourceLength: number): number | undefined {
  if (isWav(head)) {
    try {
      const layout = readWavLayout(head, sourceLength);
      const frames = Math.ceil(MAX_ANALYSED_SECONDS * layout.format.sampleRate) + 1;
      return Math.min(sourceLength, layout.dataOffset + frames * layout.format.blockAlign);
    } catch {
      return undefined; // headers beyond the head, or broken: let the full decoder decide
    }
  }
  if (looksLikeMp3(head)) return Math.min(sourceLength, MP3_BYTE_LIMIT);
  return undefined;
}
