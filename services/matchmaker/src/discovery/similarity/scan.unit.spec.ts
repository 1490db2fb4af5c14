import { FILTER_GENRES, FILTER_KEYS, type FilterGenre } from '@beatmatch/contracts';
import { gaussian, normalise, seededRandom } from '@beatmatch/testing';
import type { PoolBeat } from '../../beats/beat';
import { poolBeat } from '../text/poolBeat.fixture';
import { keyFit, parseKey, tempoFit, voiceFit } from './compatibility';
import { packBeats } from './packed';
import { rankPacked, rankSimilar, WEIGHTS, type RankOptions } from './rank';
import type { ReferenceSound, SimilarityFilters } from './types';

/*
 * The packed scan (typed arrays, a bound on each row's partial dot product, a bounded top) must rank
 * exactly as the plain definition does: every beat scored pair by pair, sorted, the first `limit`.
 */

const MOODS = ['dark', 'happy', 'tense', 'chill', 'driving'];
const TAGS = ['trap', '808', 'piano', 'guitar', 'dark', 'lofi'];

function randomPool(seed: number, count: number, dims: number): PoolBeat[] {
  const random = seededRandom(seed);
  const normal = gaussian(random);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const some = <T>(values: readonly T[], most: number) =>
    Array.from({ length: Math.floor(random() * (most + 1)) }, () => pick(values));
  return Array.from({ length: count }, (_, i) =>
    poolBeat(`beat-${i}`, {
      genres: some(FILTER_GENRES, 2),
      // Now and then an unknown or unreadable key, an unknown tempo or voice, an older DNA's vector size.
      musicalKey: random() < 0.1 ? pick([null, 'H dorian']) : pick(FILTER_KEYS),
      bpm: random() < 0.05 ? 0 : 60 + random() * 120,
      embedding: normalise(Array.from({ length: random() < 0.03 ? dims / 2 : dims }, normal)),
      hasVoice: random() < 0.1 ? null : random() < 0.3,
      moods: some(MOODS, 3),
      tags: some(TAGS, 3),
    }),
  );
}

function passes(beat: PoolBeat, filters: SimilarityFilters = {}): boolean {
  const { genres, keys, bpmMin, bpmMax, vocals } = filters;
  const key = parseKey(beat.musicalKey);
  return (
    (bpmMin === undefined || beat.bpm >= bpmMin) &&
    (bpmMax === undefined || beat.bpm <= bpmMax) &&
    (!keys?.length || keys.some((name) => JSON.stringify(parseKey(name)) === JSON.stringify(key))) &&
    (vocals !== true || beat.hasVoice === true) &&
    (vocals !== false || beat.hasVoice !== true) &&
    (!genres?.length || beat.genres.some((genre) => genres.includes(genre)))
  );
}

/** The definition: each beat's blended score worked out on its own, in double precision. */
function plainRanking(beats: PoolBeat[], reference: ReferenceSound, options: RankOptions) {
  const dims = reference.embedding.length;
  const words = new Set([...(reference.genres ?? []), ...(reference.moods ?? [])]);
  const key = parseKey(reference.musicalKey);
  const weight = {
    embedding: dims ? WEIGHTS.embedding : 0,
    tempo: reference.bpm ? WEIGHTS.tempo : 0,
    key: key ? WEIGHTS.key : 0,
    voice: reference.hasVoice === null ? 0 : WEIGHTS.voice,
    tags: words.size ? WEIGHTS.tags : 0,
  };
  const total = Object.values(weight).reduce((sum, part) => sum + part, 0) || 1;
  const scoreOf = (beat: PoolBeat) => {
    const dot =
      dims && beat.embedding.length === dims
        ? beat.embedding.reduce((sum, value, i) => sum + value * reference.embedding[i]!, 0)
        : 0;
    const beatWords = [...beat.genres, ...beat.moods, ...beat.tags];
    const share = words.size
      ? Math.min(1, beatWords.filter((word) => words.has(word)).length / words.size)
      : 0;
    return (
      (weight.embedding * dot +
        weight.tempo * (reference.bpm ? tempoFit(beat.bpm, reference.bpm).score : 0) +
        weight.key * keyFit(parseKey(beat.musicalKey), key) +
        weight.voice * (reference.hasVoice === null ? 0 : voiceFit(beat.hasVoice, reference.hasVoice)) +
        weight.tags * share) /
      total
    );
  };
  return beats
    .map((beat, row) => ({ beat, row, score: scoreOf(beat) }))
    .filter(({ beat }) => passes(beat, options.filters) && !options.excludeBeatIds?.has(beat.beatId))
    .sort((a, b) => b.score - a.score || a.row - b.row)
    .slice(0, options.limit);
}

