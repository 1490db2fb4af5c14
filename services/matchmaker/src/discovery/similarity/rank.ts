import type { PoolBeat } from '../../beats/beat';
import { KEY_SCORES, keyRelation, parseKey, voiceFit } from './compatibility';
import { packBeats, packKey, tailNorm, unpackKey, wordMask, type PackedBeats } from './packed';
import { scanRows, TopScores, type RowFilter, type ScanQuery } from './scan';
import type { RankedBeat, ReferenceSound, SimilarityFilters } from './types';
import { whyLine } from './why';

export interface RankOptions {
  filters?: SimilarityFilters;
  limit: number;
  excludeBeatIds?: ReadonlySet<string>;
  /** How much each part counts (default WEIGHTS). */
  weights?: Readonly<Record<keyof typeof WEIGHTS, number>>;
}

/**
 * How much each part of the likeness counts, before parts the reference does not state are left out
 * (the rest share the whole). The embedding carries most of it; tempo and key are what an artist
 * hears first when a beat does not fit a song.
 */
export const WEIGHTS = { embedding: 0.6, tempo: 0.15, key: 0.15, voice: 0.05, tags: 0.05 } as const;

/** The scan's per-reference lookups: each packed key's and voice's score and the words, built once. */
function scanQuery(
  reference: ReferenceSound,
  packed: PackedBeats,
  weights: RankOptions['weights'],
): ScanQuery {
  const key = parseKey(reference.musicalKey);
  const keyScores = new Float32Array(25);
  for (let packedKey = 0; packedKey < 24; packedKey++) {
    keyScores[packedKey + 1] = key ? KEY_SCORES[keyRelation(unpackKey(packedKey)!, key)] : 0;
  }
  const voiceScores = new Float32Array(3);
  if (reference.hasVoice !== null)
    for (const voice of [-1, 0, 1]) {
      voiceScores[voice + 1] = voiceFit(voice < 0 ? null : voice === 1, reference.hasVoice);
    }
  const words = new Set([...(reference.genres ?? []), ...(reference.moods ?? [])]);
  const vector =
    reference.embedding.length === packed.dimensions ? Float32Array.from(reference.embedding) : null;
  const weight = weights ?? WEIGHTS;
  const parts = {
    embedding: vector ? weight.embedding : 0,
    tempo: reference.bpm ? weight.tempo : 0,
    key: key ? weight.key : 0,
    voice: reference.hasVoice !== null ? weight.voice : 0,
    tags: words.size ? weight.tags : 0,
  };
  return {
    vector,
    vectorTailNorm: vector ? tailNorm(vector, 0, packed.headDimensions, packed.dimensions) : 0,
    logReference: reference.bpm ? Math.log(reference.bpm) : 0,
    keyScores,
    voiceScores,
    referenceWords: wordMask(packed, words),
    referenceWordCount: words.size,
    weights: parts,
    total: parts.embedding + parts.tempo + parts.key + parts.voice + parts.tags || 1,
  };
}

/** The explicit filters in the scan's packed form; null when there are none. */
function rowFilter(filters: SimilarityFilters | undefined, packed: PackedBeats): RowFilter | null {
  if (!filters) return null;
  const { genres, keys, bpmMin, bpmMax, vocals } = filters;
  let keyMask: Uint8Array | null = null;
  if (keys?.length) {
    keyMask = new Uint8Array(25);
    for (const name of keys) keyMask[packKey(parseKey(name)) + 1] = 1;
  }
  return {
    bpmMin: bpmMin ?? Number.NEGATIVE_INFINITY,
    bpmMax: bpmMax ?? Number.POSITIVE_INFINITY,
    keys: keyMask,
    vocals: vocals ?? null,
    genres: genres?.length ? wordMask(packed, genres) : null,
  };
}

/**
 * Ranks candidates already packed in `packed` (their vectors in the query's space). rankSimilar packs
 * the DNA embeddings; text search packs its sentence vectors and calls this with the text's vector.
 */
export function rankPacked(
  candidates: readonly PoolBeat[],
  packed: PackedBeats,
  reference: ReferenceSound,
  options: RankOptions,
): RankedBeat[] {
  if (options.limit <= 0) return [];
  const top = new TopScores(options.limit);
  const exclude = options.excludeBeatIds;
  const isExcluded = exclude?.size ? (row: number) => exclude.has(candidates[row]!.beatId) : () => false;
  scanRows(
    packed,
    scanQuery(reference, packed, options.weights),
    rowFilter(options.filters, packed),
    top,
    isExcluded,
  );
  return top.rows.map((row, index) => ({
    beat: candidates[row]!,
    score: top.scores[index]!,
    why: whyLine(candidates[row]!, reference),
  }));
}

/**
 * The best beats for a reference sound: DNA embedding cosine blended with tempo, key, voice and shared
 * tags, within the filters, each with its one-line why. `candidates`: the pool's playable active beats
 * (BeatPool.activePlayable), whose packed form is cached while the array stays the same.
 */
export function rankSimilar(
  candidates: readonly PoolBeat[],
  reference: ReferenceSound,
  options: RankOptions,
): RankedBeat[] {
  const dimensions =
    reference.embedding.length || candidates.find((beat) => beat.embedding.length)?.embedding.length || 0;
  return rankPacked(candidates, packBeats(candidates, dimensions), reference, options);
}
