import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import { requireEnv } from '@beatmatch/testing';
import {
  blobRoutes,
  BlobKeyError,
  BlobNotFoundError,
  BlobTooLargeError,
  createBlobStore,
  FilesystemBlobStore,
  type BlobStore,
  type S3BlobStore,
} from './index';

/**
 * One contract for both blob adapters: the filesystem adapter with its signed URLs served by a real
 * listening express server (blobRoutes), and the S3 adapter against the S3-compatible server that
 * deploy/local starts (S3_ENDPOINT, versitygw).
 */
interface Target {
  store: BlobStore;
  /** Prefix that isolates this run's keys. */
  prefix: string;
  close(): Promise<void>;
}

/**
 * The stores' clock: real time moved by `signingShiftMs`. A test signs a URL in the past instead of
 * waiting for it to expire (S3 checks expiry on its server's clock, the filesystem store on this one).
 */
let signingShiftMs = 0;
const storeClock = () => new Date(Date.now() + signingShiftMs);

async function fsTarget(): Promise<Target & { store: FilesystemBlobStore; root: string; base: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'blobs-'));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = (await createBlobStore(
    {
      store: 'fs',
      dir: root,
      secret: 'test-secret-0123456789abcdef0123456789',
      publicUrl: `${base}/blobs`,
    },
    storeClock,
  )) as FilesystemBlobStore;
  const app = express();
  app.use('/blobs', blobRoutes(store));
  server.on('request', app);
  return {
    store,
    root,
    base,
    prefix: `run-${randomUUID()}/`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Target(): Promise<Target> {
  const store = (await createBlobStore(
    {
      store: 's3',
      endpoint: requireEnv('S3_ENDPOINT'),
      region: process.env.S3_REGION ?? 'us-east-1',
      bucket: requireEnv('S3_BUCKET'),
      accessKeyId: requireEnv('S3_ACCESS_KEY'),
      secretAccessKey: requireEnv('S3_SECRET_KEY'),
      createBucket: true,
    },
    storeClock,
  )) as S3BlobStore;
  const prefix = `run-${randomUUID()}/`;
  return {
    store,
    prefix,
    async close() {
      for (const blob of await store.list(prefix)) await store.delete(blob.key);
      store.client.destroy();
    },
  };
}

/** A deterministic body of `size` bytes, produced in 1 MiB chunks (never held whole). */
function patternStream(size: number, seed = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(1024 * 1024, size - sent);
      const chunk = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) chunk[i] = ((sent + i) * 31 + seed) & 0xff;
      sent += n;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** A plain HTTP request: the path is sent as written (fetch would normalise it and add no-cache headers). */
function raw(base: string, pathAndQuery: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const { hostname, port } = new URL(base);
      const request = http.request({ hostname, port, path: pathAndQuery, method, headers }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const targets: Array<[string, () => Promise<Target>]> = [
  ['filesystem adapter behind blobRoutes on a listening express server', fsTarget],
  ['S3 adapter on the local S3-compatible server (S3_ENDPOINT)', s3Target],
];

describe.each(targets)('BlobStore contract: %s', (_name, create) => {
  let target: Target;
  let store: BlobStore;
  const key = (name: string) => `${target.prefix}${name}`;

  beforeAll(async () => {
    target = await create();
    store = target.store;
  });
  afterAll(async () => {
    await target?.close();
  });

  it('streams a large body in and out unchanged (put/get/head)', async () => {
    const size = 40 * 1024 * 1024 + 123;
    const expected = await sha256(patternStream(size));
    const stat = await store.put(key('wavs_and_mp3s/large.wav'), patternStream(size), {
      contentType: 'audio/wav',
    });
    expect(stat.size).toBe(size);
    const head = await store.head(key('wavs_and_mp3s/large.wav'));
    expect(head).toMatchObject({ size, contentType: 'audio/wav' });
    expect(head?.etag).toBeTruthy();
    const { body } = await store.get(key('wavs_and_mp3s/large.wav'));
    expect(await sha256(body)).toEqual(expected);
  });

  it('reads byte ranges through the port and through a signed download URL (206, 416)', async () => {
    const k = key('snippets/range.mp3');
    await store.put(k, Readable.from([Buffer.from('0123456789abcdefghij')]), { contentType: 'audio/mpeg' });
    expect(await text((await store.get(k, { range: { start: 5, end: 9 } })).body)).toBe('56789');
    expect(await text((await store.get(k, { range: { start: 15 } })).body)).toBe('fghij');

    const url = await store.signedDownloadUrl(k, { expiresIn: 60 });
    const partial = await fetch(url, { headers: { Range: 'bytes=2-5' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(partial.headers.get('content-length')).toBe('4');
    expect(partial.headers.get('accept-ranges')).toBe('bytes');
    expect(await partial.text()).toBe('2345');
    const suffix = await fetch(url, { headers: { Range: 'bytes=-3' } });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('hij');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('etag')).toBeTruthy();
    expect(whole.headers.get('last-modified')).toBeTruthy();
    expect(await whole.text()).toBe('0123456789abcdefghij');
    const unsatisfiable = await fetch(url, { headers: { Range: 'bytes=50-60' } });
    expect(unsatisfiable.status).toBe(416);
    await unsatisfiable.arrayBuffer();
  });

  it('uploads through a signed URL before it expires, and refuses after', async () => {
    const k = key('trackouts/signed.zip');
    const upload = await store.signedUploadUrl(k, {
      expiresIn: 60,
      maxBytes: 1024,
      contentType: 'application/zip',
    });
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'PK-stems' });
    expect(put.status).toBe(200);
    expect(await store.checkUpload(k, { maxBytes: 1024 })).toMatchObject({ size: 8 });
    expect(await text((await store.get(k)).body)).toBe('PK-stems');

    // Signed 10 s ago for 1 s: expired 9 s ago, on any clock that checks it.
    signingShiftMs = -10_000;
    const shortUpload = await store.signedUploadUrl(key('trackouts/late.zip'), {
      expiresIn: 1,
      maxBytes: 1024,
      contentType: 'application/zip',
    });
    const shortDownload = await store.signedDownloadUrl(k, { expiresIn: 1 });
    signingShiftMs = 0;
    const late = await fetch(shortUpload.url, { method: 'PUT', headers: shortUpload.headers, body: 'late' });
    expect(late.status).toBe(403);
    expect(await store.head(key('trackouts/late.zip'))).toBeNull();
    const lateGet = await fetch(shortDownload);
    expect(lateGet.status).toBe(403);
    await lateGet.arrayBuffer();
  });

  it('refuses a tampered signature, a URL moved to another key, and a download URL used for upload', async () => {
    const k = key('wavs_and_mp3s/tamper.mp3');
    await store.put(k, Readable.from([Buffer.from('secret audio')]));
    const url = new URL(await store.signedDownloadUrl(k, { expiresIn: 60 }));
    const sigName = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
    const sig = url.searchParams.get(sigName)!;
    url.searchParams.set(sigName, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const tampered = await fetch(url);
    expect(tampered.status).toBe(403);
    await tampered.arrayBuffer();

    const other = key('wavs_and_mp3s/other.mp3');
    await store.put(other, Readable.from([Buffer.from('other audio')]));
    const moved = new URL(await store.signedDownloadUrl(k, { expiresIn: 60 }));
    moved.pathname = moved.pathname.replace('tamper.mp3', 'other.mp3');
    const movedResponse = await fetch(moved);
    expect(movedResponse.status).toBe(403);
    await movedResponse.arrayBuffer();

    const asUpload = await fetch(await store.signedDownloadUrl(k, { expiresIn: 60 }), {
      method: 'PUT',
      body: 'overwrite',
    });
    expect(asUpload.status).toBe(403);
    await asUpload.arrayBuffer();
    expect(await text((await store.get(k)).body)).toBe('secret audio');
  });

  it('refuses keys that could leave the store', async () => {
    for (const bad of [
      '../escape',
      'a/../../escape',
      '/etc/passwd',
      'a//b',
      'a/./b',
      '.hidden',
      'a\0b',
      'a\\b',
      '',
      'x'.repeat(600),
    ]) {
      await expect(store.put(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(BlobKeyError);
      await expect(store.head(bad)).rejects.toBeInstanceOf(BlobKeyError);
      await expect(store.signedUploadUrl(bad, { expiresIn: 60, maxBytes: 10 })).rejects.toBeInstanceOf(
        BlobKeyError,
      );
      await expect(store.signedDownloadUrl(bad, { expiresIn: 60 })).rejects.toBeInstanceOf(BlobKeyError);
    }
  });

  it('enforces the size limit on put and on signed uploads, leaving no blob', async () => {
    const k = key('trackouts/too-big.zip');
    await expect(
      store.put(k, patternStream(3 * 1024 * 1024), { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.head(k)).toBeNull();

    const upload = await store.signedUploadUrl(k, { expiresIn: 60, maxBytes: 1000 });
    const response = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: Buffer.alloc(1001, 1),
    });
    await response.arrayBuffer();
    if (store.kind === 'fs') expect(response.status).toBe(413);
    // A presigned S3 PUT cannot carry a limit: the confirm step (checkUpload) refuses and removes it.
    await expect(store.checkUpload(k, { maxBytes: 1000 })).rejects.toBeInstanceOf(
      store.kind === 'fs' ? BlobNotFoundError : BlobTooLargeError,
    );
    expect(await store.head(k)).toBeNull();
  });

  it('deletes, lists by prefix, and reports missing blobs', async () => {
    await store.put(key('list/a'), Readable.from([Buffer.from('a')]));
    await store.put(key('list/b'), Readable.from([Buffer.from('bb')]));
    await store.put(key('other/c'), Readable.from([Buffer.from('c')]));
    expect((await store.list(key('list/'))).map((b) => [b.key, b.size])).toEqual([
      [key('list/a'), 1],
      [key('list/b'), 2],
    ]);
    await store.delete(key('list/a'));
    expect(await store.head(key('list/a'))).toBeNull();
    await expect(store.get(key('list/a'))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(key('list/a'))).resolves.toBeUndefined();
    expect((await store.list(key('list/'))).map((b) => b.key)).toEqual([key('list/b')]);
    const missing = await fetch(await store.signedDownloadUrl(key('list/a'), { expiresIn: 60 }));
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });
});

describe('filesystem blob routes (HTTP details)', () => {
  let target: Awaited<ReturnType<typeof fsTarget>>;
  beforeAll(async () => {
    target = await fsTarget();
  });
  afterAll(async () => {
    await target?.close();
  });

  it('serves cache headers, conditional requests and the download file name', async () => {
    const k = `${target.prefix}wavs_and_mp3s/cache.mp3`;
    await target.store.put(k, Readable.from([Buffer.from('audio bytes')]), { contentType: 'audio/mpeg' });
    const url = await target.store.signedDownloadUrl(k, { expiresIn: 600, filename: 'My Beat (WAV).mp3' });
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/^private, max-age=(59\d|600)$/);
    expect(first.headers.get('content-disposition')).toContain('attachment');
    expect(first.headers.get('content-disposition')).toContain('My Beat (WAV).mp3');
    expect(first.headers.get('content-length')).toBe('11');
    await first.arrayBuffer();
    const signed = new URL(url);
    const again = await raw(target.base, signed.pathname + signed.search, {
      'If-None-Match': first.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    const since = await raw(target.base, signed.pathname + signed.search, {
      'If-Modified-Since': first.headers.get('last-modified')!,
    });
    expect(since.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
  });

  it('refuses encoded traversal in the path and requests without a signature', async () => {
    const valid = new URL(await target.store.signedDownloadUrl(`${target.prefix}x`, { expiresIn: 60 }));
    for (const attempt of [
      '/blobs/..%2F..%2Fetc%2Fpasswd',
      '/blobs/%2e%2e/secret',
      '/blobs/../../etc/passwd',
      '/blobs/a%00b',
      '/blobs/%E0%A4%A',
    ]) {
      const response = await raw(target.base, `${attempt}${valid.search}`);
      expect([attempt, response.status, response.body]).toEqual([
        attempt,
        400,
        expect.stringContaining('Invalid blob key'),
      ]);
    }
    const unsigned = await fetch(`${target.base}/blobs/${target.prefix}x`);
    expect(unsigned.status).toBe(403);
    await unsigned.arrayBuffer();
  });

  it('leaves neither a blob nor a temp file when an upload is aborted midway', async () => {
    const k = `${target.prefix}trackouts/aborted.zip`;
    const upload = await target.store.signedUploadUrl(k, { expiresIn: 60, maxBytes: 10 * 1024 * 1024 });
    const url = new URL(upload.url);
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'PUT',
        headers: { 'Content-Length': String(5 * 1024 * 1024) },
      });
      request.on('error', () => resolve());
      request.write(Buffer.alloc(1024 * 1024, 2), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200);
      });
    });
    await sleep(300);
    expect(await target.store.head(k)).toBeNull();
    expect(await readdir(path.join(target.root, 'tmp'))).toEqual([]);
  });

  it('stops a chunked upload (no Content-Length) once it passes the limit: 413, no blob, no temp file', async () => {
    const k = `${target.prefix}trackouts/chunked.zip`;
    const upload = await target.store.signedUploadUrl(k, { expiresIn: 60, maxBytes: 2 * 1024 * 1024 });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        new URL(upload.url),
        { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += 64 * 1024;
          if (!request.write(Buffer.alloc(64 * 1024, 3))) return request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(status).toBe(413);
    await sleep(100);
    expect(await target.store.head(k)).toBeNull();
    expect(await readdir(path.join(target.root, 'tmp'))).toEqual([]);
  });

  it('sweeps partial uploads left by a crash, keeping recent ones', async () => {
    await mkdir(path.join(target.root, 'tmp'), { recursive: true });
    const stale = path.join(target.root, 'tmp', 'stale');
    await writeFile(stale, 'half');
    await utimes(stale, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
    await writeFile(path.join(target.root, 'tmp', 'fresh'), 'in flight');
    expect(await target.store.sweepPartialUploads(3_600_000)).toBe(1);
    expect(await readdir(path.join(target.root, 'tmp'))).toEqual(['fresh']);
    await rm(path.join(target.root, 'tmp', 'fresh'));
  });

  it('refuses a body whose declared length is over the limit before reading it', async () => {
    const upload = await target.store.signedUploadUrl(`${target.prefix}big`, {
      expiresIn: 60,
      maxBytes: 100,
    });
    const response = await fetch(upload.url, { method: 'PUT', body: Buffer.alloc(5000) });
    expect(response.status).toBe(413);
    expect((await response.json()) as { title: string }).toMatchObject({ title: 'File too large' });
  });
});
