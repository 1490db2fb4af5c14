import { sampleDna } from '@beatmatch/testing';
import type { PoolBeat } from '../beats/beat';
import type { BeatPool } from '../beats/pool';
import { initialState } from './listener';
import { rank, sample, Selector } from './selection';

const poolBeat = (id: string, producerId: string, embedding: number[]): PoolBeat => ({
  beatId: id,
  producerId,
  producerName: producerId,
  name: id,
  prices: { firstDate: 100, relationship: 200, marriage: null },
  isPrivate: false,
  crate: 'active',
  deleted: false,
  coverArtUrl: null,
  snippetKey: `snippets/${id}.mp3`,
  genres: ['rapHipHop'],
  musicalKey: sampleDna().keyPrediction.value,
  bpm: 140,
  mood: 'dark trap',
  embedding,
  hasVoice: null,
  moods: [],
  tags: [],
  caption: '',
});

describe('rank', () => {
  const near = poolBeat('near', 'p2', [1, 0]);
  const far = poolBeat('far', 'p3', [0, 1]);
  const liked = poolBeat('liked', 'p1', [0.99, 0.141]);

  it('explores before the first match, preferring producers not heard lately', () => {
    const pick = rank(
      [near, far],
      { matched: [], passed: [], recentProducers: new Map([['p2', 3]]) },
      () => 0.5,
    );
    expect(pick!.beat.beatId).toBe('far');
    expect(pick!.why).toBe('a fresh pick while we learn your taste: dark trap, 140 BPM, A minor');
  });

  it('picks the candidate closest to the matches and says why', () => {
    const pick = rank([far, near], { matched: [liked], passed: [], recentProducers: new Map() }, () => 0.9);
    expect(pick!.beat.beatId).toBe('near');
    expect(pick!.why).toBe('close to 1 beat you matched: dark trap, 140 BPM, A minor');
  });

  it('keeps one producer from dominating', () => {
    const fair = poolBeat('fair', 'p3', [0.6, 0.8]);
    const taste = { matched: [liked], passed: [] };
    expect(rank([near, fair], { ...taste, recentProducers: new Map() }, () => 0.9)!.beat.beatId).toBe('near');
    const crowded = new Map([['p2', 10]]);
    expect(rank([near, fair], { ...taste, recentProducers: crowded }, () => 0.9)!.beat.beatId).toBe('fair');
  });

  it('returns nothing without candidates', () => {
    expect(rank([], { matched: [], passed: [], recentProducers: new Map() })).toBeNull();
  });
});

describe('sample (the candidates, drawn in memory)', () => {
  const pool = Array.from({ length: 40 }, (_, i) => ({ beatId: `b${i}` }) as PoolBeat);
  const even = (beat: PoolBeat) => Number(beat.beatId.slice(1)) % 2 === 0;

  it('draws distinct eligible beats only, all of them when fewer than asked', () => {
    for (const size of [5, 20, 30]) {
      const drawn = sample(pool, even, size);
      expect(drawn.length).toBe(Math.min(size, 20));
      expect(new Set(drawn).size).toBe(drawn.length);
      expect(drawn.every(even)).toBe(true);
    }
    expect(sample(pool, () => false, 5)).toEqual([]);
    expect(sample([], () => true, 5)).toEqual([]);
  });

  it('gives every eligible beat the same chance, by probing and by the scan', () => {
    // Probing (most beats eligible) and the scan (few eligible, so probes miss) must both be uniform.
    for (const [eligible, size] of [
      [(beat: PoolBeat) => beat.beatId !== 'b0', 5],
      [(beat: PoolBeat) => Number(beat.beatId.slice(1)) < 6, 3],
    ] as const) {
      const counts = new Map<string, number>();
      const rounds = 4000;
      for (let round = 0; round < rounds; round++)
        for (const beat of sample(pool, eligible, size))
          counts.set(beat.beatId, (counts.get(beat.beatId) ?? 0) + 1);
      const n = pool.filter(eligible).length;
      const expected = (rounds * size) / n;
      expect(counts.size).toBe(n);
      for (const seen of counts.values()) expect(Math.abs(seen - expected) / expected).toBeLessThan(0.2);
    }
  });
});

describe('Selector.taste', () => {
  it('keeps the 60 newest matches and passes in time order and counts producers over the 30 newest plays', async () => {
    // 100 beats of 10 producers; beat 99 is not in the pool (deleted and forgotten): it is skipped.
    const beats = Array.from({ length: 99 }, (_, i) => poolBeat(`b${i}`, `p${i % 10}`, [1, 0]));
    const byId = new Map(beats.map((b) => [b.beatId, b]));
    const pool = {
      current: async () => undefined,
      known: (id: string) => byId.get(id),
    } as unknown as BeatPool;
    const time = (i: number) => new Date(Date.UTC(2026, 10, 20, 0, 0, i)).toISOString();
    const state = initialState();
    for (let i = 0; i < 100; i++) {
      const ref = { beatId: `b${i}`, producerId: `p${i % 10}`, at: time(i) };
      state.served[ref.beatId] = ref as never;
      // Every 4th a match, the others passes; heard in order b0 … b99.
      (i % 4 === 0 ? state.matched : state.passed)[ref.beatId] = ref as never;
    }
    const taste = await new Selector(pool).taste(state);
    const newest = Array.from({ length: 60 }, (_, k) => 98 - k); // b98 … b39 (b99 is unknown)
    expect(taste.matched.map((b) => b.beatId)).toEqual(newest.filter((i) => i % 4 === 0).map((i) => `b${i}`));
    expect(taste.passed.map((b) => b.beatId)).toEqual(newest.filter((i) => i % 4 !== 0).map((i) => `b${i}`));
    // The 30 newest known plays are b98 … b69: three of each producer.
    expect([...taste.recentProducers.entries()].sort()).toEqual(
      Array.from({ length: 10 }, (_, p) => [`p${p}`, 3]),
    );
  });
});
