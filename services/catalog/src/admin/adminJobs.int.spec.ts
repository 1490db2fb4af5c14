import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { BeatDna } from '@beatmatch/contracts';
import { requireEnv, sampleDna, waitFor } from '@beatmatch/testing';
import { installTemporalRuntime } from '@beatmatch/platform/workflows';
import { SqlEntitlements } from '../entitlements/projection';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { catalogAdmin } from '.';

/**
 * The catalog's maintenance jobs on real PostgreSQL and Temporal (TEMPORAL_ADDRESS): Fill BeatTags over
 * 50 beats whose worker dies halfway (its analysis never returns, its worker is shut down) and Temporal
 * hands the step to another — each beat tagged once, even when the dead worker's analysis comes back
 * late; the job's progress through its call (started by the service, run by a worker on its queue); Set Genre Filters and Fill
 * Rankings from the beats' DNA and stats; Remove Inactive Beats leaves inactive-crate beats out.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
let bed: CatalogTestbed;
let catalog: CatalogService;
const ANN = { id: randomUUID(), name: 'ann' };
const BOB = { id: randomUUID(), name: 'bob' };
const beatIds: string[] = [];
const workers: Array<{ stop(): Promise<void> }> = [];
/** Each test's jobs on a task queue of their own (the workers' analyses differ). */
const queue = () => `catalog-admin-jobs-test-${randomUUID()}`;
const workflowsOn = (taskQueue: string) => ({
  temporal: { address: requireEnv('TEMPORAL_ADDRESS') },
  taskQueue,
});
const SERVICE_QUEUE = queue();

async function publish(producer: { id: string; name: string }, index: number, dna: Partial<BeatDna> = {}) {
  const beatId = randomUUID();
  const { commands } = catalog;
  await commands.draftBeat({
    beatId,
    producerId: producer.id,
    producerName: producer.name,
    name: `beat ${index}`,
    kind: 'private',
    prices: { firstDate: 1999, relationship: 3999, marriage: null },
  });
  await commands.recordFile(beatId, 'mp3', `wavs_and_mp3s/${beatId}.mp3`, 100);
  await commands.recordFile(beatId, 'wav', `wavs_and_mp3s/${beatId}.wav`, 100);
  await commands.receiveFiles(beatId, { name: `beat ${index}`, zipUploaded: false, cover: null });
  await commands.startAnalysis(beatId);
  await commands.completeAnalysis(beatId, { dna: sampleDna(dna) });
  await commands.changePrivacy(beatId, false);
  return beatId;
}

beforeAll(async () => {
  installTemporalRuntime('ERROR'); // the killed worker's step fails on purpose
  bed = await catalogTestbed('admin_jobs');
  catalog = await bed.catalog({ clock: () => NOW, adminJobs: workflowsOn(SERVICE_QUEUE) });
  for (let index = 0; index < 50; index += 1)
    beatIds.push(
      await publish(index % 2 ? BOB : ANN, index, {
        genreTags: [{ tag: index % 5 ? 'hip hop' : 'pop', score: 0.9 }],
        moodTags: [{ tag: 'dark', score: 0.7 }],
      }),
    );
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await bed?.close();
});

/** The catalog's admin jobs with their worker polling taskQueue. */
async function admin(analyseBeat: (beatId: string) => Promise<BeatDna | null>, taskQueue = queue()) {
  const created = catalogAdmin.create({
    db: bed.db,
    schema: bed.schema,
    logger: bed.logger,
    clock: () => NOW,
    queries: catalog.queries,
    commands: catalog.commands,
    entitlements: new SqlEntitlements(bed.db, bed.schema),
    blobs: async () => bed.blobs,
    analyseBeat,
    adminJobs: workflowsOn(taskQueue),
  });
  workers.push(created.jobs);
  created.jobs.start();
  await created.jobs.ready();
  return created;
}

const tagging = async () =>
  (
    await bed.db.query<{ beat_id: string; times_tagged: number }>(
      `SELECT beat_id, times_tagged FROM ${bed.schema}.beat_tagging`,
    )
  ).rows;

it('Fill BeatTags: a worker dies halfway, another resumes, and each of the 50 beats is tagged once', async () => {
  const analysed: string[] = [];
  let releaseDeadWorker!: () => void;
  const deadWorkerHangs = new Promise<void>((resolve) => (releaseDeadWorker = resolve));
  const retagged = (beatId: string) => sampleDna({ genreTags: [{ tag: `retagged ${beatId}`, score: 1 }] });
  const sharedQueue = queue();
  const first = await admin(async (beatId) => {
    analysed.push(beatId);
    if (analysed.length === 26) await deadWorkerHangs; // the worker dies in the middle of its 26th beat
    return retagged(beatId);
  }, sharedQueue);
  const { jobId } = await first.jobs.begin('fill_beat_tags');
  await waitFor('25 beats tagged', async () => (await tagging()).length === 25, 60_000);

  // The first worker goes down with its step in hand; Temporal retries the step on the second.
  const firstStopped = first.jobs.stop();
  const second = await admin(async (beatId) => {
    analysed.push(beatId);
    return retagged(beatId);
  }, sharedQueue);
  await waitFor(
    'the resumed job',
    async () => (await second.jobs.status(jobId)).state === 'succeeded',
    60_000,
  );
  // The dead worker's analysis comes back late: that beat is already done, and it takes no other.
  releaseDeadWorker();
  await firstStopped;
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // time for the abandoned step to do harm

  const rows = await tagging();
  expect(rows).toHaveLength(50);
  expect(rows.every((row) => row.times_tagged === 1)).toBe(true);
  expect(new Set(analysed)).toEqual(new Set(beatIds));
  expect(analysed).toHaveLength(51); // the one beat in the dead worker's hands was analysed again
  const { rows: tags } = await bed.db.query<{ beat_id: string; tag: string }>(
    `SELECT beat_id, tag FROM ${bed.schema}.beat_tags WHERE kind = 'genreTags'`,
  );
  expect(tags.every((row) => row.tag === `retagged ${row.beat_id}`)).toBe(true);
  expect(await second.jobs.status(jobId)).toMatchObject({
    job: 'fill_beat_tags',
    done: 50,
    total: 50,
    result: 'Tagged 50 beats from their DNA.',
  });
}, 120_000);

