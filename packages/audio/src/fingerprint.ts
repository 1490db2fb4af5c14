// Audio fingerprint (the catalog's stolen-beat guard): spectral peak pairs ("landmarks") over the same
// 11,025 Hz mono analysis signal the DNA engine decodes. A pair of two strong peaks close in time is
// hashed from the two frequencies and their time gap; two recordings of the same audio share many pairs
// at ONE constant time offset, different audio shares few and at scattered offsets. Peak positions do
// not move with the level, with MP3 coding at sane bit rates, with resampling or with a few seconds
// trimmed off either end (only the offset changes).
import FFT from 'fft.js';
import { ANALYSIS_RATE } from './decode/downsampler';
import { decode, type AnalyzeOptions } from './analyzeBytes';
import { DnaError } from './errors';

export const FINGERPRINT_VERSION = 1;
const N = 1024; // 93 ms frames
const HOP = 256; // 23.2 ms
/** Seconds per fingerprint frame (the unit of `times` and of match offsets). */
export const FINGERPRINT_FRAME_SECONDS = HOP / ANALYSIS_RATE;
const LOW_BIN = 4; // 43 Hz
const HIGH_BIN = 372; // 4 kHz: the analysis signal holds nothing above
const FREQ_RADIUS = 12; // a peak is the largest within ±130 Hz ...
const TIME_RADIUS = 8; // ... and ±186 ms
const PEAKS_PER_SECOND = 12;
const FAN_OUT = 4; // pairs per anchor peak
const MAX_DT = 63; // frames (1.46 s)
const MAX_DK = 127; // bins

export interface Fingerprint {
  version: number;
  /** 22-bit landmark hashes: anchor bin / 2 (8 bits), bin difference / 2 (8 bits), frame gap / 2 (6 bits). */
  hashes: Uint32Array;
  /** The anchor's frame of each hash (FINGERPRINT_FRAME_SECONDS each). */
  times: Uint32Array;
  /** Seconds of audio fingerprinted. */
  seconds: number;
}

/** The strongest local maxima of the whitened log spectrogram, about PEAKS_PER_SECOND of them. */
function spectralPeaks(samples: Float32Array): Array<{ t: number; k: number }> {
  const frames = Math.max(0, Math.floor((samples.length - N) / HOP) + 1);
  const bins = HIGH_BIN - LOW_BIN;
  const spec = new Float32Array(frames * bins);
  const fft = new FFT(N);
  const window = new Float64Array(N);
  for (let i = 0; i < N; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N);
  const input = new Float64Array(N);
  const out = new Float64Array(2 * N);
  let maxPower = 0;
  for (let t = 0; t < frames; t++) {
    const start = t * HOP;
    for (let i = 0; i < N; i++) input[i] = samples[start + i]! * window[i]!;
    fft.realTransform(out, input);
    for (let b = 0; b < bins; b++) {
      const k = b + LOW_BIN;
      const power = out[2 * k]! * out[2 * k]! + out[2 * k + 1]! * out[2 * k + 1]!;
      spec[t * bins + b] = power;
      if (power > maxPower) maxPower = power;
    }
  }
  // Log power with a floor 90 dB under the loudest bin: relative to the track, so the gain changes nothing.
  const floor = maxPower * 1e-9 + 1e-30;
  const binMean = new Float64Array(bins);
  for (let t = 0; t < frames; t++)
    for (let b = 0; b < bins; b++) {
      const level = Math.log(spec[t * bins + b]! + floor);
      spec[t * bins + b] = level;
      binMean[b]! += level;
    }
  // Whitening: each bin's mean level over the track is removed, so a bass-heavy mix does not put every
  // peak in the bass and a gain or EQ change moves no peak.
  for (let b = 0; b < bins; b++) binMean[b] = frames ? binMean[b]! / frames : 0;
  for (let t = 0; t < frames; t++) for (let b = 0; b < bins; b++) spec[t * bins + b]! -= binMean[b]!;

  // Separable max filter: along frequency, then along time.
  const freqMax = new Float32Array(frames * bins);
  for (let t = 0; t < frames; t++) {
    const row = t * bins;
    for (let b = 0; b < bins; b++) {
      let best = -Infinity;
      for (let j = Math.max(0, b - FREQ_RADIUS); j <= Math.min(bins - 1, b + FREQ_RADIUS); j++)
        best = Math.max(best, spec[row + j]!);
      freqMax[row + b] = best;
    }
  }
  const candidates: Array<{ t: number; k: number; level: number }> = [];
  for (let t = 0; t < frames; t++) {
    for (let b = 0; b < bins; b++) {
      const level = spec[t * bins + b]!;
      if (level !== freqMax[t * bins + b] || level <= 0) continue;
      let isPeak = true;
      for (let u = Math.max(0, t - TIME_RADIUS); u <= Math.min(frames - 1, t + TIME_RADIUS) && isPeak; u++)
        if (u !== t && freqMax[u * bins + b]! > level) isPeak = false;
      if (isPeak) candidates.push({ t, k: b + LOW_BIN, level });
    }
  }
  // Even density: the strongest peaks of each second.
  const perBlock = PEAKS_PER_SECOND;
  const blockFrames = Math.round(ANALYSIS_RATE / HOP);
  const kept: Array<{ t: number; k: number }> = [];
  let from = 0;
  while (from < candidates.length) {
    const block = Math.floor(candidates[from]!.t / blockFrames);
    let to = from;
    while (to < candidates.length && Math.floor(candidates[to]!.t / blockFrames) === block) to++;
    const strongest = candidates
      .slice(from, to)
      .sort((a, b) => b.level - a.level)
      .slice(0, perBlock);
    kept.push(...strongest.map(({ t, k }) => ({ t, k })));
    from = to;
  }
  return kept.sort((a, b) => a.t - b.t || a.k - b.k);
}

