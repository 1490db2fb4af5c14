// Short-time spectral front end at ANALYSIS_RATE: one pass of 512-point frames (hop 128, 11.6 ms) gives
// the band onset envelopes (spectral flux), a mel spectrogram (timbre, MFCC) and per-frame statistics;
// a second pass of 4096-point frames (hop 2048) gives chroma and bass chroma for key and harmony.
import FFT from 'fft.js';
import { ANALYSIS_RATE, HOP } from '../decode/downsampler';

export const ONSET_FFT = 512;
export const FRAME_RATE = ANALYSIS_RATE / HOP; // ≈ 86.13 frames per second
export const MEL_BANDS = 24;

export interface OnsetFrames {
  frames: number;
  /** Half-wave-rectified log-spectral flux per band: kick (<150 Hz), body (150–2000 Hz), top (2–5.5 kHz), air (>5 kHz). */
  low: Float32Array;
  mid: Float32Array;
  high: Float32Array;
  air: Float32Array;
  /** Frame energy (mean square of the windowed frame). */
  energy: Float32Array;
  /** mel[f * MEL_BANDS + b]: log10 mel-band power. */
  mel: Float32Array;
  /** Linear mel-band power summed over all frames (spectral balance). */
  melPowerSum: Float64Array;
  centroidHz: Float32Array;
  flatness: Float32Array;
}

function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters as (start bin, weights) for a spectrum of `bins` bins. */
function melFilters(bins: number, fftSize: number): { start: number; weights: Float64Array }[] {
  const low = hzToMel(40);
  const high = hzToMel(ANALYSIS_RATE / 2 - 100);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    melToHz(low + ((high - low) * i) / (MEL_BANDS + 1)),
  );
  const binHz = ANALYSIS_RATE / fftSize;
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const [left, centre, right] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    const start = Math.max(0, Math.floor(left / binHz));
    const end = Math.min(bins - 1, Math.ceil(right / binHz));
    const weights = new Float64Array(end - start + 1);
    for (let k = start; k <= end; k++) {
      const f = k * binHz;
      weights[k - start] =
        f <= centre ? Math.max(0, (f - left) / (centre - left)) : Math.max(0, (right - f) / (right - centre));
    }
    return { start, weights };
  });
}

/** Log-compressed flux: per bin below 2 kHz (kick and body need the resolution), per 8-bin group above. */
function bandFlux(
  power: Float64Array,
  previous: Float64Array,
  current: Float64Array,
  lowEnd: number,
  midEnd: number,
): { low: number; mid: number; high: number } {
  const bins = power.length;
  let low = 0;
  let mid = 0;
  let high = 0;
  for (let k = 1; k < midEnd; k++) {
    const compressed = Math.log1p(100 * Math.sqrt(power[k]!));
    current[k] = compressed;
    const rise = compressed - previous[k]!;
    if (rise > 0) {
      if (k < lowEnd) low += rise;
      else mid += rise;
    }
  }
  for (let k = midEnd; k < bins; k += 8) {
    let groupPower = 0;
    const end = Math.min(bins, k + 8);
    for (let j = k; j < end; j++) groupPower += power[j]!;
    const compressed = Math.log1p(100 * Math.sqrt(groupPower / (end - k)));
    current[k] = compressed;
    const rise = compressed - previous[k]!;
    if (rise > 0) high += rise * (end - k);
  }
  return { low, mid, high };
}

/** Spectral centroid (Hz) and flatness of a power spectrum. */
function centroidAndFlatness(power: Float64Array, binHz: number): { centroidHz: number; flatness: number } {
  const bins = power.length;
  let sum = 0;
  let weighted = 0;
  let logSum = 0;
  for (let k = 0; k < bins; k++) {
    const p = power[k]!;
    const magnitude = Math.sqrt(p);
    sum += magnitude;
    weighted += magnitude * k;
    logSum += Math.log(p + 1e-18);
  }
  weighted *= binHz;
  return {
    centroidHz: sum > 1e-9 ? weighted / sum : 0,
    flatness: sum > 1e-9 ? Math.exp(logSum / (2 * bins)) / (sum / bins) : 0,
  };
}