it('ends a job failed, with the reason, when a step still fails after its three attempts', async () => {
  let analyses = 0;
  const { jobs } = await admin(async () => {
    analyses += 1;
    throw new Error('the DNA engine is down');
  });
  const { jobId } = await jobs.begin('fill_beat_tags');
  await jobs.settled(jobId);
  expect(await jobs.status(jobId)).toMatchObject({
    state: 'failed',
    done: 0,
    total: 50,
    result: 'Failed: the DNA engine is down',
  });
  expect(analyses).toBe(3);
}, 30_000);

it('starts a job and answers its progress through the calls (admin only), 404 for an unknown job', async () => {
  await admin(async () => sampleDna(), SERVICE_QUEUE); // the worker of the service's queue
  const adminHeaders = await bed.headers({ userId: ANN.id, userName: 'ann', roles: ['admin'] });
  const producer = await bed.headers({ userId: BOB.id, userName: 'bob' });
  const call = (path: string, headers: Record<string, string>, body: object = {}) =>
    request(catalog.app).post(path).set(headers).send(body);
  expect((await call('/admin/jobs/genre-filters', producer)).status).toBe(403);
  const started = await call('/admin/jobs/genre-filters', adminHeaders);
  expect(started.status).toBe(200);
  const { jobId } = started.body as { jobId: string };
  const status = () => call('/admin/jobs/status', adminHeaders, { jobId });
  await waitFor('the job ends', async () => (await status()).body.state !== 'running');
  expect((await status()).body).toMatchObject({ job: 'add_genres', state: 'succeeded', done: 3, total: 3 });
  expect((await call('/admin/jobs/status', adminHeaders, { jobId: randomUUID() })).status).toBe(404);
  expect((await call('/admin/jobs/status', producer, { jobId })).status).toBe(403);
});

const filters = async () =>
  (
    await bed.db.query<{ kind: string; tag: string; beats: number }>(
      `SELECT kind, tag, beats FROM ${bed.schema}.genre_filters ORDER BY kind, tag`,
    )
  ).rows;

it('Set Genre Filters counts the beats behind each genre and mood; Remove Inactive Beats leaves the inactive out', async () => {
  const { jobs } = await admin(async () => sampleDna());
  await jobs.settled((await jobs.begin('add_genres')).jobId);
  expect(await filters()).toEqual(
    expect.arrayContaining([
      { kind: 'genre', tag: 'hip hop', beats: 40 },
      { kind: 'genre', tag: 'pop', beats: 10 },
      { kind: 'mood', tag: 'dark', beats: 50 },
    ]),
  );
  await catalog.commands.changeCrate(beatIds[0]!, 'inactive'); // index 0: a pop beat
  await bed.db.query(`INSERT INTO ${bed.schema}.admin_settings (leave_out_inactive) VALUES (true)`);
  const { jobId } = await jobs.begin('add_genres');
  await jobs.settled(jobId);
  expect(await filters()).toContainEqual({ kind: 'genre', tag: 'pop', beats: 9 });
  expect((await jobs.status(jobId)).result).toBe('Filter lists rebuilt: 2 genres, 1 subgenres, 1 moods.');
});

it('Fill Rankings Table ranks producers by their plays, matches and sales', async () => {
  const insert = (producerId: string, kind: 'play' | 'match', n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        bed.db.query(
          `INSERT INTO ${bed.schema}.dashboard_activity (event_id, producer_id, kind, at) VALUES ($1, $2, $3, $4)`,
          [randomUUID(), producerId, kind, NOW.toISOString()],
        ),
      ),
    );
  await insert(ANN.id, 'play', 5);
  await insert(BOB.id, 'match', 3);
  const { jobs } = await admin(async () => sampleDna());
  const { jobId } = await jobs.begin('beatmatch_fill_rankings');
  await jobs.settled(jobId);
  const { rankingsOf } = await import('./rankings');
  const rankings = await rankingsOf(bed.db, bed.schema);
  expect(rankings.producers.map((row) => [row.rank, row.producerName, row.score])).toEqual([
    [1, 'bob', 9],
    [2, 'ann', 5],
  ]);
  expect(rankings.beats).toHaveLength(49); // the inactive beat is left out while the toggle is on
  expect((await jobs.status(jobId)).result).toBe('Ranked 2 producers and 49 beats.');
  // Pioneers and beat battles read them as any visitor does.
  const read = await request(catalog.app)
    .get('/rankings')
    .set(await bed.headers());
  expect([read.status, read.body.producers[0]?.producerName]).toEqual([200, 'bob']);
  const genres = await request(catalog.app)
    .get('/genre-filters')
    .set(await bed.headers());
  expect([genres.status, genres.body.filters.length]).toEqual([200, 4]);
});
