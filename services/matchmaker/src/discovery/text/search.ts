import { FILTER_GENRES } from '@beatmatch/contracts';
import type { PoolBeat } from '../../beats/beat';
import {
  keyRelation,
  parseKey,
  rankPacked,
  type RankedBeat,
  type ReferenceSound,
  type SimilarityFilters,
} from '../similarity';
import { KEY_SCORES } from '../similarity/compatibility';
import type { TextIndex } from './textIndex';
import { understand, type QueryUnderstanding } from './understand';
import { evidenceShare, showsAny } from './evidence';
import { feltTempoFit } from './feltTempo';

/**
 * How text search weighs the parts of a likeness: what the text states exactly (tempo, key, voice,
 * genre and mood words) counts more than it does for a reference song, whose DNA embedding says more
 * than a sentence vector of a short text does. Tuned on the even-numbered half of bench/discovery's
 * queries only.
 */
export const TEXT_WEIGHTS = { embedding: 0.5, tempo: 0.15, key: 0.2, voice: 0.05, tags: 0.35 } as const;

/**
 * What the second pass adds to the blend: the share of the text's moods and styles the beat's DNA
 * shows (by the word or its evidence, a style's word counting less on a beat far from the style's
 * tempo), a mode the text names without a tonic ('minor key'), and the tempo and key themselves: a
 * text's tempo is the one the artist feels, so a beat at half or double it (which the first pass
 * counts, as a reference song's detected tempo may be either) fits it less, and a text's key is the key
 * wanted, so a key a fifth away (which the first pass counts, as a reference song mixes with it) fits
 * it less than the key or its relative.
 */
export const TEXT_RERANK = { evidence: 1, mode: 0.1, sameTempo: 0.15, sameKey: 0.2 } as const;

/** The first pass keeps this many candidates (at least) for the second to order. */
const FIRST_PASS = 100;

/** The reference and filters a text states. */
export function textReference(
  understood: QueryUnderstanding,
  vector: Float32Array | null,
): { reference: ReferenceSound; filters: SimilarityFilters } {
  const filters: SimilarityFilters = {};
  if (understood.vocals !== null) filters.vocals = understood.vocals;
  if (understood.bpmRange) [filters.bpmMin, filters.bpmMax] = understood.bpmRange;
  if (understood.excludedGenres.length && !understood.genres.length)
    filters.genres = FILTER_GENRES.filter((genre) => !understood.excludedGenres.includes(genre));
  return {
    reference: {
      embedding: vector ? Array.from(vector) : [],
      bpm: understood.bpm,
      musicalKey: understood.musicalKey,
      hasVoice: understood.vocals,
      genres: understood.genres,
      moods: understood.words,
    },
    filters,
  };
}

/**
 * How well the beat's key is the text's own key: the same key, or its relative (which shares every
 * note, and which key detection confuses with it most often); a fifth away fits a reference song for
 * mixing, not a text that names a key.
 */
function sameKeyFit(beat: PoolBeat, musicalKey: string | null): number {
  const wanted = parseKey(musicalKey);
  const key = parseKey(beat.musicalKey);
  if (!wanted || !key) return 0;
  const relation = keyRelation(key, wanted);
  return relation === 'same' || relation === 'relative' ? KEY_SCORES[relation] : 0;
}

/** 1 when the beat's key is in the mode the text names, else 0. */
const modeFit = (beat: PoolBeat, mode: QueryUnderstanding['mode']) =>
  mode && parseKey(beat.musicalKey)?.minor === (mode === 'minor') ? 1 : 0;

/**
 * The second pass over the first's best: adds the evidence and mode parts, and puts a beat whose DNA
 * names what the text does not want ('no piano', 'not sad') behind the rest.
 */
function rerank(ranked: RankedBeat[], understood: QueryUnderstanding, limit: number): RankedBeat[] {
  const scored = ranked.map((r) => ({
    ...r,
    score:
      r.score +
      TEXT_RERANK.evidence *
        evidenceShare(r.beat, [...understood.genres, ...understood.words], (styleTempo) =>
          feltTempoFit(r.beat, styleTempo),
        ) +
      TEXT_RERANK.mode * modeFit(r.beat, understood.mode) +
      TEXT_RERANK.sameKey * sameKeyFit(r.beat, understood.musicalKey) +
      TEXT_RERANK.sameTempo * feltTempoFit(r.beat, understood.bpm) -
      (showsAny(r.beat, understood.excludedWords) ? 1 : 0),
  }));
  return scored.sort((a, b) => b.score - a.score).slice(0, limit);
}

/**
 * The best beats for a text: the sentence model's likeness of the text to each beat's description,
 * blended with what the text states. `vector`: the text's sentence vector, null when the model is not
 * available (then the stated facts rank alone).
 */
export function searchByText(
  candidates: readonly PoolBeat[],
  index: TextIndex,
  text: string,
  vector: Float32Array | null,
  limit: number,
): RankedBeat[] {
  const understood = understand(text);
  const { reference, filters } = textReference(understood, vector);
  const ranked = rankPacked(candidates, index.pack(candidates), reference, {
    filters,
    limit: Math.max(FIRST_PASS, limit * 3),
    weights: TEXT_WEIGHTS,
  });
  return rerank(ranked, understood, limit);
}
