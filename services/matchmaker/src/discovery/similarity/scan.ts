import { tempoScoreOfLogRatio } from './compatibility';
import type { PackedBeats } from './packed';

/** What one scan compares each packed row with: the reference's lookups, built once per query. */
export interface ScanQuery {
  /** The reference's vector in the rows' space; null when it has none (or of another size). */
  vector: Float32Array | null;
  /** The vector's length past the packed head dimensions (see PackedBeats.tailNorms). */
  vectorTailNorm: number;
  /** ln(the reference's bpm); unused when weights.tempo is 0. */
  logReference: number;
  /** Score of each packed key + 1 (index 0: unknown key). */
  keyScores: Float32Array;
  /** Score of each packed voice + 1. */
  voiceScores: Float32Array;
  /** 1 for each vocabulary word the reference names (its genres and moods). */
  referenceWords: Uint8Array;
  /** How many distinct words the reference names (the shared share's denominator). */
  referenceWordCount: number;
  /** Each part's weight, 0 for a part the reference does not state. */
  weights: { embedding: number; tempo: number; key: number; voice: number; tags: number };
  /** The weights' sum: a score is divided by it. */
  total: number;
}

/** The explicit filters in packed form: a row outside them is skipped before its dot product. */
export interface RowFilter {
  bpmMin: number;
  bpmMax: number;
  /** 1 for each allowed packed key + 1; null: any key. */
  keys: Uint8Array | null;
  /** true: only rows with a voice; false: no row with a voice; null: either. */
  vocals: boolean | null;
  /** 1 for each allowed genre's vocabulary number; null: any genre. */
  genres: Uint8Array | null;
}

/** Covers the rounding of a partial dot product's bound (scores are of order 1). */
const BOUND_SLACK = 1e-6;

/** The `limit` best (row, score) pairs, best first; the first row wins a tie. */
export class TopScores {
  readonly rows: number[] = [];
  readonly scores: number[] = [];
  /** The score a row must beat to enter (−∞ until full). */
  floor = Number.NEGATIVE_INFINITY;
  constructor(private readonly limit: number) {}
  offer(row: number, score: number) {
    let at = this.rows.length < this.limit ? this.rows.length : this.limit - 1;
    while (at > 0 && this.scores[at - 1]! < score) {
      this.rows[at] = this.rows[at - 1]!;
      this.scores[at] = this.scores[at - 1]!;
      at--;
    }
    this.rows[at] = row;
    this.scores[at] = score;
    if (this.rows.length === this.limit) this.floor = this.scores[this.limit - 1]!;
  }
}

function rowPasses(filter: RowFilter, packed: PackedBeats, row: number): boolean {
  const bpm = packed.bpms[row]!;
  if (bpm < filter.bpmMin || bpm > filter.bpmMax) return false;
  if (filter.keys && filter.keys[packed.keys[row]! + 1] !== 1) return false;
  if (filter.vocals !== null && (packed.voices[row] === 1) !== filter.vocals) return false;
  if (!filter.genres) return true;
  const start = packed.wordStarts[row]!;
  const end = start + packed.genreCounts[row]!;
  for (let at = start; at < end; at++) if (filter.genres[packed.wordIds[at]!] === 1) return true;
  return false;
}

/** The share of the reference's words row `row` carries too (repeats count, as the beat lists them). */
function sharedShare(packed: PackedBeats, row: number, query: ScanQuery): number {
  const { wordIds, wordStarts } = packed;
  let shared = 0;
  for (let at = wordStarts[row]!, end = wordStarts[row + 1]!; at < end; at++)
    shared += query.referenceWords[wordIds[at]!]!;
  return Math.min(1, shared / query.referenceWordCount);
}

/**
 * The exact scan: every row's blended score, kept in `top` when it is among the best. It reads only the
 * packed typed arrays (no beat object, string or allocation per row); `isExcluded` is asked only for a
 * row that would enter the top. The musical facts come first (cheap): a row that could not reach the
 * top even with an identical unit vector and every word shared is skipped before its dot product.
 */
export function scanRows(
  packed: PackedBeats,
  query: ScanQuery,
  filter: RowFilter | null,
  top: TopScores,
  isExcluded: (row: number) => boolean,
): void {
  const { heads, tails, tailNorms, logBpms, keys, voices, dimensions: dims, headDimensions: head } = packed;
  const tail = dims - head;
  const { vector, vectorTailNorm, logReference, keyScores, voiceScores, total } = query;
  const { embedding: wEmbedding, tempo: wTempo, key: wKey, voice: wVoice, tags: wTags } = query.weights;
  const rows = packed.bpms.length;
  const lanes = dims - (dims % 4);
  // The top's floor, and in unnormalised form, change only when a row enters the top.
  let topFloor = top.floor;
  let floor = topFloor * total;
  for (let row = 0; row < rows; row++) {
    let score = 0;
    if (wTempo) {
      const tempo = tempoScoreOfLogRatio(logBpms[row]! - logReference);
      if (tempo > 0) score += wTempo * tempo;
    }
    if (wKey) score += wKey * keyScores[keys[row]! + 1]!;
    if (wVoice) score += wVoice * voiceScores[voices[row]! + 1]!;
    if (score + wEmbedding + wTags <= floor) continue;
    if (filter && !rowPasses(filter, packed, row)) continue;
    if (vector) {
      // The dot product in four lanes (the hot loop), stopped after the head when even the best the
      // tail could add (Cauchy–Schwarz: the two tails' lengths) would not lift the row into the top.
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      for (let i = 0, at = row * head; i < head; i += 4, at += 4) {
        a += heads[at]! * vector[i]!;
        b += heads[at + 1]! * vector[i + 1]!;
        c += heads[at + 2]! * vector[i + 2]!;
        d += heads[at + 3]! * vector[i + 3]!;
      }
      const reachable = a + b + c + d + tailNorms[row]! * vectorTailNorm + BOUND_SLACK;
      if (score + wEmbedding * reachable + wTags <= floor) continue;
      let i = head;
      for (let at = row * tail; i < lanes; i += 4, at += 4) {
        a += tails[at]! * vector[i]!;
        b += tails[at + 1]! * vector[i + 1]!;
        c += tails[at + 2]! * vector[i + 2]!;
        d += tails[at + 3]! * vector[i + 3]!;
      }
      for (let at = row * tail + (i - head); i < dims; i++, at++) a += tails[at]! * vector[i]!;
      score += wEmbedding * (a + b + c + d);
    }
    // Shared words only where they could lift the row into the top.
    if (wTags && score + wTags > floor) score += wTags * sharedShare(packed, row, query);
    const normalised = score / total;
    if (normalised <= topFloor || isExcluded(row)) continue;
    top.offer(row, normalised);
    topFloor = top.floor;
    floor = topFloor * total;
  }
}