function randomQuery(seed: number, pool: PoolBeat[], dims: number) {
  const random = seededRandom(seed);
  const normal = gaussian(random);
  const chance = (p: number) => random() < p;
  const reference: ReferenceSound = {
    embedding: chance(0.1) ? [] : normalise(Array.from({ length: dims }, normal)),
    bpm: chance(0.1) ? null : 60 + random() * 120,
    musicalKey: chance(0.1) ? null : FILTER_KEYS[Math.floor(random() * 24)]!,
    hasVoice: chance(0.2) ? null : chance(0.5),
    genres: chance(0.5) ? [FILTER_GENRES[Math.floor(random() * FILTER_GENRES.length)]!] : [],
    moods: chance(0.5) ? [MOODS[Math.floor(random() * MOODS.length)]!, 'unheard'] : [],
  };
  const filters: SimilarityFilters | undefined = chance(0.4)
    ? {
        ...(chance(0.4) && { genres: [FILTER_GENRES[0], FILTER_GENRES[1]] as FilterGenre[] }),
        ...(chance(0.3) && { keys: [FILTER_KEYS[Math.floor(random() * 24)]!, 'C major'] }),
        ...(chance(0.4) && { bpmMin: 80, bpmMax: 80 + random() * 80 }),
        ...(chance(0.3) && { vocals: chance(0.5) }),
      }
    : undefined;
  const excludeBeatIds = chance(0.3) ? new Set(pool.slice(0, 400).map((beat) => beat.beatId)) : undefined;
  return { reference, options: { filters, excludeBeatIds, limit: chance(0.2) ? 3 : 20 } };
}

const summary = (ranked: { beat: PoolBeat; score: number }[]) =>
  ranked.map(({ beat, score }) => ({ id: beat.beatId, score: expect.closeTo(score, 6) }));

describe('the packed scan', () => {
  it.each([1, 2, 3, 4, 5])('ranks random pool %i exactly as the plain definition', (seed) => {
    const pool = randomPool(seed, 1500, 64);
    for (let query = 0; query < 20; query++) {
      const { reference, options } = randomQuery(seed * 100 + query, pool, 64);
      const ranked = rankSimilar(pool, reference, options);
      const expected = plainRanking(pool, reference, options);
      expect(ranked.map(({ beat, score }) => ({ id: beat.beatId, score }))).toEqual(summary(expected));
    }
  });

  it('ranks 384-dimension vectors packed apart (text search) exactly as the plain definition', () => {
    const pool = randomPool(9, 1000, 384);
    const vectors = new Map(pool.map((beat) => [beat.beatId, Float32Array.from(beat.embedding)]));
    const packed = packBeats(pool, 384, (beat) => vectors.get(beat.beatId)!, new WeakMap());
    for (let query = 0; query < 10; query++) {
      const { reference, options } = randomQuery(900 + query, pool, 384);
      const ranked = rankPacked(pool, packed, reference, options);
      const asPacked = pool.map((beat) => ({ ...beat, embedding: Array.from(vectors.get(beat.beatId)!) }));
      const expected = plainRanking(asPacked, reference, options).map(({ row, score }) => ({
        beat: pool[row]!,
        score,
      }));
      expect(ranked.map(({ beat, score }) => ({ id: beat.beatId, score }))).toEqual(summary(expected));
    }
  });

  it('returns nothing for a limit of 0', () => {
    const pool = randomPool(10, 50, 64);
    expect(rankSimilar(pool, randomQuery(1, pool, 64).reference, { limit: 0 })).toEqual([]);
  });
});
