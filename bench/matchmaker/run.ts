/**
 * The matchmaker's `beat_play` on real PostgreSQL (DATABASE_URL), and how well its ranking learns.
 *   npx tsx bench/matchmaker/run.ts [--beats 3000] [--listeners 40] [--plays 25] [--concurrency 8]
 *
 * 1. Serving: a catalogue of --beats beats (published as catalog.BeatPublished events and projected by the
 *    service), then --listeners visitors swipe --plays beats each over HTTP (the service's own app with a
 *    gateway-signed token), --concurrency at a time; each call records the pass/match on the previous
 *    beat and chooses the next. Prints p50/p95/p99 and req/s.
 * 2. Learning (in memory, the same `rank` the service uses): simulated listeners with a hidden taste
 *    (a direction in the DNA embedding space) swipe 25 beats a day for 4 days; matches per 25 plays for
 *    the ranking vs random order, and how many producers were heard by someone.
 * Ends with one line of key=value pairs.
 */
import type { AddressInfo } from 'node:net';
import { benchBeat, GENRES } from './catalogue';
import { integrationEvent, CATALOG_TOPIC, type BeatPublishedPayload } from '@beatmatch/contracts';
import {
  createLogger,
  generateInternalKeyPair,
  InProcessEventBus,
  INTERNAL_TOKEN_HEADER,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
  type BlobStore,
} from '@beatmatch/platform';
import { gaussian, normalise, numberArg, seededRandom } from '@beatmatch/testing';
import { createMatchmakerService } from '../../services/matchmaker/src/index';
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import { CANDIDATES, rank } from '../../services/matchmaker/src/listeners/selection';

const arg = numberArg;
const beatCount = arg('beats', 3000);
const listeners = arg('listeners', 40);
const plays = arg('plays', 25);
const concurrency = arg('concurrency', 8);
const DIMS = 64;
const STYLES = 24;
const PRODUCERS = 300;

const random = seededRandom(42);
const gauss = gaussian(random);
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

const styles = Array.from({ length: STYLES }, () => normalise(Array.from({ length: DIMS }, gauss)));

interface SyntheticBeat {
  payload: BeatPublishedPayload;
  style: number;
}
function catalogue(): SyntheticBeat[] {
  return Array.from({ length: beatCount }, (_, i) => {
    const producer = i % PRODUCERS;
    const style = (producer * 7 + (random() < 0.7 ? 0 : Math.floor(random() * STYLES))) % STYLES;
    const embedding = normalise(styles[style]!.map((x) => x + (gauss() * 0.9) / Math.sqrt(DIMS)));
    const beatId = `bench-beat-${i}`;
    return {
      style,
      payload: benchBeat({
        i,
        beatId,
        producer: `bench-producer-${producer}`,
        producerName: `Producer ${producer}`,
        name: `Bench ${i}`,
        snippetKey: `snippets/${beatId}.mp3`,
        genre: GENRES[style % GENRES.length]!,
        embedding,
      }),
    };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A listener likes beats close to one hidden direction (about one beat in ten). */
function hiddenTaste() {
  const a = Math.floor(random() * STYLES);
  return normalise(styles[a]!.map((x) => x + (gauss() * 0.3) / Math.sqrt(DIMS)));
}
const likes = (taste: number[], embedding: number[]) => dot(taste, embedding) > 0.62;

async function serving(beats: SyntheticBeat[]) {
  const db = openPostgres(
    process.env.DATABASE_URL ?? 'postgres://beatmatch:beatmatch@127.0.0.1:54329/beatmatch',
  );
  const schema = `matchmaker_bench_${process.pid}`;
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  const issuer = new InternalTokenIssuer(keys.privateKey);
  const service = await createMatchmakerService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger: createLogger('bench', 'silent'),
    blobs: async () => ({}) as BlobStore,
    schema,
    relayPollMs: 200,
    consumer: `matchmaker-bench-${process.pid}`,
  });
  await service.start();
  const server = service.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const t0 = performance.now();
    for (let i = 0; i < beats.length; i += 500)
      await bus.publish(
        CATALOG_TOPIC,
        beats.slice(i, i + 500).map(({ payload }) => ({
          key: payload.beatId,
          event: integrationEvent('catalog.BeatPublished', 1, payload, new Date()),
        })),
      );
    for (;;) {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.beats`);
      if (Number(rows[0]!.n) >= beats.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`projected ${beats.length} beats in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const embeddingOf = new Map(beats.map((b) => [b.payload.beatId, b.payload.dna.embedding]));
    const times: number[] = [];
    let matches = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < listeners) {
          const listener = next++;
          const taste = hiddenTaste();
          let previous: { beatId: string; choiceType: 'pass' | 'match' } | null = null;
          for (let play = 0; play < plays; play++) {
            // The gateway signs every request with a short-lived token, vouching for the device.
            const token = await issuer.issue({ deviceId: `bench-${process.pid}-${listener}` });
            const t = performance.now();
            const response = await fetch(`${url}/player/next`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: token },
              body: JSON.stringify({ uuid: `bench-${process.pid}-${listener}`, ...(previous ?? {}) }),
            });
            const body = (await response.json()) as { beatId?: string; message?: string };
            times.push(performance.now() - t);
            if (response.status !== 200 || !body.beatId)
              throw new Error(`beat_play: ${response.status} ${body.message}`);
            const liked = likes(taste, embeddingOf.get(body.beatId)!);
            if (liked) matches++;
            previous = { beatId: body.beatId, choiceType: liked ? 'match' : 'pass' };
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const result = {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      rps: times.length / seconds,
      matchesPer25: (matches / (listeners * plays)) * 25,
    };
    console.log(
      `beat_play  n=${times.length} beats=${beats.length} concurrency=${concurrency} p50=${result.p50.toFixed(1)}ms p95=${result.p95.toFixed(1)}ms p99=${result.p99.toFixed(1)}ms ${result.rps.toFixed(0)} req/s (matches per 25 plays over HTTP: ${result.matchesPer25.toFixed(2)})`,
    );
    return result;
  } finally {
    server.close();
    await service.stop();
    await bus.close();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  }
}

