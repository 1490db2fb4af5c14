import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { integrationEvent, COMMERCE_TOPIC, FREE_ENTITLEMENTS, NO_EXAMPLE_BEAT } from '@beatmatch/contracts';
import { sampleDna } from '@beatmatch/testing';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';

/**
 * The marketing pages' public reads on real PostgreSQL: the Pioneers list (real producers in the order
 * they joined, lifetime members flagged from commerce's entitlements, demo beats left out) and the
 * example beat (the first published demo beat: its DNA tags and its snippet with Range).
 */
let bed: CatalogTestbed;
let catalog: CatalogService;
let visitor: Record<string, string>;

beforeAll(async () => {
  bed = await catalogTestbed('showcase');
  visitor = await bed.headers();
  catalog = await bed.catalog({ relayPollMs: 50 });
  await catalog.start();
});

afterAll(() => bed?.close());

/** A beat published through the command surface, as the upload workflow publishes one. */
async function publish(
  producer: { id: string; name: string },
  name: string,
  options: { demo?: boolean } = {},
) {
  const audioOf = (type: string) => Buffer.from(`${type} audio of ${name} `.repeat(20));
  const beatId = await bed.receivedUpload(
    catalog,
    {
      beatId: randomUUID(),
      producerId: producer.id,
      producerName: producer.name,
      name,
      prices: { firstDate: 2500, relationship: 4000, marriage: null },
      ...(options.demo ? { demo: true } : {}),
    },
    { snippet: audioOf('snippet'), mp3: audioOf('mp3'), wav: audioOf('wav') },
  );
  await catalog.commands.startAnalysis(beatId);
  await catalog.commands.completeAnalysis(beatId, {
    dna: sampleDna({ transformerCaption: `caption of ${name}` }),
  });
  return beatId;
}

const post = (route: string) => request(catalog.app).post(route).set(visitor);

it('answers the empty state, not a 404, before an example beat is published', async () => {
  const tags = await post('/showcase/example/tags');
  expect(tags.status).toBe(200);
  expect(tags.body).toEqual({ name: null, message: NO_EXAMPLE_BEAT });
  const audio = await request(catalog.app).get('/showcase/example/audio').set(visitor);
  expect(audio.status).toBe(204);
  expect(audio.body).toEqual({});
});

it('lists real producers in the order they joined, lifetime members flagged, demo producers left out', async () => {
  const ann = { id: randomUUID(), name: 'ann' };
  const bob = { id: randomUUID(), name: 'bob' };
  const demo = { id: randomUUID(), name: 'Demo Producer' };
  await publish(demo, 'Demo One', { demo: true });
  await publish(bob, 'Bob First');
  await publish(ann, 'Ann First');
  await publish(bob, 'Bob Second');
  const at = new Date();
  const lifer = integrationEvent(
    'commerce.EntitlementsChanged',
    1,
    { ...FREE_ENTITLEMENTS, lifer: true, userId: ann.id, changedAt: at.toISOString() },
    at,
  );
  await bed.bus.publish(COMMERCE_TOPIC, [{ key: ann.id, event: lifer }]);
  let body: {
    pioneers: Array<{ usernameDisplay: string; lifetime_member: number; uploads: number }>;
    uploads: number;
  };
  for (const deadline = Date.now() + 10_000; ;) {
    body = (await post('/showcase/pioneers')).body;
    if (body.pioneers.some((p) => p.lifetime_member === 1) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(body.pioneers).toEqual([
    { usernameDisplay: 'bob', lifetime_member: 0, uploads: 2 },
    { usernameDisplay: 'ann', lifetime_member: 1, uploads: 1 },
  ]);
  expect(body.uploads).toBe(3);
});

it('the example is the first demo beat: its DNA tags, and its snippet with Range', async () => {
  const tags = await post('/showcase/example/tags');
  expect(tags.status).toBe(200);
  expect(tags.body).toMatchObject({
    name: 'Demo One',
    producerName: 'Demo Producer',
    coverArtUrl: null,
    data: { transformerCaption: 'caption of Demo One', genreTags: ['hip hop'], instrumentTags: ['808'] },
  });
  const whole = await request(catalog.app)
    .get('/showcase/example/audio')
    .set(visitor)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(whole.status).toBe(200);
  expect(whole.headers['content-type']).toBe('audio/mpeg');
  expect((whole.body as Buffer).toString()).toBe('snippet audio of Demo One '.repeat(20));
  const part = await request(catalog.app)
    .get('/showcase/example/audio')
    .set(visitor)
    .set('Range', 'bytes=0-6');
  expect(part.status).toBe(206);
  expect(part.headers['content-range']).toMatch(/^bytes 0-6\/\d+$/);
});