/** The fingerprint of a mono signal at the analysis rate (11,025 Hz). Pure; about 0.1 s per minute. */
export function fingerprintSignal(samples: Float32Array): Fingerprint {
  const peaks = spectralPeaks(samples);
  const hashes: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < peaks.length; i++) {
    const anchor = peaks[i]!;
    let paired = 0;
    for (let j = i + 1; j < peaks.length && paired < FAN_OUT; j++) {
      const target = peaks[j]!;
      const dt = target.t - anchor.t;
      if (dt < 1) continue;
      if (dt > MAX_DT) break;
      const dk = target.k - anchor.k;
      if (Math.abs(dk) > MAX_DK) continue;
      // Halved resolutions: a peak that moves by one bin or one frame (MP3 coding, a trim between two
      // frames) mostly keeps its hash.
      hashes.push(((anchor.k >> 1) << 14) | (((dk + 128) >> 1) << 6) | (dt >> 1));
      times.push(anchor.t);
      paired++;
    }
  }
  return {
    version: FINGERPRINT_VERSION,
    hashes: Uint32Array.from(hashes),
    times: Uint32Array.from(times),
    seconds: samples.length / ANALYSIS_RATE,
  };
}

/** Decodes WAV or MP3 bytes (as the DNA engine does) and fingerprints them, in the calling thread. */
export async function fingerprintInProcess(
  bytes: Uint8Array,
  options: AnalyzeOptions = {},
): Promise<Fingerprint> {
  if (bytes.length === 0) throw new DnaError('UNSUPPORTED_FORMAT', 'The file is empty.');
  const { signal } = await decode(bytes, options);
  return fingerprintSignal(signal.samples);
}

/**
 * When two fingerprints are the same audio: at least this many hashes agree on one time offset (±1
 * frame), and they are at least this share of the shorter fingerprint's hashes.
 */
export const FINGERPRINT_MATCH = { minAligned: 25, minShare: 0.06 } as const;

export interface FingerprintComparison {
  /** Hashes of the two that agree on the best time offset (±1 frame). */
  aligned: number;
  /** aligned / the shorter fingerprint's hash count. */
  share: number;
  /** Where `a` starts in `b`, in seconds (b's time − a's time). */
  offsetSeconds: number;
  match: boolean;
}

/** The best offset of a histogram of (offset → count): the largest sum over three neighbouring offsets. */
export function bestOffset(counts: Map<number, number>): { offset: number; aligned: number } {
  let best = { offset: 0, aligned: 0 };
  for (const offset of counts.keys()) {
    const aligned = (counts.get(offset - 1) ?? 0) + counts.get(offset)! + (counts.get(offset + 1) ?? 0);
    if (aligned > best.aligned) best = { offset, aligned };
  }
  return best;
}

/** Whether `aligned` hashes out of fingerprints of `countA` and `countB` hashes make a match. */
export function isFingerprintMatch(aligned: number, countA: number, countB: number): boolean {
  const shorter = Math.max(1, Math.min(countA, countB));
  return aligned >= FINGERPRINT_MATCH.minAligned && aligned / shorter >= FINGERPRINT_MATCH.minShare;
}

/** Compares two fingerprints (the rule the catalog's SQL index applies to many at once). */
export function compareFingerprints(a: Fingerprint, b: Fingerprint): FingerprintComparison {
  const index = new Map<number, number[]>();
  b.hashes.forEach((hash, i) => {
    const list = index.get(hash);
    if (list) list.push(b.times[i]!);
    else index.set(hash, [b.times[i]!]);
  });
  const counts = new Map<number, number>();
  a.hashes.forEach((hash, i) => {
    for (const t of index.get(hash) ?? []) {
      const offset = t - a.times[i]!;
      counts.set(offset, (counts.get(offset) ?? 0) + 1);
    }
  });
  const { offset, aligned } = bestOffset(counts);
  const shorter = Math.max(1, Math.min(a.hashes.length, b.hashes.length));
  return {
    aligned,
    share: aligned / shorter,
    offsetSeconds: offset * FINGERPRINT_FRAME_SECONDS,
    match: isFingerprintMatch(aligned, a.hashes.length, b.hashes.length),
  };
}
