import request from 'supertest';
import { sampleDna } from '@beatmatch/testing';
import { audioLimits, catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { DEMO_BEATS_IN_FLIGHT, demoBeats } from './catalogue';

/**
 * The demo catalogue on a first start (issue 20 item 15), on real PostgreSQL with a stand-in upload
 * workflow that publishes only when the test says: the seed lets DEMO_BEATS_IN_FLIGHT beats wait for
 * analysis and no more, so the first beats are published first; beatmatch_demo_catalogue says how far
 * it is (what the player shows instead of "No beat found!").
 */
const BEATS = 3;
let bed: CatalogTestbed;
let catalog: CatalogService;
const started: string[] = [];
const startedAt: number[] = [];

beforeAll(async () => {
  bed = await catalogTestbed('demo_progress');
  catalog = await bed.catalog({
    limits: audioLimits,
    uploadWorkflow: () => ({
      start: async (beatId: string) => {
        started.push(beatId);
        startedAt.push(Date.now());
      },
    }),
    demoCatalogue: { beats: BEATS },
  });
  await catalog.start();
}, 60_000);

afterAll(() => bed?.close());

const progress = async () => {
  const answer = await request(catalog.app)
    .get('/demo/progress')
    .set(await bed.headers());
  expect(answer.status).toBe(200);
  return answer.body as { preparing: boolean; ready: number; total: number };
};

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const publish = async (beatId: string) => {
  await catalog.commands.startAnalysis(beatId);
  await catalog.commands.completeAnalysis(beatId, { dna: sampleDna() });
};

it('says the demo catalogue is being prepared, with none ready yet', async () => {
  expect(await progress()).toEqual({ preparing: true, ready: 0, total: BEATS });
});

it('finalizes no more beats than may wait for analysis, so the first are published first', async () => {
  const ids = demoBeats(BEATS).map((beat) => beat.beatId);
  await eventually(
    async () => started.length,
    (count) => count >= DEMO_BEATS_IN_FLIGHT,
  );
  // Time for the next beat to be rendered (twice what the second took): it still waits while two are pending.
  const renderMs = startedAt[1]! - startedAt[0]!;
  await new Promise((resolve) => setTimeout(resolve, Math.max(4000, 2 * renderMs)));
  expect(started).toEqual(ids.slice(0, DEMO_BEATS_IN_FLIGHT));

  await publish(ids[0]!);
  expect(await progress()).toEqual({ preparing: true, ready: 1, total: BEATS });
  await eventually(
    async () => started.length,
    (count) => count === BEATS,
  );
  expect(started).toEqual(ids);
}, 120_000);

it('is done once every demo beat is published', async () => {
  const ids = demoBeats(BEATS).map((beat) => beat.beatId);
  await publish(ids[1]!);
  await publish(ids[2]!);
  const done = await eventually(progress, (value) => !value.preparing);
  expect(done).toEqual({ preparing: false, ready: BEATS, total: BEATS });
}, 60_000);
