// The project's own deterministic beat synthesiser, for unit tests and the DNA bench.
// A clip = a drum pattern at a known tempo and meter (drums.ts) + bass and chords of a progression in a
// known key (harmony.ts), rendered with one of several timbre sets (timbres.ts), plus noise and a loudness
// change. Same spec + seed → same samples.
import type { BarGrid, ClipSpec } from './clipSpec';
import { addDrums } from './drums';
import { addHarmony } from './harmony';
import { timbreSet } from './timbres';

export type { ClipSpec, Feel, Mode } from './clipSpec';
export { EXTRA_TIMBRE_SETS, TIMBRE_SETS, type TimbreSetName } from './timbres';

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RenderedClip {
  samples: Float32Array;
  sampleRate: number;
}

/** Adds white noise `snrDb` below the mix's RMS (none when undefined). */
function addNoise(out: Float32Array, snrDb: number | undefined, random: () => number): void {
  if (snrDb === undefined) return;
  let power = 0;
  for (let i = 0; i < out.length; i++) power += out[i]! * out[i]!;
  const rms = Math.sqrt(power / Math.max(1, out.length));
  const noiseRms = rms / 10 ** (snrDb / 20);
  const scale = noiseRms * Math.sqrt(3);
  for (let i = 0; i < out.length; i++) out[i]! += (random() * 2 - 1) * scale;
}

/** Scales the mix so its peak is at `peakDb` dBFS. */
function normalisePeak(out: Float32Array, peakDb: number): void {
  let peak = 0;
  for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i]!));
  const target = 10 ** (peakDb / 20);
  const gain = peak > 0 ? target / peak : 1;
  for (let i = 0; i < out.length; i++) out[i]! *= gain;
}

export function renderClip(spec: ClipSpec): RenderedClip {
  const rate = spec.sampleRate ?? 44100;
  const random = createRandom(spec.seed);
  const timbre = timbreSet(spec.timbre, random);
  const out = new Float32Array(Math.round(spec.seconds * rate));
  const beatSeconds = 60 / spec.bpm;
  const barSeconds = beatSeconds * spec.beatsPerBar;
  const grid: BarGrid = { beatSeconds, barSeconds, bars: Math.ceil(spec.seconds / barSeconds) };
  // One random stream for the whole clip, drawn in this order: timbre, drums, harmony, noise.
  if (spec.drums !== false) addDrums(out, rate, spec, grid, timbre, random);
  if (spec.harmony !== false) addHarmony(out, rate, spec, grid, timbre, random);
  addNoise(out, spec.snrDb, random);
  normalisePeak(out, spec.peakDb ?? -1);
  return { samples: out, sampleRate: rate };
}

/** A click track: a short 1 kHz blip on every beat (accented downbeat every `beatsPerBar`). */
export function renderClickTrack(
  bpm: number,
  seconds: number,
  sampleRate = 44100,
  beatsPerBar = 4,
): RenderedClip {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const period = 60 / bpm;
  for (let beat = 0; beat * period < seconds; beat++) {
    const start = Math.round(beat * period * sampleRate);
    const level = beat % beatsPerBar === 0 ? 0.9 : 0.5;
    for (let i = 0; i < sampleRate * 0.02 && start + i < out.length; i++) {
      out[start + i] =
        level * Math.sin((2 * Math.PI * 1000 * i) / sampleRate) * Math.exp(-i / (sampleRate * 0.004));
    }
  }
  return { samples: out, sampleRate };
}
