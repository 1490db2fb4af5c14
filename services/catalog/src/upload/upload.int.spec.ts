import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { beatFileKey, beatPublishedV1 } from '@beatmatch/contracts';
import { encodeWav, renderClip, type ClipSpec } from '@beatmatch/audio/testing';
import type { UploadWorkflow } from '../beats/commands';
import { encodeMp3 } from './mp3';
import { FILE_MESSAGES } from '../verify';
import {
  settled as settledBeat,
  type CatalogService,
  type WorkflowTestbed,
  workflowTestbed,
} from '../testing/harness';
import {
  FINGERPRINT_MATCH_REASON,
  temporalUploadWorkflow,
  uploadWorkflowId,
  type TemporalUploadOptions,
} from './index';

/**
 * The upload workflow on the real Temporal server (TEMPORAL_ADDRESS) and PostgreSQL: finalize's files
 * are verified, analysed by the DNA engine and published through the outbox once; files the producer
 * has to fix fail with the reason Manage Beats shows; a worker stopped mid-analysis loses nothing.
 */
const taskQueue = `catalog-upload-${randomUUID()}`;
let bed: WorkflowTestbed;
let catalog: CatalogService;
let flow: UploadWorkflow & { ready(): Promise<void> };

const options = (more?: Partial<TemporalUploadOptions>) => bed.uploadOptions(taskQueue, more);

beforeAll(async () => {
  bed = await workflowTestbed('upload');
  const factory = temporalUploadWorkflow(options());
  catalog = await bed.catalog({
    relayPollMs: 50,
    uploadWorkflow: (commands, context) => (flow = factory(commands, context)),
  });
  await catalog.start();
  await flow.ready();
}, 180_000);

afterAll(() => bed?.close());

/** A public upload up to finalize, as the API records it (files stored under the §3 keys). */
const finalized = (name: string, files: { wav: Buffer; mp3: Buffer }, producerId = 'producer-1') =>
  bed.receivedUpload(
    catalog,
    { beatId: randomUUID(), producerId, producerName: producerId, name },
    { snippet: files.mp3, mp3: files.mp3, wav: files.wav },
  );

const settled = (beatId: string, timeoutMs?: number) => settledBeat(catalog, beatId, timeoutMs);

const published = async (beatId: string) =>
  (
    await bed.db.query<{ event: { type: string; payload: unknown } }>(
      `SELECT event FROM ${bed.schema}.outbox WHERE event->>'type' = 'catalog.BeatPublished' AND message_key = $1`,
      [beatId],
    )
  ).rows.map((row) => row.event);

it('publishes a finalized upload with the DNA of its WAV, once, through the outbox', async () => {
  const beatId = await finalized('Workflow Beat', bed.audio);
  await flow.start(beatId);
  await flow.start(beatId); // finalize retried by the client: the same workflow
  const row = await settled(beatId);
  expect(row.status).toBe('published');
  const result = await bed.temporal.client.workflow.getHandle(uploadWorkflowId(beatId, taskQueue)).result();
  expect(result).toEqual({ beatId, outcome: 'published' });

  const events = await published(beatId);
  expect(events).toHaveLength(1);
  const payload = beatPublishedV1.payload.parse((events[0] as { payload: unknown }).payload);
  expect(payload.files.snippetKey).toBe(`snippets/${beatId}.mp3`);
  expect(payload.dna.embedding).toHaveLength(64);
  expect(payload.dna.durationSeconds).toBeGreaterThan(25);
  // The synthesised beat is at 128 BPM in A minor: the engine measured it.
  expect(Math.abs(payload.dna.bpm.value - 128)).toBeLessThan(2);
  expect(payload.dna.keyPrediction.value).toBe('A minor');

  // Started again after it finished: nothing runs twice, nothing is published twice.
  await flow.start(beatId);
  expect(await published(beatId)).toHaveLength(1);
}, 90_000);

it('fails an upload whose WAV is silent, with the reason Manage Beats shows', async () => {
  const silence = Buffer.from(encodeWav([new Float32Array(22050 * 30)], { sampleRate: 22050 }));
  const beatId = await finalized('Silent Beat', { wav: silence, mp3: bed.audio.mp3 });
  await flow.start(beatId);
  const row = await settled(beatId);
  expect(row.status).toBe('failed');
  expect(row.failureReason).toBe('Uh oh! The beat seems to be silent.');
  expect(await published(beatId)).toHaveLength(0);
}, 90_000);

it('fails an upload whose stored WAV is no WAV at the verify step', async () => {
  const beatId = await finalized('Swapped Beat', bed.audio);
  await bed.blobs.put(beatFileKey(beatId, 'wav'), Readable.from([Buffer.alloc(70_000, 3)]));
  await flow.start(beatId);
  const row = await settled(beatId);
  expect(row.status).toBe('failed');
  expect(row.failureReason).toBe(FILE_MESSAGES.wav);
}, 90_000);

it('re-starts at run() the workflows of beats whose files were received but never analysed', async () => {
  const beatId = await finalized('Finalized While Temporal Was Down', bed.audio);
  const resumer = temporalUploadWorkflow(
    options({ worker: false, pendingBeatIds: () => catalog.queries.pendingAnalysis() }),
  )(catalog.commands);
  bed.onClose(() => resumer.stop?.());
  await resumer.run?.();
  expect((await settled(beatId)).status).toBe('published');
}, 90_000);

