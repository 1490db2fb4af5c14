import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Readable } from 'node:stream';
import { beatFileKey, STORE_MESSAGES } from '@beatmatch/contracts';
import { sampleDna } from '@beatmatch/testing';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';

/** The public store's beats on real PostgreSQL: only a producer's public, published, active beats. */
let bed: CatalogTestbed;
let catalog: CatalogService;
let visitor: Record<string, string>;
const producer = { id: randomUUID(), name: 'ann' };

beforeAll(async () => {
  bed = await catalogTestbed('store');
  visitor = await bed.headers();
  catalog = await bed.catalog();
  await catalog.start();
});
afterAll(() => bed?.close());

async function published(name: string, genre: string, kind: 'public' | 'private' = 'public') {
  const beatId = randomUUID();
  const { commands } = catalog;
  const prices = { firstDate: 1999, relationship: 3999, marriage: null };
  await commands.draftBeat({
    beatId,
    producerId: producer.id,
    producerName: producer.name,
    name,
    kind,
    prices,
  });
  for (const type of kind === 'public' ? (['snippet', 'mp3', 'wav'] as const) : (['mp3', 'wav'] as const)) {
    const audio = Buffer.from(`${type} of ${name} `.repeat(40));
    await bed.blobs.put(beatFileKey(beatId, type), Readable.from([audio]));
    await commands.recordFile(beatId, type, beatFileKey(beatId, type), audio.length);
  }
  await commands.receiveFiles(beatId, { name, zipUploaded: false, cover: null });
  await commands.startAnalysis(beatId);
  await commands.completeAnalysis(beatId, { dna: sampleDna({ genreTags: [{ tag: genre, score: 0.9 }] }) });
  return beatId;
}

const lab = (body: object) => request(catalog.app).post('/store/beats').set(visitor).send(body);

it("lists a producer's public beats with their genres and prices, and never a draft, a private beat or another's", async () => {
  await published('Night Drive', 'trap');
  await published('Sunny', 'pop');
  await catalog.commands.draftBeat({
    beatId: randomUUID(),
    producerId: producer.id,
    producerName: producer.name,
    name: 'Still uploading',
    kind: 'public',
    prices: { firstDate: 100, relationship: 200, marriage: null },
  });
  await published('Kept private', 'trap', 'private');
  const answer = await lab({ userId: producer.id });
  expect(answer.status).toBe(200);
  expect(
    answer.body.beats.map((beat: { beatName: string; beatTags: { genreTags: string[] } }) => [
      beat.beatName,
      beat.beatTags.genreTags,
    ]),
  ).toEqual([
    ['Sunny', ['pop']],
    ['Night Drive', ['trap']],
  ]);
  expect(answer.body.beats[0]).toMatchObject({
    userId: producer.id,
    producerName: 'ann',
    firstDatePackage: '19.99',
  });
  expect((await lab({ userId: randomUUID() })).body).toEqual({ beats: [] });
  expect((await lab({})).body).toMatchObject({ status: 400, detail: STORE_MESSAGES.producerRequired });
});
