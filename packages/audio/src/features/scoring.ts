// Shapes the descriptive rules are written in (ramps and bells over measured features, in 0..1) and how
// a field's scores become its best-first tag list.
import type { ScoredTag } from '../dna';
import { RULE_TRUST } from './learnedEvidence';

export const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
export const ramp = (x: number, from: number, to: number) => clamp01((x - from) / (to - from));
export const bell = (x: number, centre: number, width: number) =>
  Math.exp(-0.5 * ((x - centre) / width) ** 2);
export const logBell = (bpm: number, centre: number, octaves: number) =>
  bell(Math.log2(bpm / centre), 0, octaves);

/** A list's floor for rules' scores: the old floors, scaled like the scores (× RULE_TRUST). */
export const ruleFloor = (x: number) => x * RULE_TRUST;

const round2 = (x: number) => Math.round(clamp01(x) * 100) / 100;

/** Top `count` entries with score ≥ `floor`, always at least one. */
export function top<T extends string>(scores: Record<T, number>, count: number, floor = 0.2): ScoredTag<T>[] {
  const sorted = (Object.entries(scores) as [T, number][])
    .map(([tag, score]) => ({ tag, score: round2(score) }))
    .sort((a, b) => b.score - a.score);
  const kept = sorted.filter((t, i) => i < count && t.score >= floor);
  return kept.length ? kept : sorted.slice(0, 1);
}

/** A rules-only field: its scores capped at RULE_TRUST, so no rule reads surer than the tagger can make it. */
export function heuristic<T extends string>(scores: Record<T, number>): Record<T, number> {
  return Object.fromEntries(
    (Object.entries(scores) as [T, number][]).map(([tag, score]) => [tag, RULE_TRUST * clamp01(score)]),
  ) as Record<T, number>;
}
