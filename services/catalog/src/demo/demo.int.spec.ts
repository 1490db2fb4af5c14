import { randomUUID } from 'node:crypto';
import { beatPublishedV1, type BeatPublishedPayload } from '@beatmatch/contracts';
import { installTemporalRuntime } from '@beatmatch/platform/workflows';
import { audioLimits, catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { temporalUploadWorkflow } from '../upload';
import { demoBeats, seedDemoCatalogue } from './catalogue';

/**
 * The demo catalogue on real PostgreSQL and Temporal: demo beats go through the real upload path
 * (files under the §3 keys, finalize, the upload workflow's verify and DNA) and are published as
 * demo beats with covers, prices and stems for some; seeding again adds nothing.
 */
let bed: CatalogTestbed;
let catalog: CatalogService;
const BEATS = 4;

beforeAll(async () => {
  installTemporalRuntime('ERROR');
  bed = await catalogTestbed('demo');
  catalog = await bed.catalog({
    limits: audioLimits,
    relayPollMs: 50,
    uploadWorkflow: (commands, { queries }) =>
      temporalUploadWorkflow(
        bed.uploadOptions(`catalog-demo-${randomUUID()}`, {
          pendingBeatIds: () => queries.pendingAnalysis(),
        }),
      )(commands),
    demoCatalogue: { beats: BEATS },
  });
  await catalog.start();
}, 180_000);

afterAll(() => bed?.close());

const publishedPayloads = async () =>
  (
    await bed.db.query<{ event: { payload: unknown } }>(
      `SELECT event FROM ${bed.schema}.outbox WHERE event->>'type' = 'catalog.BeatPublished' ORDER BY id`,
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
    expect((await bed.blobs.head(payload.files.snippetKey!))?.size).toBeGreaterThan(1_000_000);
  }
  // Different producers and styles: no two beats share an embedding.
  const embeddings = new Set(payloads.map((payload) => payload.dna.embedding.join(',')));
  expect(embeddings.size).toBe(BEATS);
}, 180_000);

it('seeds nothing again once the demo beats exist', async () => {
  const again = await seedDemoCatalogue({
    commands: catalog.commands,
    queries: catalog.queries,
    blobs: async () => bed.blobs,
    workflow: { start: async () => undefined },
    logger: bed.logger,
    beats: BEATS,
  });
  expect(again.finalized).toBe(0);
  expect(await publishedPayloads()).toHaveLength(BEATS);
});