/** In memory: the service's `rank` against random order, the same listeners and candidate samples. */
function learning(beats: SyntheticBeat[], simulated = 200, days = 4) {
  const pool: PoolBeat[] = beats.map(({ payload }) => ({
    beatId: payload.beatId,
    producerId: payload.producerId,
    producerName: payload.producerName,
    name: payload.name,
    prices: payload.prices,
    isPrivate: false,
    crate: 'active',
    deleted: false,
    coverArtUrl: null,
    snippetKey: payload.files.snippetKey,
    genres: [payload.dna.genreTags[0]!.tag as PoolBeat['genres'][number]],
    musicalKey: payload.dna.keyPrediction.value,
    bpm: payload.dna.bpm.value,
    mood: 'dark trap',
    embedding: payload.dna.embedding,
    hasVoice: null,
    moods: [],
    tags: [],
    caption: '',
  }));
  const run = (ranked: boolean) => {
    const rng = seededRandom(7);
    let matches = 0;
    const heardProducers = new Set<string>();
    for (let l = 0; l < simulated; l++) {
      const taste = hiddenTaste();
      const heard = new Set<string>();
      const matched: PoolBeat[] = [];
      const passed: PoolBeat[] = [];
      const recent: string[] = [];
      for (let play = 0; play < 25 * days; play++) {
        const candidates: PoolBeat[] = [];
        for (let tries = 0; candidates.length < CANDIDATES && tries < CANDIDATES * 3; tries++) {
          const beat = pool[Math.floor(rng() * pool.length)]!;
          if (!heard.has(beat.beatId) && !candidates.includes(beat)) candidates.push(beat);
        }
        const recentProducers = new Map<string, number>();
        for (const producer of recent.slice(-30))
          recentProducers.set(producer, (recentProducers.get(producer) ?? 0) + 1);
        const beat = ranked
          ? rank(
              candidates,
              { matched: matched.slice(-60), passed: passed.slice(-60), recentProducers },
              rng,
            )!.beat
          : candidates[0]!;
        heard.add(beat.beatId);
        heardProducers.add(beat.producerId);
        recent.push(beat.producerId);
        if (likes(taste, beat.embedding)) {
          matches++;
          matched.push(beat);
        } else passed.push(beat);
      }
    }
    return { per25: matches / (simulated * days), producersHeard: heardProducers.size };
  };
  const ranked = run(true);
  const randomOrder = run(false);
  console.log(
    `learning   listeners=${simulated} days=${days} matches/25 plays: ranked=${ranked.per25.toFixed(2)} random=${randomOrder.per25.toFixed(2)} (${(ranked.per25 / randomOrder.per25).toFixed(2)}x); producers heard: ranked=${ranked.producersHeard}/${PRODUCERS} random=${randomOrder.producersHeard}/${PRODUCERS}`,
  );
  return { ranked, randomOrder };
}

async function main() {
  const beats = catalogue();
  const served = await serving(beats);
  const learned = learning(beats);
  console.log(
    [
      `beats=${beatCount}`,
      `beat_play_p50_ms=${served.p50.toFixed(1)}`,
      `beat_play_p95_ms=${served.p95.toFixed(1)}`,
      `beat_play_p99_ms=${served.p99.toFixed(1)}`,
      `beat_play_rps=${served.rps.toFixed(0)}`,
      `matches_per_25_ranked=${learned.ranked.per25.toFixed(2)}`,
      `matches_per_25_random=${learned.randomOrder.per25.toFixed(2)}`,
      `producers_heard_ranked=${learned.ranked.producersHeard}/${PRODUCERS}`,
    ].join(' '),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
