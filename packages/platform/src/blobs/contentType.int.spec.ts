import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { requireEnv } from '@beatmatch/testing';
import { createBlobStore, type S3BlobStore } from './index';

/**
 * Stored files carry their real media type on the S3 server deploy/local starts (versitygw): a file
 * sent through a presigned PUT without a type and then copied to its final key the way catalog's
 * confirm step does, a type claimed wrongly, and a download with its file name.
 */
const wav = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(64, 1),
]);
const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64, 2)]);
const bareMp3Frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64, 3)]);
const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(32, 4)]);
const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

describe('S3 objects carry the type their content shows', () => {
  let store: S3BlobStore;
  const prefix = `content-type-${randomUUID()}/`;

  beforeAll(async () => {
    store = (await createBlobStore({
      store: 's3',
      endpoint: requireEnv('S3_ENDPOINT'),
      region: process.env.S3_REGION ?? 'us-east-1',
      bucket: requireEnv('S3_BUCKET'),
      accessKeyId: requireEnv('S3_ACCESS_KEY'),
      secretAccessKey: requireEnv('S3_SECRET_KEY'),
      createBucket: true,
    })) as S3BlobStore;
  });
  afterAll(async () => {
    for (const blob of await store.list(prefix)) await store.delete(blob.key);
    store.client.destroy();
  });

  /** The browser's part: a plain PUT of the bytes to the presigned URL, with no Content-Type. */
  async function sendThroughPresignedUrl(key: string, bytes: Buffer) {
    const signed = await store.signedUploadUrl(key, { expiresIn: 60, maxBytes: 1024 });
    const sent = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(200);
  }

  it.each([
    ['snippet.mp3', mp3, 'audio/mpeg'],
    ['untagged.mp3', bareMp3Frame, 'audio/mpeg'],
    ['master.wav', wav, 'audio/wav'],
  ])('%s sent through a presigned URL keeps its type once copied to its key', async (name, bytes, type) => {
    const attempt = `${prefix}attempt-${name}`;
    await sendThroughPresignedUrl(attempt, bytes);
    const { body } = await store.get(attempt);
    const stored = await store.put(`${prefix}${name}`, body, { maxBytes: 1024 });
    expect(stored.contentType).toBe(type);
    expect((await store.head(`${prefix}${name}`))?.contentType).toBe(type);
  });

  it('trusts the bytes over a claimed type, and keeps a claim the bytes cannot check', async () => {
    expect(
      (await store.put(`${prefix}claimed.png`, Readable.from([mp3]), { contentType: 'image/png' }))
        .contentType,
    ).toBe('audio/mpeg');
    expect((await store.put(`${prefix}cover.png`, Readable.from([png]))).contentType).toBe('image/png');
    expect(
      (
        await store.put(`${prefix}notes.txt`, Readable.from([Buffer.from('plain')]), {
          contentType: 'text/plain',
        })
      ).contentType,
    ).toBe('text/plain');
    expect((await store.put(`${prefix}unknown.bin`, Readable.from([Buffer.from('??')]))).contentType).toBe(
      'application/octet-stream',
    );
  });

  it('reads a body that arrives a byte at a time and keeps it whole', async () => {
    const key = `${prefix}trickle.wav`;
    const stored = await store.put(key, Readable.from([...wav].map((byte) => Buffer.from([byte]))));
    expect(stored.contentType).toBe('audio/wav');
    const { body } = await store.get(key);
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(wav)).toBe(true);
  });

  it('serves a download with its type and its file name', async () => {
    await store.put(`${prefix}beat.mp3`, Readable.from([mp3]));
    await store.put(`${prefix}licence.pdf`, Readable.from([pdf]));
    const downloads = [
      [`${prefix}beat.mp3`, 'Night Drive (Basic).mp3', 'audio/mpeg'],
      [`${prefix}licence.pdf`, 'Night Drive (Basic) licence.pdf', 'application/pdf'],
    ] as const;
    for (const [key, filename, type] of downloads) {
      const answer = await fetch(await store.signedDownloadUrl(key, { expiresIn: 60, filename }));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
    }
  });
});
