import { Readable } from 'node:stream';
import request from 'supertest';
import { integrationEvent, mp3Key, snippetKey, UNAVAILABLE_REASONS } from '@beatmatch/contracts';
import { InProcessEventBus, type Caller, type FilesystemBlobStore } from '@beatmatch/platform';
import { samplePublishedBeat, serviceTestbed, waitFor, type ServiceTestbed } from '@beatmatch/testing';
import { createMatchmakerService } from '../index';

/**
 * The Match List's full beats (issue 20 item 14) on real PostgreSQL: a signed-in listener streams the
 * whole MP3 (Range) of a beat they matched; not a beat they did not match, not another listener's
 * match, not a visitor (who keeps the snippet).
 */
let bed: ServiceTestbed;
let blobs: FilesystemBlobStore;
let matchmaker: Awaited<ReturnType<typeof createMatchmakerService>>;
const bus = new InProcessEventBus();
const ANN: Caller = { userId: 'user-ann', userName: 'ann' };
const BOB: Caller = { userId: 'user-bob', userName: 'bob' };
const MATCHED = 'beat-matched';
const UNMATCHED = 'beat-unmatched';
/** Matched by Ann while active; then its producer's subscription ended (issue 29 item 5). */
const INACTIVE = 'beat-inactive';
const fullMp3 = Buffer.alloc(200_000, 7);
const snippetMp3 = Buffer.alloc(5_000, 3);

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'matchmaker_full' });
  blobs = await bed.blobStore();
  matchmaker = await createMatchmakerService({
    db: bed.db,
    bus,
    verifier: bed.verifier,
    logger: bed.logger,
    blobs: async () => blobs,
    schema: bed.schema,
    relayPollMs: 100,
  });
  bed.onClose(() => matchmaker.stop());
  await matchmaker.start();
  for (const beatId of [MATCHED, UNMATCHED, INACTIVE]) {
    await blobs.put(mp3Key(beatId), Readable.from(fullMp3), { contentType: 'audio/mpeg' });
    await blobs.put(snippetKey(beatId), Readable.from(snippetMp3), { contentType: 'audio/mpeg' });
    const beat = samplePublishedBeat({ beatId, producerId: 'prod-1' });
    await bus.publish('catalog', [
      { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
    ]);
  }
  for (const beatId of [MATCHED, INACTIVE]) {
    const added = await request(matchmaker.app)
      .post('/matches/add')
      .set(await bed.headers(ANN))
      .send({ beatId });
    expect(added.status).toBe(200);
  }
  const crate = { beatId: INACTIVE, crate: 'inactive' as const, changedAt: new Date().toISOString() };
  await bus.publish('catalog', [
    { key: INACTIVE, event: integrationEvent('catalog.BeatCrateChanged', 1, crate, new Date()) },
  ]);
}, 60_000);

afterAll(() => bed?.close());

const full = async (caller: Caller, beatId: string, headers: Record<string, string> = {}) =>
  request(matchmaker.app)
    .get(`/matches/full?beatId=${beatId}`)
    .set(await bed.headers(caller))
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

it('streams the whole MP3 of a matched beat to its listener, with Range', async () => {
  const whole = await full(ANN, MATCHED);
  expect(whole.status).toBe(200);
  expect(whole.headers['content-type']).toBe('audio/mpeg');
  expect(whole.headers['accept-ranges']).toBe('bytes');
  expect(whole.headers['cache-control']).toBe('private, no-store');
  expect(Buffer.compare(whole.body as Buffer, fullMp3)).toBe(0);

  const part = await full(ANN, MATCHED, { Range: 'bytes=100000-100099' });
  expect(part.status).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 100000-100099/${fullMp3.length}`);
  expect((part.body as Buffer).length).toBe(100);
});

it('refuses a beat the listener did not match, and another listener', async () => {
  expect((await full(ANN, UNMATCHED)).status).toBe(404);
  expect((await full(BOB, MATCHED)).status).toBe(404);
});

it('refuses a visitor: the signed-out Match List plays the snippet', async () => {
  const visitor = await full({ deviceId: '7d0f5b52-9a43-4c51-9a4e-0c6f3a1d2b77' }, MATCHED);
  expect(visitor.status).toBe(401);
});

describe('an inactive beat is not heard by artists (the crate rule, issue 29 item 5)', () => {
  it('serves neither its full beat nor its snippet, and the Match List says why', async () => {
    await waitFor('the crate change projected', async () => (await full(ANN, INACTIVE)).status === 404);
    const snippet = await request(matchmaker.app)
      .get(`/player/snippet?beatId=${INACTIVE}`)
      .set(await bed.headers(ANN));
    expect(snippet.status).toBe(404);
    const list = await request(matchmaker.app)
      .post('/matches')
      .set(await bed.headers(ANN))
      .send({});
    expect(list.status).toBe(200);
    const entry = (
      list.body as { beat: { beatId: string; available: boolean; unavailableReason: string }[] }
    ).beat.find((row) => row.beatId === INACTIVE);
    expect(entry).toMatchObject({ available: false, unavailableReason: UNAVAILABLE_REASONS.inactive });
  });

  it('cannot be added to a Match List', async () => {
    const added = await request(matchmaker.app)
      .post('/matches/add')
      .set(await bed.headers(BOB))
      .send({ beatId: INACTIVE });
    expect(added.status).toBe(404);
  });
});
