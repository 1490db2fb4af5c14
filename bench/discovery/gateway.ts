// A text query end to end through the gateway: the real matchmaker service on PostgreSQL (a schema of
// its own) behind the real gateway app, the demo beats published as catalog.BeatPublished, queries as a
// visitor (CSRF cookie and token) one at a time after the sentence model and the beat index are warm.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOG_TOPIC, integrationEvent, type BeatPublishedPayload } from '@beatmatch/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
} from '@beatmatch/platform';
import { createGateway } from '@beatmatch/gateway';
import { createMatchmakerService } from '../../services/matchmaker/src/index';
import type { DemoBeatWithDna } from './demoDna';
import { QUERIES } from './queries';
import { percentile } from './similarity';

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

const published = ({ beat, dna }: DemoBeatWithDna): BeatPublishedPayload => ({
  beatId: beat.beatId,
  producerId: beat.producerId,
  producerName: beat.producerName,
  name: beat.name,
  prices: beat.prices,
  isPrivate: false,
  crate: 'active',
  demo: true,
  coverArtUrl: null,
  files: {
    snippetKey: `snippets/${beat.beatId}.mp3`,
    mp3Key: `m/${beat.beatId}.mp3`,
    wavKey: null,
    stemsKey: null,
  },
  dna,
  publishedAt: new Date().toISOString(),
});

export async function timeThroughGateway(demo: DemoBeatWithDna[], rounds = 2) {
  const db = openPostgres(process.env.DATABASE_URL!);
  const schema = `matchmaker_discovery_bench_${process.pid}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'beatmatch-discovery-'));
  const blobs = new FilesystemBlobStore({
    root: dir,
    secret: randomBytes(32).toString('hex'),
    publicUrl: '/blobs',
  });
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  const logger = createLogger('bench', 'warn');
  const service = await createMatchmakerService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger,
    blobs: async () => blobs,
    schema,
    relayPollMs: 200,
    consumer: `matchmaker-discovery-bench-${process.pid}`,
  });
  const servers: Server[] = [];
  try {
    await service.start();
    await bus.publish(
      CATALOG_TOPIC,
      demo.map((entry) => ({
        key: entry.beat.beatId,
        event: integrationEvent('catalog.BeatPublished', 1, published(entry), new Date()),
      })),
    );
    const gateway = createGateway({
      logger,
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => 'http://127.0.0.1:9',
      serviceApp: (name) => (name === 'matchmaker' ? service.app : undefined),
      csrfSecret: randomBytes(32).toString('hex'),
      secureCookies: false,
      remotes: { producer: '/p/mf-manifest.json', artist: '/a/mf-manifest.json' },
    });
    const server = createServer(gateway);
    servers.push(server);
    const url = await listen(server);
    const csrf = await fetch(`${url}/api/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const ask = async (text: string) => {
      const response = await fetch(`${url}/api/beatmatch_text_search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
        body: JSON.stringify({ textToQuery: text }),
      });
      const body = (await response.json()) as { beats?: unknown[] };
      if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
      return body.beats!.length;
    };
    // Warm: every beat projected and embedded, the model loaded in its thread.
    const deadline = Date.now() + 300_000;
    while ((await ask('dark trap')) < Math.min(20, demo.length) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const beats = await service.pool.activePlayable();
    while (Date.now() < deadline) {
      await ask('warm up');
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.beats`);
      if (Number(rows[0]!.n) >= demo.length && beats.length >= demo.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Every description embedded: the first round's figures are the queries' own, not the index's.
    const playable = await service.pool.activePlayable();
    service.text.index.index(playable);
    await service.text.index.settled();
    if (service.text.index.embeddedCount(playable) < demo.length) throw new Error('beats not embedded');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Round 1 asks each text for the first time (the sentence model runs); later rounds ask the same
    // texts again, which the service remembers (no model): both are reported.
    const perRound: Array<{ times: number[]; cpu: number[] }> = [];
    for (let round = 0; round < rounds; round++) {
      const times: number[] = [];
      const cpu: number[] = [];
      for (const query of QUERIES) {
        const [t0, cpu0] = [performance.now(), process.cpuUsage()];
        await ask(query.text);
        times.push(performance.now() - t0);
        const used = process.cpuUsage(cpu0);
        cpu.push((used.user + used.system) / 1000);
      }
      perRound.push({ times, cpu });
    }
    // CPU: this whole process's (client, gateway, service, encoder thread) per call, one call at a time.
    const figures = (asked: typeof perRound) => {
      const times = asked.flatMap((round) => round.times);
      const cpu = asked.flatMap((round) => round.cpu);
      return {
        queries: times.length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        cpuP50: percentile(cpu, 50),
        cpuP95: percentile(cpu, 95),
      };
    };
    return { first: figures(perRound.slice(0, 1)), repeated: figures(perRound.slice(1)) };
  } finally {
    for (const server of servers) server.close();
    await service.stop();
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
