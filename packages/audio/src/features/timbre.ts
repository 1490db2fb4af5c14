// The timbre summary: spectral balance, mel and MFCC statistics, onset density and the energy
// trajectory of a track, from the onset pass's per-frame features (spectral.ts). The descriptive rules
// (describe.ts) and the embedding (embedding.ts) read it.
import { FRAME_RATE, MEL_BANDS, type OnsetFrames } from './spectral';
import { clamp01 } from './scoring';

export interface TimbreSummary {
  melMean: number[];
  melStd: number[];
  mfccMean: number[];
  mfccStd: number[];
  centroidHz: number;
  centroidSpread: number;
  flatness: number;
  subBassShare: number;
  lowShare: number;
  midShare: number;
  highShare: number;
  airShare: number;
  onsetsPerSecond: number;
  /** dB per minute of the loudness trend (positive = building). */
  energySlope: number;
  /** Standard deviation of 2 s loudness, dB. */
  energySpread: number;
  /** Relative change of brightness and harmony between the thirds of the track (0..1). */
  contrast: number;
}

const DCT = Array.from({ length: 13 }, (_, k) =>
  Array.from(
    { length: MEL_BANDS },
    (_, i) => Math.cos((Math.PI * k * (i + 0.5)) / MEL_BANDS) * Math.sqrt(2 / MEL_BANDS),
  ),
);

function dct(values: number[], count: number): number[] {
  return DCT.slice(0, count).map((row) => row.reduce((acc, c, i) => acc + c * values[i]!, 0));
}

/** Frames with sound: energy above -40 dB of the loudest frame. */
function activeFrames(onsets: OnsetFrames): number[] {
  let maxEnergy = 0;
  for (let f = 0; f < onsets.frames; f++) maxEnergy = Math.max(maxEnergy, onsets.energy[f]!);
  const active: number[] = [];
  for (let f = 0; f < onsets.frames; f++) if (onsets.energy[f]! > maxEnergy * 1e-4) active.push(f);
  return active;
}

type FrameStatistics = Pick<
  TimbreSummary,
  'melMean' | 'melStd' | 'mfccMean' | 'mfccStd' | 'centroidHz' | 'centroidSpread' | 'flatness'
>;

/** Means and spreads of the mel bands, MFCCs, spectral centroid and flatness over the active frames. */
function frameStatistics(onsets: OnsetFrames, active: number[]): FrameStatistics {
  const count = Math.max(1, active.length);
  const melMean = new Array<number>(MEL_BANDS).fill(0);
  const melSq = new Array<number>(MEL_BANDS).fill(0);
  const mfccSum = new Array<number>(13).fill(0);
  const mfccSq = new Array<number>(13).fill(0);
  let centroid = 0,
    centroidSq = 0,
    flatness = 0;
  const row = new Array<number>(MEL_BANDS).fill(0);
  // Every 4th active frame is plenty for timbre statistics and keeps the DCT cheap.
  for (let j = 0; j < active.length; j++) {
    const f = active[j]!;
    for (let b = 0; b < MEL_BANDS; b++) {
      const v = onsets.mel[f * MEL_BANDS + b]!;
      row[b] = v;
      melMean[b]! += v;
      melSq[b]! += v * v;
    }
    if (j % 4 === 0) {
      const c = dct(row, 13);
      for (let k = 0; k < 13; k++) {
        mfccSum[k]! += c[k]!;
        mfccSq[k]! += c[k]! * c[k]!;
      }
    }
    centroid += onsets.centroidHz[f]!;
    centroidSq += onsets.centroidHz[f]! ** 2;
    flatness += onsets.flatness[f]!;
  }
  const mfccCount = Math.max(1, Math.ceil(active.length / 4));
  const meanOf = (sum: number[], n: number) => sum.map((v) => v / n);
  const stdOf = (sum: number[], sq: number[], n: number) =>
    sum.map((v, i) => Math.sqrt(Math.max(0, sq[i]! / n - (v / n) ** 2)));
  const centroidMean = centroid / count;
  return {
    melMean: meanOf(melMean, count),
    melStd: stdOf(melMean, melSq, count),
    mfccMean: meanOf(mfccSum, mfccCount),
    mfccStd: stdOf(mfccSum, mfccSq, mfccCount),
    centroidHz: centroidMean,
    centroidSpread: Math.sqrt(Math.max(0, centroidSq / count - centroidMean ** 2)),
    flatness: flatness / count,
  };
}

