/**
 * The choice of the next beat, in memory, without HTTP or a database:
 *   npx tsx bench/matchmaker/selection.ts [--beats 10000] [--listeners 50] [--history 20] [--calls 20000]
 * --beats pool beats (64-dimension embeddings, 300 producers) and --listeners listeners who each heard
 * --history beats (1 in 5 a match). Prints microseconds per `Selector.next()` and per part (taste,
 * candidates, rank), five rounds each after one warm-up round. Prints figures; not a test.
 */
import { gaussian, normalise, numberArg, seededRandom } from '@beatmatch/testing';
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import type { BeatPool } from '../../services/matchmaker/src/beats/pool';
import type { ListenerState } from '../../services/matchmaker/src/listeners/listener';
import { rank, Selector, type Filters } from '../../services/matchmaker/src/listeners/selection';

const arg = numberArg;
const beatCount = arg('beats', 10_000);
const listeners = arg('listeners', 50);
const heardPerListener = arg('history', 20);
const calls = arg('calls', 20_000);

const random = seededRandom(9);
const normal = gaussian(random);
const beats: PoolBeat[] = Array.from({ length: beatCount }, (_, i) => ({
  beatId: `beat-${i}`,
  producerId: `producer-${i % 300}`,
  producerName: `Producer ${i % 300}`,
  name: `Beat ${i}`,
  prices: { firstDate: 2999, relationship: 4999, marriage: 9999 },
  isPrivate: false,
  crate: 'active',
  deleted: false,
  coverArtUrl: null,
  snippetKey: `snippets/${i}.mp3`,
  genres: [(['rapHipHop', 'rnb', 'pop'] as const)[i % 3]] as PoolBeat['genres'],
  musicalKey: 'A minor',
  bpm: 70 + (i % 90),
  mood: 'dark',
  embedding: normalise(Array.from({ length: 64 }, normal)),
  hasVoice: null,
  moods: [],
  tags: [],
  caption: '',
}));
const byId = new Map(beats.map((beat) => [beat.beatId, beat]));
const pool = {
  current: async () => undefined,
  activePlayable: async () => beats,
  known: (beatId: string) => byId.get(beatId),
} as unknown as BeatPool;
const selector = new Selector(pool);

const states: ListenerState[] = Array.from({ length: listeners }, () => {
  const state: ListenerState = { matched: {}, passed: {}, served: {}, days: {}, active: true };
  for (let k = 0; k < heardPerListener; k++) {
    const beat = beats[Math.floor(random() * beats.length)]!;
    const ref = {
      beatId: beat.beatId,
      producerId: beat.producerId,
      at: new Date(1.79e12 + k * 1000).toISOString(),
    };
    state.served[beat.beatId] = ref as ListenerState['served'][string];
    (k % 5 === 0 ? state.matched : state.passed)[beat.beatId] = ref as ListenerState['served'][string];
  }
  return state;
});
const filters: Filters = { genre: null, musicalKey: null, tempo: null };

async function perCall(label: string, call: (i: number) => unknown) {
  const rounds: number[] = [];
  for (let round = 0; round < 6; round++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call(i);
    if (round > 0) rounds.push(((performance.now() - started) * 1000) / calls);
  }
  rounds.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(10)} median ${rounds[2]!.toFixed(1)} µs per call (rounds ${rounds.map((r) => r.toFixed(1)).join(' ')})`,
  );
}

async function main() {
  console.log(
    `${beatCount} beats, ${listeners} listeners who heard ${heardPerListener} beats each, ${calls} calls per round`,
  );
  const tastes = await Promise.all(states.map((state) => selector.taste(state)));
  const candidates = await Promise.all(states.map((state) => selector.candidates(state, filters)));
  await perCall('next', (i) => selector.next(states[i % listeners]!, filters));
  await perCall('taste', (i) => selector.taste(states[i % listeners]!));
  await perCall('candidates', (i) => selector.candidates(states[i % listeners]!, filters));
  await perCall('rank', (i) => rank(candidates[i % listeners]!, tastes[i % listeners]!));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
