// Learned tags from musicnn (ISC; src/models/musicnn.ts): two taggers over the same log-mel patches,
// the Million Song Dataset model (Last.fm tags: genres, moods, decades) and the MagnaTagATune model
// (instruments, voice, tempo and loudness words). Both run in one helper thread (taggerWorker.cjs), one
// onnxruntime session per model and analysing thread, created on the first request and reused.
//
// Front end, as musicnn computes it (librosa): 16 kHz mono, 512-point periodic-Hann frames every 256
// samples centred on their sample (zeros beyond the ends), power spectrum, 96 Slaney mel bands (0–8 kHz,
// area-normalised), log10(10000·x + 1); patches of 187 frames (3 s). musicnn averages the tag
// probabilities over every patch of a track; to stay within the speed budget this hears at most
// MAX_PATCHES patches spread evenly over the track (centred in equal parts of it, so intros and
// outros weigh no more than the rest) and averages those.
import FFT from 'fft.js';
import {
  ensureMusicnnOnnx,
  MUSICNN_FFT,
  MUSICNN_HOP,
  MUSICNN_MELS,
  MUSICNN_PATCH_FRAMES,
  MUSICNN_RATE,
} from '../models/musicnn';
import { MSD_LABELS, MTT_LABELS, type MsdTag, type MttTag } from '../models/musicnnLabels';
import { modelThread } from './modelThread';

/** Patches heard per track (3 s each): 8 cost about 0.35 s of CPU for both models (≈ 22 ms a patch each). */
export const MAX_PATCHES = 8;

const BINS = MUSICNN_FFT / 2 + 1;

/** Slaney's mel scale (librosa's default, htk=False): linear to 1 kHz, logarithmic above. */
export function hzToMel(hz: number): number {
  const linear = 200 / 3;
  if (hz < 1000) return hz / linear;
  return 1000 / linear + Math.log(hz / 1000) / (Math.log(6.4) / 27);
}

export function melToHz(mel: number): number {
  const linear = 200 / 3;
  const breakMel = 1000 / linear;
  if (mel < breakMel) return mel * linear;
  return 1000 * Math.exp((Math.log(6.4) / 27) * (mel - breakMel));
}

export interface MelBand {
  /** First FFT bin with a non-zero weight. */
  from: number;
  weights: Float32Array;
}

/** librosa.filters.mel(sr, n_fft, n_mels, fmin 0, fmax sr/2, htk False, norm 'slaney'), sparse. */
export function melFilterbank(rate = MUSICNN_RATE, fftSize = MUSICNN_FFT, bands = MUSICNN_MELS): MelBand[] {
  const bins = fftSize / 2 + 1;
  const maxMel = hzToMel(rate / 2);
  const edges = Array.from({ length: bands + 2 }, (_, i) => melToHz((maxMel * i) / (bands + 1)));
  return Array.from({ length: bands }, (_, m) => {
    const [lo, centre, hi] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const norm = 2 / (hi - lo);
    const row: number[] = [];
    let from = -1;
    for (let k = 0; k < bins; k++) {
      const hz = (k * rate) / fftSize;
      const w = Math.max(0, Math.min((hz - lo) / (centre - lo), (hi - hz) / (hi - centre)));
      if (w > 0 && from < 0) from = k;
      if (from >= 0 && w > 0) row.push(w * norm);
      else if (from >= 0) break;
    }
    return { from: Math.max(0, from), weights: Float32Array.from(row) };
  });
}

const FILTERBANK = melFilterbank();
const WINDOW = Float32Array.from(
  { length: MUSICNN_FFT },
  (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / MUSICNN_FFT),
);

/**
 * Log-mel frames `first … first + count − 1` of a 16 kHz signal (frame f centred on sample f × 256),
 * row-major [count, 96], written into `out` at `offset`.
 */
export function logMelFrames(
  signal: Float32Array,
  first: number,
  count: number,
  out = new Float32Array(count * MUSICNN_MELS),
  offset = 0,
): Float32Array {
  const fft = new FFT(MUSICNN_FFT);
  const frame = new Float32Array(MUSICNN_FFT);
  const spectrum = fft.createComplexArray() as number[];
  const power = new Float32Array(BINS);
  for (let f = 0; f < count; f++) {
    const start = (first + f) * MUSICNN_HOP - MUSICNN_FFT / 2;
    for (let n = 0; n < MUSICNN_FFT; n++) {
      const i = start + n;
      frame[n] = i >= 0 && i < signal.length ? signal[i]! * WINDOW[n]! : 0;
    }
    fft.realTransform(spectrum, frame);
    for (let k = 0; k < BINS; k++) power[k] = spectrum[2 * k]! ** 2 + spectrum[2 * k + 1]! ** 2;
    const row = offset + f * MUSICNN_MELS;
    for (let m = 0; m < MUSICNN_MELS; m++) {
      const { from, weights } = FILTERBANK[m]!;
      let acc = 0;
      for (let j = 0; j < weights.length; j++) acc += weights[j]! * power[from + j]!;
      out[row + m] = Math.log10(10000 * acc + 1);
    }
  }
  return out;
}

