// A fixed-length (EMBEDDING_DIMENSIONS = 64), L2-normalised descriptor for nearest-neighbour search:
// timbre (MFCC mean/std), harmony (chroma), tempo (a soft log-tempo code), rhythm, loudness and the
// affect scalars. Each group is scaled by fixed constants (not fitted to a corpus) and weighted, so
// cosine similarity mixes "sounds alike", "same key/harmony" and "same tempo/feel". Heuristic design.
import { EMBEDDING_DIMENSIONS, type Loudness } from '../dna';
import type { RhythmSummary } from './cues';
import type { Description } from './describe';
import type { TimbreSummary } from './timbre';
import type { KeyEstimate } from './key';

const TEMPO_CENTRES = 8;

export function buildEmbedding(
  timbre: TimbreSummary,
  rhythm: RhythmSummary,
  key: KeyEstimate,
  loudness: Loudness,
  description: Description,
): number[] {
  const groups: { values: number[]; weight: number }[] = [];
  // Timbre: MFCC means (c0 carries level; scaled down) and spreads.
  groups.push({ values: timbre.mfccMean.map((v, i) => (i === 0 ? v / 20 : v / 3)), weight: 1.2 });
  groups.push({ values: timbre.mfccStd.map((v) => v / 2), weight: 0.6 });
  // Harmony: mean chroma, centred.
  const chromaMean = key.meanChroma.reduce((a, b) => a + b, 0) / 12;
  groups.push({ values: key.meanChroma.map((v) => (v - chromaMean) * 2), weight: 0.9 });
  // Tempo: Gaussian bumps on log2(BPM folded into 60–180), so 90 and 92 are close and 90/180 differ.
  let bpm = rhythm.bpm;
  while (bpm < 60) bpm *= 2;
  while (bpm > 180) bpm /= 2;
  const position = (Math.log2(bpm / 60) / Math.log2(3)) * (TEMPO_CENTRES - 1);
  groups.push({
    values: Array.from({ length: TEMPO_CENTRES }, (_, i) => Math.exp(-0.5 * (position - i) ** 2)),
    weight: 1,
  });
  // Rhythm and feel.
  groups.push({
    values: [
      rhythm.subdivision === 3 ? 1 : 0,
      rhythm.beatsPerBar === 3 ? 1 : 0,
      Math.min(1, timbre.onsetsPerSecond / 8),
      rhythm.confidence,
      rhythm.kickEveryBeat,
      Math.min(1.5, rhythm.offbeatRatio),
    ],
    weight: 0.8,
  });
  // Spectral balance and loudness.
  groups.push({
    values: [
      timbre.subBassShare * 2,
      timbre.lowShare * 2,
      timbre.midShare * 2,
      Math.min(1, timbre.airShare * 10),
      timbre.centroidHz / 2000,
      timbre.flatness * 2,
      (loudness.integratedLufs + 20) / 10,
      loudness.loudnessRangeLu / 10,
    ],
    weight: 0.8,
  });
  // Affect.
  groups.push({
    values: [
      description.valence,
      description.arousal,
      description.energyLevel,
      key.mode === 'major' ? key.confidence : -key.confidence,
    ],
    weight: 0.8,
  });

  const vector: number[] = [];
  for (const { values, weight } of groups) {
    const norm = Math.sqrt(values.reduce((a, v) => a + v * v, 0)) || 1;
    // Each group is normalised then weighted, so no group dominates by its raw scale.
    for (const v of values) vector.push((v / norm) * weight * Math.sqrt(values.length / 8));
  }
  while (vector.length < EMBEDDING_DIMENSIONS) vector.push(0);
  vector.length = EMBEDDING_DIMENSIONS;
  const length = Math.sqrt(vector.reduce((a, v) => a + v * v, 0)) || 1;
  return vector.map((v) => (Number.isFinite(v) ? v / length : 0));
}
