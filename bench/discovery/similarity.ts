// Similarity over a large pool: rankSimilar's exact scan over --beats synthetic beats (64-dimension DNA
// embeddings, keys, tempi, voices), top 20, on this one thread; the text ranker's scan of 384-dimension
// sentence vectors over the same pool for comparison.
import { FILTER_KEYS } from '@beatmatch/contracts';
import { gaussian, normalise, seededRandom } from '@beatmatch/testing';
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import { packBeats, rankPacked, rankSimilar } from '../../services/matchmaker/src/discovery/similarity';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export function syntheticPool(count: number, dims = 64): PoolBeat[] {
  const random = seededRandom(25);
  const normal = gaussian(random);
  return Array.from({ length: count }, (_, i) => ({
    beatId: `beat-${i}`,
    producerId: `producer-${i % 500}`,
    producerName: `Producer ${i % 500}`,
    name: `Beat ${i}`,
    prices: { firstDate: 2999, relationship: 4999, marriage: null },
    isPrivate: false,
    crate: 'active' as const,
    deleted: false,
    coverArtUrl: null,
    snippetKey: `snippets/${i}.mp3`,
    genres: [(['rapHipHop', 'rnb', 'pop', 'latin'] as const)[i % 4]!],
    musicalKey: FILTER_KEYS[i % 24]!,
    bpm: 60 + (i % 120),
    mood: 'dark trap',
    embedding: normalise(Array.from({ length: dims }, normal)),
    hasVoice: i % 5 === 0,
    moods: ['dark'],
    tags: ['trap'],
    caption: '',
  }));
}

export interface Timing {
  p50: number;
  p95: number;
  /** CPU time of this thread per query (the machine is shared: wall time includes waiting for a core). */
  cpuP50: number;
  cpuP95: number;
  firstPackMs: number;
}

/** Runs `query` `count` times, timing wall and CPU (user + system) per run. */
function timed(count: number, query: (q: number) => void) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let q = 0; q < count; q++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    query(q);
    wall.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}

export function timeSimilarity(beats: PoolBeat[], queries = 200): Timing {
  const random = seededRandom(7);
  const normal = gaussian(random);
  const started = performance.now();
  packBeats(beats, 64);
  const firstPackMs = performance.now() - started;
  return {
    ...timed(queries, (q) => {
      const reference = {
        embedding: normalise(Array.from({ length: 64 }, normal)),
        bpm: 70 + (q % 90),
        musicalKey: FILTER_KEYS[q % 24]!,
        hasVoice: q % 2 === 0,
        genres: ['rapHipHop'],
        moods: ['dark'],
      };
      rankSimilar(beats, reference, { limit: 20 });
    }),
    firstPackMs,
  };
}

/** The text ranker's scan: 384-dimension vectors over the same pool. */
export function timeTextScan(beats: PoolBeat[], queries = 50): Timing {
  const random = seededRandom(8);
  const normal = gaussian(random);
  const vectors = new Map(
    beats.map((beat) => [beat.beatId, new Float32Array(normalise(Array.from({ length: 384 }, normal)))]),
  );
  const cache = new WeakMap();
  const started = performance.now();
  const packed = packBeats(beats, 384, (beat) => vectors.get(beat.beatId)!, cache);
  const firstPackMs = performance.now() - started;
  return {
    ...timed(queries, () => {
      rankPacked(
        beats,
        packed,
        {
          embedding: normalise(Array.from({ length: 384 }, normal)),
          bpm: 140,
          musicalKey: 'A minor',
          hasVoice: false,
          moods: ['dark'],
        },
        { limit: 20 },
      );
    }),
    firstPackMs,
  };
}

export { percentile };
