import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { analyze as analyzeInWorker, DnaError } from '@beatmatch/audio';
import { beatFileKey } from '@beatmatch/contracts';
import { requireEnv, waitFor } from '@beatmatch/testing';
import {
  settled as settledBeat,
  type CatalogService,
  type WorkflowTestbed,
  workflowTestbed,
} from '../testing/harness';
import { temporalUploadWorkflow, uploadWorkflowId, type TemporalUploadOptions } from './index';

/**
 * Issue 8 §3, "a worker restart mid-workflow loses nothing (test it with a kill)": an upload worker in
 * its own process (test/fixtures/killableUploadWorker.ts) is SIGKILLed while the analyseBeat activity
 * runs and heartbeats; once the attempt's heartbeat timeout passes, Temporal retries it on a worker of
 * this process and the beat is published exactly once. And an analysis that fails once is retried
 * after the policy's backoff and publishes once. Real Temporal (TEMPORAL_ADDRESS) and PostgreSQL.
 */
const fixture = path.join(__dirname, '../../test/fixtures/killableUploadWorker.ts');
let bed: WorkflowTestbed;
let catalog: CatalogService;
const children: ChildProcess[] = [];

const options = (taskQueue: string, more?: Partial<TemporalUploadOptions>) =>
  bed.uploadOptions(taskQueue, more);

beforeAll(async () => {
  bed = await workflowTestbed('kill');
  // Not started: the beats, the inline read model and the outbox are all these tests read.
  catalog = await bed.catalog();
  bed.onClose(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}, 120_000);

afterAll(() => bed?.close());

/** A public upload up to finalize, as the API records it (files stored under the §3 keys). */
const finalized = (name: string) =>
  bed.receivedUpload(
    catalog,
    { beatId: randomUUID(), producerId: 'producer-1', producerName: 'Producer One', name },
    { snippet: bed.audio.mp3, mp3: bed.audio.mp3, wav: bed.audio.wav },
  );

const settled = (beatId: string, timeoutMs: number) => settledBeat(catalog, beatId, timeoutMs);

/** catalog.BeatPublished rows of the beat in the outbox, and BeatPublished events in its stream. */
async function publications(beatId: string) {
  const outbox = await bed.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${bed.schema}.outbox WHERE event->>'type' = 'catalog.BeatPublished' AND message_key = $1`,
    [beatId],
  );
  const events = await bed.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${bed.schema}.events WHERE type = 'BeatPublished' AND stream_name = $1`,
    [`beat:${beatId}`],
  );
  return { outbox: Number(outbox.rows[0]!.n), events: Number(events.rows[0]!.n) };
}

/** The attempt of the activity's last start in the workflow's history, with the failure before it. */
async function lastStart(workflowId: string, activity: string) {
  const { events } = await bed.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled = new Set(
    (events ?? [])
      .filter((event) => event.activityTaskScheduledEventAttributes?.activityType?.name === activity)
      .map((event) => String(event.eventId)),
  );
  const started = (events ?? [])
    .map((event) => event.activityTaskStartedEventAttributes)
    .filter((attributes) => attributes && scheduled.has(String(attributes.scheduledEventId)));
  expect(started).toHaveLength(1);
  return started[0]!;
}

