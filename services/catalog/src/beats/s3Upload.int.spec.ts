import request from 'supertest';
import { createBlobStore, type S3BlobStore } from '@beatmatch/platform';
import { requireEnv } from '@beatmatch/testing';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { uploadLimitsFromMb } from '../upload/limits';

/**
 * The distributed profile's upload path: the catalog hands out S3 presigned PUT URLs (no gateway in
 * between) for one upload attempt's object, the browser PUTs to S3, confirm copies it to the beat's key
 * and checks it there (a later PUT through the URL never reaches the beat), playback reads it with
 * Range. On the local S3-compatible server of deploy/local and real PostgreSQL.
 */
let bed: CatalogTestbed;
let store: S3BlobStore;
let catalog: CatalogService;
let headers: Record<string, string>;

beforeAll(async () => {
  bed = await catalogTestbed('s3');
  store = (await createBlobStore({
    store: 's3',
    endpoint: requireEnv('S3_ENDPOINT'),
    region: process.env.S3_REGION ?? 'us-east-1',
    bucket: requireEnv('S3_BUCKET'),
    accessKeyId: requireEnv('S3_ACCESS_KEY'),
    secretAccessKey: requireEnv('S3_SECRET_KEY'),
    createBucket: true,
  })) as S3BlobStore;
  bed.onClose(() => store.client.destroy());
  headers = await bed.headers({ userId: '55555555-5555-4555-8555-555555555555', userName: 'erin' });
  catalog = await bed.catalog({
    blobs: async () => store,
    limits: uploadLimitsFromMb({ snippet: 1, mp3: 1, wav: 1, trackout: 1, cover: 1 }),
  });
});
afterAll(() => bed?.close());

const post = (route: string, body: object) => request(catalog.app).post(route).set(headers).send(body);

it('signs an S3 PUT, confirms the object in the bucket, and plays it back with Range', async () => {
  const reference = await post('/uploads/reference', {
    name: 'Cloud Beat',
    isBeatBattle: true,
  });
  expect(reference.status).toBe(200);
  const beatId = reference.body.beatRefId as string;
  const key = `wavs_and_mp3s/${beatId}.mp3`;
  try {
    const signed = await post('/uploads/url', { type: 'mp3', trackId: beatId, fileKey: 'beat.mp3' });
    expect(signed.status).toBe(200);
    const url = new URL(signed.body.data as string);
    // The URL writes this attempt's own object, never the beat's file.
    expect(url.pathname).toContain(`uploads/${beatId}/mp3/`);
    expect(url.pathname).not.toContain(key);
    const body = Buffer.from('ID3 mp3 frames of a cloud beat');
    const put = await fetch(url, {
      method: 'PUT',
      body,
      headers: signed.body.headers as Record<string, string>,
    });
    expect(put.status).toBe(200);

    const confirmed = await post('/uploads/confirm', { type: 'mp3', refId: beatId, isBeatBattle: true });
    expect(confirmed.status).toBe(200);
    expect((await catalog.commands.getBeat(beatId))?.uploads.mp3).toEqual({ key, size: body.length });

    // A presigned PUT cannot be revoked: S3 still takes it, but on the spent attempt's object, which
    // no confirm takes again; the beat's file keeps the confirmed bytes.
    const swapped = await fetch(url, {
      method: 'PUT',
      body: Buffer.from('<html>another producer’s audio</html>'),
      headers: signed.body.headers as Record<string, string>,
    });
    expect(swapped.status).toBe(200);
    const again = await post('/uploads/confirm', { type: 'mp3', refId: beatId, isBeatBattle: true });
    expect([again.status, again.body.message]).toEqual([
      400,
      'Empty fields. Please ensure all files were chosen.',
    ]);
    expect((await store.head(key))?.size).toBe(body.length);
    expect(await store.list(`uploads/${beatId}/`)).toEqual([]);

    const part = await request(catalog.app)
      .get(`/beats/play?beatId=${beatId}`)
      .set(headers)
      .set('Range', 'bytes=4-6')
      .buffer(true);
    expect(part.status).toBe(206);
    expect(Buffer.from(part.body as Buffer).toString()).toBe('mp3');
  } finally {
    await store.delete(key);
    for (const stat of await store.list(`uploads/${beatId}/`)) await store.delete(stat.key);
  }
});