function emptyOnsetFrames(frames: number): OnsetFrames {
  return {
    frames,
    low: new Float32Array(frames),
    mid: new Float32Array(frames),
    high: new Float32Array(frames),
    air: new Float32Array(frames),
    energy: new Float32Array(frames),
    mel: new Float32Array(frames * MEL_BANDS),
    melPowerSum: new Float64Array(MEL_BANDS),
    centroidHz: new Float32Array(frames),
    flatness: new Float32Array(frames),
  };
}

export function onsetFrames(samples: Float32Array, airEnergy: Float32Array, scale: number): OnsetFrames {
  const n = ONSET_FFT;
  const bins = n / 2 + 1;
  const frames = Math.max(0, Math.floor((samples.length - n) / HOP) + 1);
  const fft = new FFT(n);
  const window = hann(n);
  const input = new Float64Array(n);
  const spectrum = new Float64Array(2 * n);
  let previous = new Float64Array(bins);
  let current = new Float64Array(bins);
  const binHz = ANALYSIS_RATE / n;
  const lowEnd = Math.round(150 / binHz);
  const midEnd = Math.round(2000 / binHz);
  const filters = melFilters(bins, n);
  const result = emptyOnsetFrames(frames);
  const power = new Float64Array(bins);
  let previousAir = 0;
  for (let f = 0; f < frames; f++) {
    const offset = f * HOP;
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const v = samples[offset + i]! * scale;
      energy += v * v;
      input[i] = v * window[i]!;
    }
    result.energy[f] = energy / n;
    fft.realTransform(spectrum, input);
    for (let k = 0; k < bins; k++) {
      const re = spectrum[2 * k]!;
      const im = spectrum[2 * k + 1]!;
      power[k] = re * re + im * im;
    }
    const { low, mid, high } = bandFlux(power, previous, current, lowEnd, midEnd);
    if (f > 0) {
      result.low[f] = low;
      result.mid[f] = mid;
      result.high[f] = high;
    }
    // Centroid and flatness change slowly: every 4th frame is enough (and saves a sqrt and a log per bin).
    if (f % 4 === 0) {
      const { centroidHz, flatness } = centroidAndFlatness(power, binHz);
      result.centroidHz[f] = centroidHz;
      result.flatness[f] = flatness;
    } else {
      result.centroidHz[f] = f > 0 ? result.centroidHz[f - 1]! : 0;
      result.flatness[f] = f > 0 ? result.flatness[f - 1]! : 0;
    }
    for (let b = 0; b < MEL_BANDS; b++) {
      const { start, weights } = filters[b]!;
      let acc = 0;
      for (let j = 0; j < weights.length; j++) acc += weights[j]! * power[start + j]!;
      result.mel[f * MEL_BANDS + b] = Math.log10(acc + 1e-10);
      result.melPowerSum[b]! += acc;
    }
    // Air flux: the rise of the (source-rate) energy above 5 kHz, centred on this frame.
    const airIndex = Math.min(airEnergy.length - 1, f + 2);
    const airValue = airIndex >= 0 ? Math.log1p(1e4 * airEnergy[airIndex]! * scale * scale) : 0;
    result.air[f] = f > 0 ? Math.max(0, airValue - previousAir) : 0;
    previousAir = airValue;
    [previous, current] = [current, previous];
  }
  return result;
}

export const CHROMA_FFT = 4096;
const SUPPRESSED_HARMONICS = [3, 5, 6, 7];
/** Weight falls to zero 1/6 semitone (17 cents) from the nearest pitch of the estimated tuning. */
const TUNING_SHARPNESS = 6;
const MAX_PEAKS = 256;
/** Weight of a peak that looks like an overtone of a stronger lower peak (set on the bench: 0.3). */
const HARMONIC_SUPPRESSION = 0.3;
export const CHROMA_HOP = 2048;

