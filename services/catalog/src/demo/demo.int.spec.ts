import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beatPublishedV1, type BeatPublishedPayload } from '@beatmatch/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenVerifier,
  openPostgres,
  type SqlDatabase,
} from '@beatmatch/platform';
import { installTemporalRuntime } from '@beatmatch/platform/workflows';
import { requireEnv } from '@beatmatch/testing';
import { createCatalogService } from '../index';
import { uploadLimitsFromMb } from '../beats/api';
import { temporalUploadWorkflow } from '../upload';
import { demoBeats, seedDemoCatalogue } from './catalogue';

/**
 * The demo catalogue on real PostgreSQL and Temporal: demo beats go through the real upload path
 * (files under the §3 keys, finalize, the upload workflow's verify and DNA) and are published as
 * demo beats with covers, prices and stems for some; seeding again adds nothing.
 */
const schema = `catalog_demo_${process.pid}_${Date.now()}`;
const logger = createLogger('test', 'silent');
let db: SqlDatabase;
let dir: string;
let blobs: FilesystemBlobStore;
const bus = new InProcessEventBus();
let catalog: Awaited<ReturnType<typeof createCatalogService>>;
const BEATS = 4;

beforeAll(async () => {
  installTemporalRuntime('ERROR');
  db = openPostgres(requireEnv('DATABASE_URL'));
  dir = await mkdtemp(path.join(tmpdir(), 'catalog-demo-'));
  blobs = new FilesystemBlobStore({ root: dir, secret: 's'.repeat(40), publicUrl: '/blobs' });
  const keys = await generateInternalKeyPair();
  catalog = await createCatalogService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger,
    blobs: async () => blobs,
    limits: uploadLimitsFromMb({ snippet: 10, mp3: 10, wav: 10, trackout: 10, cover: 1 }),
    schema,
    relayPollMs: 50,
    uploadWorkflow: (commands, { queries }) =>
      temporalUploadWorkflow({
        temporal: { address: requireEnv('TEMPORAL_ADDRESS') },
        blobs: async () => blobs,
        logger,
        taskQueue: `catalog-demo-${randomUUID()}`,
        pendingBeatIds: () => queries.pendingAnalysis(),
      })(commands),
    demoCatalogue: { beats: BEATS },
  });
  await catalog.start();
}, 180_000);

afterAll(async () => {
  await catalog?.stop();
  await bus.close();
  await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const publishedPayloads = async () =>
  (
    await db.query<{ event: { payload: unknown } }>(
      `SELECT event FROM ${schema}.outbox WHERE event->>'type' = 'catalog.BeatPublished' ORDER BY id`,
    )
  ).rows.map((row) => beatPublishedV1.payload.parse(row.event.payload));

it('publishes the demo beats through the upload workflow, each with its own DNA, cover and prices', async () => {
  const until = Date.now() + 150_000;
  let payloads: BeatPublishedPayload[] = [];
  while (Date.now() < until) {
    payloads = await publishedPayloads();
    if (payloads.length >= BEATS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const expected = demoBeats(BEATS);
  expect(payloads.map((payload) => payload.beatId).sort()).toEqual(
    expected.map((beat) => beat.beatId).sort(),
  );
  for (const payload of payloads) {
    const beat = expected.find((candidate) => candidate.beatId === payload.beatId)!;
    expect(payload).toMatchObject({ demo: true, crate: 'active', isPrivate: false, name: beat.name });
    expect(payload.producerName).toBe(beat.producerName);
    expect(payload.prices).toEqual(beat.prices);
    expect(payload.coverArtUrl).toMatch(/^\/api\/beatmatch_cover_art\?beatId=/);
    expect(payload.files.snippetKey).toBe(`snippets/${payload.beatId}.mp3`);
    expect(payload.files.stemsKey !== null).toBe(beat.stems);
    // The engine measured the synthesised tempo (or an octave of it).
    const ratio = payload.dna.bpm.value / beat.clip.bpm;
    expect([0.5, 1, 2].some((octave) => Math.abs(ratio - octave) < 0.03)).toBe(true);
    expect((await blobs.head(payload.files.snippetKey!))?.size).toBeGreaterThan(1_000_000);
  }
  // Different producers and styles: no two beats share an embedding.
  const embeddings = new Set(payloads.map((payload) => payload.dna.embedding.join(',')));
  expect(embeddings.size).toBe(BEATS);
}, 180_000);

it('seeds nothing again once the demo beats exist', async () => {
  const again = await seedDemoCatalogue({
    commands: catalog.commands,
    queries: catalog.queries,
    blobs: async () => blobs,
    workflow: { start: async () => undefined },
    logger,
    beats: BEATS,
  });
  expect(again.finalized).toBe(0);
  expect(await publishedPayloads()).toHaveLength(BEATS);
});