/** First frames of the patches heard: centred in equal parts of the track; one (repeated) if it is short. */
export function patchStarts(totalFrames: number, maxPatches = MAX_PATCHES): number[] {
  const count = Math.max(1, Math.min(maxPatches, Math.floor(totalFrames / MUSICNN_PATCH_FRAMES)));
  return Array.from({ length: count }, (_, i) =>
    Math.max(
      0,
      Math.min(
        totalFrames - MUSICNN_PATCH_FRAMES,
        Math.round(((i + 0.5) * totalFrames) / count - MUSICNN_PATCH_FRAMES / 2),
      ),
    ),
  );
}

/** Log-mel patches [count, 187, 96] of a 16 kHz signal. A track shorter than a patch is repeated to fill it. */
export function taggerPatches(signal: Float32Array, maxPatches = MAX_PATCHES): Float32Array {
  const totalFrames = 1 + Math.floor(signal.length / MUSICNN_HOP);
  const patchSize = MUSICNN_PATCH_FRAMES * MUSICNN_MELS;
  if (totalFrames < MUSICNN_PATCH_FRAMES) {
    const frames = logMelFrames(signal, 0, totalFrames);
    const out = new Float32Array(patchSize);
    for (let f = 0; f < MUSICNN_PATCH_FRAMES; f++)
      out.set(
        frames.subarray((f % totalFrames) * MUSICNN_MELS, ((f % totalFrames) + 1) * MUSICNN_MELS),
        f * MUSICNN_MELS,
      );
    return out;
  }
  const starts = patchStarts(totalFrames, maxPatches);
  const out = new Float32Array(starts.length * patchSize);
  starts.forEach((start, p) => logMelFrames(signal, start, MUSICNN_PATCH_FRAMES, out, p * patchSize));
  return out;
}

export interface LearnedTags {
  /** Mean probability of each MSD tag over the patches heard. */
  msd: Record<MsdTag, number>;
  /** Mean probability of each MagnaTagATune tag. */
  mtt: Record<MttTag, number>;
  /** Patches heard (3 s each). */
  patches: number;
}

const tagger = modelThread<
  { modelPath: string; outputs: string[]; frames: number; bands: number; patches: Float32Array },
  { msd: Float32Array; mtt: Float32Array }
>('taggerWorker.cjs', 'Tagger', (reply) => !!(reply.msd && reply.mtt));

/** How many times this thread's tagger sessions were created (once, unless the helper thread died). */
export function taggerModelLoads(): number {
  return tagger.loads();
}

/** Runs both musicnn models over log-mel patches [count, 187, 96]; returns their probabilities [count, 50]. */
export function runTagger(patches: Float32Array): Promise<{ msd: Float32Array; mtt: Float32Array }> {
  return tagger.run({
    modelPath: ensureMusicnnOnnx(),
    outputs: ['MSD_musicnn/probabilities', 'MTT_musicnn/probabilities'],
    frames: MUSICNN_PATCH_FRAMES,
    bands: MUSICNN_MELS,
    patches,
  });
}

function meanOver<T extends string>(labels: readonly T[], probabilities: Float32Array): Record<T, number> {
  const count = probabilities.length / labels.length;
  return Object.fromEntries(
    labels.map((label, j) => {
      let sum = 0;
      for (let p = 0; p < count; p++) sum += probabilities[p * labels.length + j]!;
      return [label, sum / count];
    }),
  ) as Record<T, number>;
}

/**
 * Tags a 16 kHz mono signal (the decoder's wide-band copy) with both musicnn models. BEATMATCH_TAGGER=off
 * turns the tagger off (every field then comes from its rules; see the licence question in the README).
 */
export async function estimateTags(wide: Float32Array, maxPatches = MAX_PATCHES): Promise<LearnedTags> {
  if (process.env.BEATMATCH_TAGGER === 'off') throw new Error('turned off by BEATMATCH_TAGGER=off');
  const patches = taggerPatches(wide, maxPatches);
  const count = patches.length / (MUSICNN_PATCH_FRAMES * MUSICNN_MELS);
  const { msd, mtt } = await runTagger(patches);
  return { msd: meanOver(MSD_LABELS, msd), mtt: meanOver(MTT_LABELS, mtt), patches: count };
}
