// Meter from accent periodicity: beat-synchronous accents (kick, snare/body, harmonic change) are
// grouped by bar position for 3 and 4 beats per bar; the grouping that explains more of their
// variance (chance-corrected) wins. 2/4 grouping counts as evidence for 4/4. Heuristic for music
// without drums or chord changes (its confidence is then low).
import type { TimeSignature } from '../dna';

export interface BeatAccents {
  /** Per-beat feature vectors (e.g. kick strength, snare strength, harmonic change), one row per beat. */
  rows: number[][];
}

export interface MeterEstimate {
  timeSignature: TimeSignature;
  confidence: number;
  /** Index (0..beatsPerBar-1) of the beat phase that starts bars. */
  downbeatPhase: number;
  beatsPerBar: 3 | 4;
}

/** Chance-corrected share of variance explained by grouping rows by i mod m (epsilon squared). */
function explainedVariance(values: number[], m: number): { score: number; bestPhase: number } {
  const n = values.length;
  if (n < 2 * m + 2) return { score: 0, bestPhase: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const total = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  if (total <= 1e-12) return { score: 0, bestPhase: 0 };
  const sums = new Array<number>(m).fill(0);
  const counts = new Array<number>(m).fill(0);
  values.forEach((v, i) => {
    sums[i % m]! += v;
    counts[i % m]!++;
  });
  let between = 0;
  let bestPhase = 0;
  let bestMean = -Infinity;
  for (let phase = 0; phase < m; phase++) {
    const groupMean = sums[phase]! / counts[phase]!;
    between += counts[phase]! * (groupMean - mean) ** 2;
    if (groupMean > bestMean) {
      bestMean = groupMean;
      bestPhase = phase;
    }
  }
  const within = total - between;
  const epsilon = (between - (m - 1) * (within / (n - m))) / total;
  return { score: Math.max(0, epsilon), bestPhase };
}

export function estimateMeter(accents: BeatAccents, weights: number[]): MeterEstimate {
  const features = weights.length;
  let score3 = 0;
  let score4 = 0;
  const phaseVotes3 = new Array<number>(3).fill(0);
  const phaseVotes4 = new Array<number>(4).fill(0);
  for (let f = 0; f < features; f++) {
    const column = accents.rows.map((row) => row[f] ?? 0);
    const three = explainedVariance(column, 3);
    const four = explainedVariance(column, 4);
    const two = explainedVariance(column, 2);
    const w = weights[f]!;
    score3 += w * three.score;
    score4 += w * Math.max(four.score, two.score);
    phaseVotes3[three.bestPhase]! += w * three.score;
    phaseVotes4[four.bestPhase]! += w * four.score;
  }
  // A small bias to 4/4, by far the commonest meter in beats.
  const threes = score3 > 1.15 * score4 + 0.01;
  const beatsPerBar = threes ? 3 : 4;
  const votes = threes ? phaseVotes3 : phaseVotes4;
  const downbeatPhase = votes.indexOf(Math.max(...votes));
  const total = score3 + score4;
  const confidence = total > 0 ? Math.min(1, Math.abs(score3 - score4) / total + Math.min(0.3, total)) : 0;
  return { timeSignature: threes ? '3/4' : '4/4', confidence, downbeatPhase, beatsPerBar };
}