it('loses nothing when a worker stops mid-analysis: the next worker publishes the beat', async () => {
  const queue = `catalog-upload-restart-${randomUUID()}`;
  let hung = 0;
  const first = temporalUploadWorkflow(
    options({
      taskQueue: queue,
      analyze: () => {
        hung++;
        return new Promise(() => undefined); // the analysis never ends on this worker
      },
    }),
  )(catalog.commands);
  await first.run?.();
  await first.ready();
  const beatId = await finalized('Restarted Beat', bed.audio);
  await first.start(beatId);
  const until = Date.now() + 30_000;
  while (hung === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(hung).toBe(1);
  expect((await catalog.queries.beat(beatId))?.status).toBe('analysing');
  await first.stop?.();

  const second = temporalUploadWorkflow(options({ taskQueue: queue }))(catalog.commands);
  bed.onClose(() => second.stop?.());
  await second.run?.();
  expect((await settled(beatId, 80_000)).status).toBe('published');
  expect(await published(beatId)).toHaveLength(1);
}, 120_000);

describe('the stolen-beat guard (audio fingerprint between DNA and publish)', () => {
  const RATE = 44100; // the MP3 must be 320 kbps stereo (verify), which needs 32 kHz or more
  const clip: ClipSpec = {
    seed: 61,
    bpm: 140,
    beatsPerBar: 4,
    feel: 'halfTime',
    tonic: 2,
    mode: 'minor',
    timbre: 'A',
    hatsPerBeat: 4,
    seconds: 30,
    sampleRate: RATE,
  };
  const files = (samples: Float32Array) => ({
    wav: Buffer.from(encodeWav([samples], { sampleRate: RATE })),
    mp3: encodeMp3([samples], RATE, 320),
  });
  let original: Float32Array;
  let firstBeatId: string;
  let reuploadId: string;

  const failure = async (beatId: string) =>
    (
      await bed.db.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM ${bed.schema}.events WHERE stream_name = $1 AND type = 'BeatUploadFailed'`,
        [`beat:${beatId}`],
      )
    ).rows.map((row) => row.data);

  beforeAll(async () => {
    original = renderClip(clip).samples;
    firstBeatId = await finalized('Original By A', files(original), 'producer-a');
    await flow.start(firstBeatId);
    expect((await settled(firstBeatId)).status).toBe('published');
  }, 90_000);

  it("fails producer B's upload of producer A's beat (quieter, trimmed) with the reason and code", async () => {
    const copy = original.slice(Math.round(1.3 * RATE), original.length - RATE).map((x) => x * 0.7);
    const beatId = await finalized('Totally My Beat', files(copy), 'producer-b');
    await flow.start(beatId);
    const row = await settled(beatId);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe(FINGERPRINT_MATCH_REASON);
    expect(row.failureReason).toBe(
      'This beat matches a beat already on Beatmatch by another producer. If it is yours, contact us.',
    );
    const result = await bed.temporal.client.workflow.getHandle(uploadWorkflowId(beatId, taskQueue)).result();
    expect(result).toEqual({ beatId, outcome: 'failed', reason: FINGERPRINT_MATCH_REASON });
    expect(await failure(beatId)).toEqual([
      expect.objectContaining({ code: 'fingerprintMatch', matchedBeatId: firstBeatId }),
    ]);
    expect(await published(beatId)).toHaveLength(0);
    // A failed upload's fingerprint is dropped: it never blocks anyone.
    const left = await bed.db.query(`SELECT 1 FROM ${bed.schema}.fingerprint_hashes WHERE beat_id = $1`, [
      beatId,
    ]);
    expect(left.rows).toHaveLength(0);
  }, 90_000);

  it('publishes producer A re-uploading their own beat, and stores its fingerprint once', async () => {
    reuploadId = await finalized('Original By A (again)', files(original), 'producer-a');
    await flow.start(reuploadId);
    expect((await settled(reuploadId)).status).toBe('published');
    expect(await published(reuploadId)).toHaveLength(1);
    const stored = await bed.db.query<{ hash_count: number; n: string }>(
      `SELECT f.hash_count, (SELECT count(*) FROM ${bed.schema}.fingerprint_hashes h WHERE h.beat_id = f.beat_id) AS n
         FROM ${bed.schema}.fingerprints f WHERE f.beat_id = $1 AND f.producer_id = 'producer-a'`,
      [reuploadId],
    );
    expect(stored.rows).toHaveLength(1);
    expect(Number(stored.rows[0]!.n)).toBe(stored.rows[0]!.hash_count);
    expect(stored.rows[0]!.hash_count).toBeGreaterThan(500);
  }, 90_000);

  it("publishes producer B's own, different beat", async () => {
    const other = renderClip({ ...clip, seed: 62, tonic: 7, bpm: 136 }).samples;
    const beatId = await finalized('Really By B', files(other), 'producer-b');
    await flow.start(beatId);
    expect((await settled(beatId)).status).toBe('published');
    expect(await failure(beatId)).toEqual([]);
  }, 90_000);

  it("no longer blocks with A's beats once A deleted them", async () => {
    await catalog.commands.deleteBeat(firstBeatId);
    await catalog.commands.deleteBeat(reuploadId);
    const gone = await bed.db.query(`SELECT 1 FROM ${bed.schema}.fingerprints WHERE beat_id = ANY($1)`, [
      [firstBeatId, reuploadId],
    ]);
    expect(gone.rows).toHaveLength(0);
    const beatId = await finalized('Now By B', files(original), 'producer-b');
    await flow.start(beatId);
    expect((await settled(beatId)).status).toBe('published');
  }, 90_000);
});