/** The fixture process: resolves with its JSON lines as they come; stderr kept for failure messages. */
function startWorkerProcess(taskQueue: string) {
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  const child = spawn(
    process.execPath,
    // node itself (not the tsx CLI, which would leave its node child running after kill -9).
    ['--import', 'tsx', fixture],
    {
      env: {
        ...process.env,
        DATABASE_URL: requireEnv('DATABASE_URL'),
        TEMPORAL_ADDRESS: requireEnv('TEMPORAL_ADDRESS'),
        CATALOG_SCHEMA: bed.schema,
        TASK_QUEUE: taskQueue,
        BLOB_DIR: bed.blobRoot,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (parsed.fixture) lines.push(parsed);
    } catch {
      // not one of the fixture's lines
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = async (kind: string, timeoutMs: number) => {
    try {
      await waitFor(
        `the worker process to print "${kind}"`,
        () => lines.some((l) => l.fixture === kind) || child.exitCode !== null,
        timeoutMs,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; its stderr: ${stderr}`);
    }
    const found = lines.find((l) => l.fixture === kind);
    if (!found) throw new Error(`the worker process exited (${child.exitCode}) before "${kind}": ${stderr}`);
    return found;
  };
  return { child, exited, line, lines };
}

it('loses nothing when the worker process is killed -9 mid-analysis: another worker publishes the beat once', async () => {
  const taskQueue = `catalog-upload-kill-${randomUUID()}`;
  const processStarted = Date.now();
  const first = startWorkerProcess(taskQueue);
  const ready = await first.line('ready', 120_000);
  expect(ready.pid).toBe(first.child.pid);
  const readyMs = Date.now() - processStarted;

  // Only the worker process polls the queue: every activity up to the analysis runs there.
  const starter = temporalUploadWorkflow(options(taskQueue, { worker: false }))(catalog.commands);
  bed.onClose(() => starter.stop?.());
  const beatId = await finalized('Killed Mid-Analysis');
  await starter.start(beatId);
  const analysing = await first.line('analysing', 60_000);
  expect(analysing.filename).toBe(beatFileKey(beatId, 'wav'));
  expect(analysing.bytes).toBe(bed.audio.wav.length);
  expect((await catalog.queries.beat(beatId))?.status).toBe('analysing');

  first.child.kill('SIGKILL');
  const killedAt = Date.now();
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  expect((await catalog.queries.beat(beatId))?.status).toBe('analysing');
  expect(await publications(beatId)).toEqual({ outbox: 0, events: 0 });
  expect(first.lines.filter((l) => l.fixture === 'analysing')).toHaveLength(1);

  // A worker of this process (the real DNA engine) takes the attempt over once its heartbeat times out.
  const analysedHere: string[] = [];
  const second = temporalUploadWorkflow(
    options(taskQueue, {
      analyze: (bytes, analysis) => {
        analysedHere.push(analysis.filename);
        return analyzeInWorker(bytes, analysis);
      },
    }),
  )(catalog.commands);
  bed.onClose(() => second.stop?.());
  await second.run?.();
  const row = await settled(beatId, 120_000);
  const recoveredMs = Date.now() - killedAt;
  expect(row.status).toBe('published');
  const published = await bed.db.query<{ bpm: number }>(
    `SELECT (event->'payload'->'dna'->'bpm'->>'value')::float AS bpm FROM ${bed.schema}.outbox WHERE message_key = $1 AND event->>'type' = 'catalog.BeatPublished'`,
    [beatId],
  );
  // The DNA of the synthesised 128-BPM beat, measured by the second worker's engine.
  expect(Math.abs(published.rows[0]!.bpm - 128)).toBeLessThan(2);
  expect(analysedHere).toEqual([beatFileKey(beatId, 'wav')]);
  expect(await publications(beatId)).toEqual({ outbox: 1, events: 1 });

  const workflowId = uploadWorkflowId(beatId, taskQueue);
  expect(await bed.temporal.client.workflow.getHandle(workflowId).result()).toEqual({
    beatId,
    outcome: 'published',
  });
  // The history: the analysis's last attempt is a retry after the dead worker's heartbeat timeout, run
  // by this process's worker (identity `<pid>@<host>`), not by the killed one.
  const start = await lastStart(workflowId, 'analyseBeat');
  expect(start.attempt).toBeGreaterThanOrEqual(2);
  expect(start.lastFailure?.timeoutFailureInfo).toBeTruthy();
  expect(start.lastFailure?.message?.toLowerCase()).toContain('heartbeat');
  expect(start.identity?.startsWith(`${process.pid}@`)).toBe(true);

  // Started again (a retried finalize): nothing is published twice.
  await starter.start(beatId);
  await bed.temporal.client.workflow.getHandle(workflowId).result();
  expect(await publications(beatId)).toEqual({ outbox: 1, events: 1 });
  console.log(
    `kill -9 upload worker figures: ${JSON.stringify({ readyMs, recoveredMs, attempt: start.attempt })}`,
  );
}, 300_000);

it('retries an analysis that failed once after the backoff, and publishes the beat once', async () => {
  const taskQueue = `catalog-upload-retry-${randomUUID()}`;
  const calls: number[] = [];
  const worker = temporalUploadWorkflow(
    options(taskQueue, {
      analyze: async (bytes, analysis) => {
        calls.push(Date.now());
        if (calls.length === 1)
          throw new DnaError('WORKER_FAILED', 'The DNA worker exited (code 134) without a result.');
        return analyzeInWorker(bytes, analysis);
      },
    }),
  )(catalog.commands);
  bed.onClose(() => worker.stop?.());
  await worker.run?.();
  await worker.ready();
  const beatId = await finalized('Failed Once');
  await worker.start(beatId);
  const row = await settled(beatId, 90_000);
  expect(row.status).toBe('published');
  expect(calls).toHaveLength(2);
  // The heavy activities' retry policy waits 2 s before the second attempt.
  expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(1900);
  expect(await publications(beatId)).toEqual({ outbox: 1, events: 1 });

  const start = await lastStart(uploadWorkflowId(beatId, taskQueue), 'analyseBeat');
  expect(start.attempt).toBe(2);
  expect(start.lastFailure?.message).toBe('The DNA worker exited (code 134) without a result.');
}, 150_000);