export interface ChromaFrames {
  frames: number;
  /** chroma[f * 12 + pc], each frame normalised to max 1 (0 for silent frames). */
  chroma: Float32Array;
  /** Chroma of 40–220 Hz only (the bass line). */
  bass: Float32Array;
  /** Frame level (sum of compressed peak magnitudes) to tell silent frames. */
  level: Float32Array;
  /** Estimated deviation of the recording's tuning from A440, in semitones (-0.5..0.5). */
  tuningSemitones: number;
}

/** Every frame's spectral peaks (up to MAX_PEAKS each): fractional MIDI pitch, weight, and whether in the bass. */
interface SpectralPeaks {
  midi: Float32Array;
  value: Float32Array;
  bass: Uint8Array;
  count: Uint16Array;
  /** Peak-weighted sums of each peak's deviation from A440 as an angle (for the tuning estimate). */
  tuningCos: number;
  tuningSin: number;
}

/** The chroma's bins: 40 Hz to 2.1 kHz, the bass up to 220 Hz. */
interface PeakBins {
  binHz: number;
  firstBin: number;
  lastBin: number;
  bassLast: number;
}

/**
 * Adds frame `f`'s spectral peaks to `peaks`: the partials of notes, not the
 * skirts of the window or broadband noise, each at its interpolated pitch.
 */
function addFramePeaks(magnitude: Float64Array, bins: PeakBins, f: number, peaks: SpectralPeaks): void {
  const { binHz, firstBin, lastBin, bassLast } = bins;
  let count = 0;
  for (let k = firstBin; k <= lastBin && count < MAX_PEAKS; k++) {
    const m = magnitude[k]!;
    if (m <= magnitude[k - 1]! || m < magnitude[k + 1]!) continue;
    let value = Math.log1p(50 * m);
    // A peak that sits at 3, 5, 6 or 7 times a stronger lower peak is most likely that note's overtone
    // (a fifth, major third or minor seventh away in pitch class): count it only weakly.
    for (const h of SUPPRESSED_HARMONICS) {
      const lo = Math.floor(k / h - 1);
      if (lo < firstBin - 1) break;
      if (Math.max(magnitude[lo]!, magnitude[lo + 1]!, magnitude[lo + 2]!) >= 0.5 * m) {
        value *= HARMONIC_SUPPRESSION;
        break;
      }
    }
    // The peak's true frequency by parabolic interpolation of log magnitudes: bins are 2.7 Hz wide,
    // most of a semitone in the bass.
    const left = Math.log(magnitude[k - 1]! + 1e-12);
    const centre = Math.log(m + 1e-12);
    const right = Math.log(magnitude[k + 1]! + 1e-12);
    const curvature = left - 2 * centre + right;
    const shift = curvature < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / curvature)) : 0;
    const midi = 69 + 12 * Math.log2(((k + shift) * binHz) / 440);
    const at = f * MAX_PEAKS + count;
    peaks.midi[at] = midi;
    peaks.value[at] = value;
    peaks.bass[at] = k <= bassLast ? 1 : 0;
    count++;
    const angle = 2 * Math.PI * (midi - Math.round(midi));
    peaks.tuningCos += value * Math.cos(angle);
    peaks.tuningSin += value * Math.sin(angle);
  }
  peaks.count[f] = count;
}