/** Share of the high-frequency (>5 kHz) energy in all the energy. */
function airShareOf(onsets: OnsetFrames, airEnergy: Float32Array, scale: number): number {
  let airSum = 0;
  for (let i = 0; i < airEnergy.length; i++) airSum += airEnergy[i]!;
  const airMean = (airSum / Math.max(1, airEnergy.length)) * scale * scale;
  let energyMean = 0;
  for (let f = 0; f < onsets.frames; f++) energyMean += onsets.energy[f]!;
  energyMean /= Math.max(1, onsets.frames);
  return clamp01(airMean / (energyMean + airMean + 1e-12));
}

/** Onset density: peaks of the summed flux above an adaptive threshold, at least 50 ms apart. */
function onsetsPerSecondOf(onsets: OnsetFrames): number {
  const frames = onsets.frames;
  let onsetsFound = 0;
  const flux = new Float32Array(frames);
  for (let f = 0; f < frames; f++) flux[f] = onsets.low[f]! + onsets.mid[f]! + onsets.high[f]!;
  const sortedFlux = Float32Array.from(flux).sort();
  const threshold = (sortedFlux[Math.floor(frames * 0.5)] ?? 0) * 2.5 + 1e-6;
  let last = -100;
  for (let f = 1; f < frames - 1; f++) {
    if (
      flux[f]! > threshold &&
      flux[f]! >= flux[f - 1]! &&
      flux[f]! >= flux[f + 1]! &&
      f - last > FRAME_RATE * 0.05
    ) {
      onsetsFound++;
      last = f;
    }
  }
  const seconds = frames / FRAME_RATE;
  return onsetsFound / Math.max(1, seconds);
}

/** Energy trajectory over 2 s windows: its trend (dB per minute) and its spread (dB). */
function energyTrajectory(onsets: OnsetFrames): { slope: number; spread: number } {
  const windowFrames = Math.round(FRAME_RATE * 2);
  const levels: number[] = [];
  for (let start = 0; start + windowFrames <= onsets.frames; start += windowFrames) {
    let e = 0;
    for (let f = start; f < start + windowFrames; f++) e += onsets.energy[f]!;
    levels.push(10 * Math.log10(e / windowFrames + 1e-12));
  }
  if (levels.length < 3) return { slope: 0, spread: 0 };
  const mean = levels.reduce((a, b) => a + b, 0) / levels.length;
  const mid = (levels.length - 1) / 2;
  let num = 0,
    den = 0;
  levels.forEach((v, i) => {
    num += (i - mid) * (v - mean);
    den += (i - mid) ** 2;
  });
  return {
    slope: (num / den) * 30, // per window of 2 s → per minute
    spread: Math.sqrt(levels.reduce((a, v) => a + (v - mean) ** 2, 0) / levels.length),
  };
}

/** Contrast between thirds: change of mean brightness, relative to the mean centroid. */
function brightnessContrast(onsets: OnsetFrames, centroidMean: number): number {
  const frames = onsets.frames;
  const thirds = [0, 1, 2].map((t) => {
    const from = Math.floor((frames * t) / 3);
    const to = Math.floor((frames * (t + 1)) / 3);
    let c = 0;
    for (let f = from; f < to; f++) c += onsets.centroidHz[f]!;
    return c / Math.max(1, to - from);
  });
  return clamp01((Math.max(...thirds) - Math.min(...thirds)) / (centroidMean + 1e-9));
}

export function summariseTimbre(onsets: OnsetFrames, airEnergy: Float32Array, scale: number): TimbreSummary {
  const statistics = frameStatistics(onsets, activeFrames(onsets));
  const bandPower = Array.from(onsets.melPowerSum);
  const totalPower = bandPower.reduce((a, b) => a + b, 0) || 1;
  // Mel band centres from 40 Hz to 5.4 kHz: bands 0-2 ≈ sub-bass (<120 Hz), 3-6 low, 7-15 mid, 16+ high.
  const share = (from: number, to: number) =>
    bandPower.slice(from, to).reduce((a, b) => a + b, 0) / totalPower;
  const energy = energyTrajectory(onsets);
  return {
    ...statistics,
    subBassShare: share(0, 3),
    lowShare: share(3, 7),
    midShare: share(7, 16),
    highShare: share(16, MEL_BANDS),
    airShare: airShareOf(onsets, airEnergy, scale),
    onsetsPerSecond: onsetsPerSecondOf(onsets),
    energySlope: energy.slope,
    energySpread: energy.spread,
    contrast: brightnessContrast(onsets, statistics.centroidHz),
  };
}
