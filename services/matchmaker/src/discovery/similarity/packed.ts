import type { PoolBeat } from '../../beats/beat';
import { parseKey, type ParsedKey } from './compatibility';

/**
 * The candidates' facts packed for a scan: embeddings in two Float32Arrays (every row's head, then
 * every row's tail), parsed keys, tempi, voices and words in typed arrays. Built once per candidates array: the pool hands out the same array
 * until a beat changes, so a scan over 100,000 beats reads contiguous memory and parses nothing.
 */
export interface PackedBeats {
  dimensions: number;
  /** Where the scan checks a row's partial dot product: half the dimensions, a multiple of four. */
  headDimensions: number;
  /** Row r's first headDimensions numbers at r · headDimensions: the part every row's scan reads. */
  heads: Float32Array;
  /**
   * Row r's other numbers at r · (dimensions − headDimensions), apart, so that a row the head rules out
   * costs no memory traffic for its tail.
   */
  tails: Float32Array;
  /** Each row's tail's length: bounds what the rest of its dot product can add. */
  tailNorms: Float32Array;
  /** 0 … 11 the key's place on the circle of fifths, +12 when minor; -1 unknown. */
  keys: Int8Array;
  bpms: Float64Array;
  /** ln(bpm) (NaN for an unknown tempo): the scan's tempo fit is one subtraction. */
  logBpms: Float64Array;
  /** 1 voice, 0 none, -1 unknown. */
  voices: Int8Array;
  /**
   * Each beat's genre, mood and tag words (in that order, repeats kept) as numbers in `vocabulary`:
   * row r's are wordIds[wordStarts[r] … wordStarts[r + 1]), its first genreCounts[r] its genres. The
   * scan counts shared words and checks the genre filter without touching the beat's strings.
   */
  vocabulary: ReadonlyMap<string, number>;
  wordStarts: Int32Array;
  wordIds: Int32Array;
  genreCounts: Uint16Array;
}

/** The beats' words numbered (see PackedBeats.vocabulary). */
function packWords(candidates: readonly PoolBeat[]) {
  const vocabulary = new Map<string, number>();
  const wordStarts = new Int32Array(candidates.length + 1);
  const genreCounts = new Uint16Array(candidates.length);
  const ids: number[] = [];
  const add = (word: string) => {
    let id = vocabulary.get(word);
    if (id === undefined) vocabulary.set(word, (id = vocabulary.size));
    ids.push(id);
  };
  candidates.forEach((beat, row) => {
    beat.genres.forEach(add);
    genreCounts[row] = beat.genres.length;
    beat.moods.forEach(add);
    beat.tags.forEach(add);
    wordStarts[row + 1] = ids.length;
  });
  return { vocabulary, wordStarts, wordIds: Int32Array.from(ids), genreCounts };
}

/** A mask over the packed vocabulary: 1 for each of `words` the beats use. */
export function wordMask(packed: PackedBeats, words: Iterable<string>): Uint8Array {
  const mask = new Uint8Array(packed.vocabulary.size);
  for (const word of words) {
    const id = packed.vocabulary.get(word);
    if (id !== undefined) mask[id] = 1;
  }
  return mask;
}

const headDimensionsOf = (dimensions: number) => Math.floor(dimensions / 8) * 4;

/** The length of `values[offset + from … offset + dimensions)`, rounded up a little (a safe bound). */
export function tailNorm(values: ArrayLike<number>, offset: number, from: number, dimensions: number) {
  let sum = 0;
  for (let i = from; i < dimensions; i++) sum += values[offset + i]! * values[offset + i]!;
  return Math.sqrt(sum) * (1 + 1e-6);
}

const packedByCandidates = new WeakMap<readonly PoolBeat[], PackedBeats>();

export const packKey = (key: ParsedKey | null) => (key ? key.tonic + (key.minor ? 12 : 0) : -1);

/** The key packKey packed. */
export function unpackKey(packed: number): ParsedKey | null {
  if (packed < 0) return null;
  const minor = packed >= 12;
  const tonic = packed % 12;
  return { tonic, minor, place: minor ? (tonic + 9) % 12 : tonic };
}

/** Packs `vectorOf` each beat (the DNA embedding unless told otherwise); cached for the array. */
export function packBeats(
  candidates: readonly PoolBeat[],
  dimensions: number,
  vectorOf: (beat: PoolBeat) => ArrayLike<number> = (beat) => beat.embedding,
  cache: WeakMap<readonly PoolBeat[], PackedBeats> = packedByCandidates,
): PackedBeats {
  const cached = cache.get(candidates);
  if (cached && cached.dimensions === dimensions) return cached;
  const count = candidates.length;
  const head = headDimensionsOf(dimensions);
  const packed: PackedBeats = {
    dimensions,
    headDimensions: head,
    heads: new Float32Array(count * head),
    tails: new Float32Array(count * (dimensions - head)),
    tailNorms: new Float32Array(count),
    keys: new Int8Array(count),
    bpms: new Float64Array(count),
    logBpms: new Float64Array(count),
    voices: new Int8Array(count),
    ...packWords(candidates),
  };
  for (let row = 0; row < count; row++) {
    const beat = candidates[row]!;
    const vector = vectorOf(beat);
    // A beat whose vector has another size (an older DNA version) scores 0 on similarity.
    if (vector.length === dimensions) {
      packed.heads.set(Array.prototype.slice.call(vector, 0, head), row * head);
      packed.tails.set(Array.prototype.slice.call(vector, head), row * (dimensions - head));
      packed.tailNorms[row] = tailNorm(vector, 0, head, dimensions);
    }
    packed.keys[row] = packKey(parseKey(beat.musicalKey));
    packed.bpms[row] = beat.bpm;
    packed.logBpms[row] = beat.bpm > 0 ? Math.log(beat.bpm) : Number.NaN;
    packed.voices[row] = beat.hasVoice === null ? -1 : beat.hasVoice ? 1 : 0;
  }
  cache.set(candidates, packed);
  return packed;
}