/** Pass 1 of the chroma: every frame's spectral peaks. */
function spectralPeaks(samples: Float32Array, scale: number, frames: number): SpectralPeaks {
  const n = CHROMA_FFT;
  const bins = n / 2 + 1;
  const fft = new FFT(n);
  const window = hann(n);
  const input = new Float64Array(n);
  const spectrum = new Float64Array(2 * n);
  const magnitude = new Float64Array(bins);
  const binHz = ANALYSIS_RATE / n;
  const peakBins: PeakBins = {
    binHz,
    firstBin: Math.floor(40 / binHz),
    lastBin: Math.ceil(2100 / binHz),
    bassLast: Math.ceil(220 / binHz),
  };
  const { firstBin, lastBin } = peakBins;
  const peaks: SpectralPeaks = {
    midi: new Float32Array(frames * MAX_PEAKS),
    value: new Float32Array(frames * MAX_PEAKS),
    bass: new Uint8Array(frames * MAX_PEAKS),
    count: new Uint16Array(frames),
    tuningCos: 0,
    tuningSin: 0,
  };
  for (let f = 0; f < frames; f++) {
    const offset = f * CHROMA_HOP;
    for (let i = 0; i < n; i++) input[i] = samples[offset + i]! * scale * window[i]!;
    fft.realTransform(spectrum, input);
    for (let k = firstBin - 1; k <= lastBin + 1; k++) {
      const re = spectrum[2 * k]!;
      const im = spectrum[2 * k + 1]!;
      magnitude[k] = Math.sqrt(re * re + im * im);
    }
    addFramePeaks(magnitude, peakBins, f, peaks);
  }
  return peaks;
}

/** Pass 2 of the chroma: the peaks near a pitch of the recording's tuning, folded into pitch classes. */
function chromaFromPeaks(peaks: SpectralPeaks, frames: number, tuningSemitones: number): ChromaFrames {
  const result: ChromaFrames = {
    frames,
    chroma: new Float32Array(frames * 12),
    bass: new Float32Array(frames * 12),
    level: new Float32Array(frames),
    tuningSemitones,
  };
  const frameChroma = new Float64Array(12);
  const frameBass = new Float64Array(12);
  for (let f = 0; f < frames; f++) {
    frameChroma.fill(0);
    frameBass.fill(0);
    let level = 0;
    for (let at = f * MAX_PEAKS; at < f * MAX_PEAKS + peaks.count[f]!; at++) {
      // Tuned partials sit near a pitch of the recording's tuning; drum sweeps and noise land anywhere.
      const midi = peaks.midi[at]! - tuningSemitones;
      const nearest = Math.round(midi);
      const tuned = 1 - TUNING_SHARPNESS * Math.abs(midi - nearest);
      if (tuned <= 0) continue;
      const value = peaks.value[at]! * tuned;
      const pc = ((nearest % 12) + 12) % 12;
      frameChroma[pc]! += value;
      if (peaks.bass[at]) frameBass[pc]! += value;
      level += value;
    }
    result.level[f] = level;
    let maxChroma = 0;
    let maxBass = 0;
    for (let pc = 0; pc < 12; pc++) {
      maxChroma = Math.max(maxChroma, frameChroma[pc]!);
      maxBass = Math.max(maxBass, frameBass[pc]!);
    }
    for (let pc = 0; pc < 12; pc++) {
      result.chroma[f * 12 + pc] = maxChroma > 0 ? frameChroma[pc]! / maxChroma : 0;
      result.bass[f * 12 + pc] = maxBass > 0 ? frameBass[pc]! / maxBass : 0;
    }
  }
  return result;
}

export function chromaFrames(samples: Float32Array, scale: number): ChromaFrames {
  const frames = Math.max(0, Math.floor((samples.length - CHROMA_FFT) / CHROMA_HOP) + 1);
  // Pass 1 keeps every spectral peak (fractional MIDI pitch, weight, bass flag); pass 2 turns them into
  // chroma once the recording's tuning is known.
  const peaks = spectralPeaks(samples, scale, frames);
  // Tuning: the weighted circular mean of every peak's deviation from A440 equal temperament.
  const { tuningCos, tuningSin } = peaks;
  const tuningSemitones =
    tuningCos === 0 && tuningSin === 0 ? 0 : Math.atan2(tuningSin, tuningCos) / (2 * Math.PI);
  return chromaFromPeaks(peaks, frames, tuningSemitones);
}
