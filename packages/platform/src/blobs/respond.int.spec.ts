import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import { HttpProblem, problemHandler } from '../http/problem';
import { FilesystemBlobStore } from './filesystem';
import { sendBlob, type BlobAnswerOptions } from './respond';

/** sendBlob on a real filesystem store behind a real listening server (fetch as the client). */
describe('sendBlob', () => {
  let root: string;
  let store: FilesystemBlobStore;
  let base: string;
  let close: () => Promise<void>;
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));

  const serve = (key: string, options: Partial<BlobAnswerOptions>) => {
    const answer: BlobAnswerOptions = {
      cacheControl: 'public, max-age=60',
      notFound: () => new HttpProblem(404, 'No such beat.', 'not_found'),
      ...options,
    };
    return (req: express.Request, res: express.Response, next: express.NextFunction) =>
      void sendBlob(req, res, store, key, answer).catch(next);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'send-blob-'));
    store = new FilesystemBlobStore({ root, secret: 's'.repeat(32), publicUrl: '/blobs' });
    await store.put('audio/a.mp3', Readable.from([bytes]), { contentType: 'audio/mpeg' });
    await store.put('raw/b.bin', Readable.from([bytes]));
    const app = express()
      .get('/a', serve('audio/a.mp3', { revalidate: true }))
      .head('/a', serve('audio/a.mp3', { revalidate: true }))
      .get('/b', serve('raw/b.bin', { fallbackContentType: 'audio/mpeg' }))
      .get('/forced', serve('raw/b.bin', { contentType: 'audio/wav', cacheControl: 'private, no-store' }))
      .get('/missing', serve('audio/none.mp3', {}))
      .use(problemHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await rm(root, { recursive: true, force: true });
  });

  const get = async (url: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(base + url, { headers, method });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('answers the whole blob with its type, caching, ETag and Last-Modified', async () => {
    const { response, body } = await get('/a');
    expect(response.status).toBe(200);
    expect(body.equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('last-modified')).toBeTruthy();
  });

  it('answers one range with 206, a suffix range too, and an unsatisfiable one with 416', async () => {
    const part = await get('/a', { range: 'bytes=100-199' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(part.body.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get('/a', { range: 'bytes=-7' });
    expect(tail.body.equals(bytes.subarray(-7))).toBe(true);
    const outside = await get('/a', { range: 'bytes=9000-' });
    expect(outside.response.status).toBe(416);
    expect(outside.response.headers.get('content-range')).toBe('bytes */5000');
  });

  it('answers HEAD without a body, and a matching revalidation with 304 only when asked to', async () => {
    const head = await get('/a', {}, 'HEAD');
    expect(head.response.headers.get('content-length')).toBe('5000');
    expect(head.body.length).toBe(0);
    const etag = head.response.headers.get('etag')!;
    expect((await get('/a', { 'if-none-match': etag })).response.status).toBe(304);
    const forced = await get('/forced', { 'if-none-match': etag });
    expect(forced.response.status).toBe(200);
    expect(forced.response.headers.get('content-type')).toBe('audio/wav');
    expect(forced.response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("uses the fallback type for a blob stored without one, and the service's 404 for a missing blob", async () => {
    const stored = await get('/b');
    expect(stored.response.headers.get('content-type')).toBe(
      (await store.head('raw/b.bin'))!.contentType ?? 'audio/mpeg',
    );
    const missing = await get('/missing');
    expect(missing.response.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).detail).toBe('No such beat.');
  });
});
