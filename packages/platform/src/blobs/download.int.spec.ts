import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import { blobRoutes, FilesystemBlobStore } from './index';

/**
 * What the signed download route caches (the HMAC of a URL already checked, each file's stored
 * metadata) never outlives what it stands for: expiry, a replaced file, a different signature.
 */
let root: string;
let server: http.Server;
let store: FilesystemBlobStore;
let now = Date.now();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'blob-download-'));
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = new FilesystemBlobStore({
    root,
    secret: 'download-secret-0123456789abcdef0123456789',
    publicUrl: `${base}/blobs`,
    now: () => now,
  });
  const app = express();
  app.use('/blobs', blobRoutes(store));
  server.on('request', app);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const put = (key: string, body: string, contentType: string) =>
  store.put(key, Readable.from([Buffer.from(body)]), { contentType });

describe('signed downloads', () => {
  it('serves a replaced file with its new bytes and type on the same URL', async () => {
    await put('beats/replaced.bin', 'first version', 'audio/mpeg');
    const url = await store.signedDownloadUrl('beats/replaced.bin', { expiresIn: 600 });
    const first = await fetch(url);
    expect([first.headers.get('content-type'), await first.text()]).toEqual(['audio/mpeg', 'first version']);
    await put('beats/replaced.bin', 'second, longer version', 'audio/wav');
    const second = await fetch(url);
    expect([second.headers.get('content-type'), await second.text()]).toEqual([
      'audio/wav',
      'second, longer version',
    ]);
  });

  it('refuses a URL it has served once it expires, and another signature for the same fields', async () => {
    await put('beats/expiring.mp3', 'bytes', 'audio/mpeg');
    const url = new URL(await store.signedDownloadUrl('beats/expiring.mp3', { expiresIn: 60 }));
    expect((await fetch(url)).status).toBe(200);
    const forged = new URL(url);
    const sig = forged.searchParams.get('sig')!;
    forged.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    const refused = await fetch(forged);
    expect([refused.status, ((await refused.json()) as { title: string }).title]).toEqual([
      403,
      'Invalid signature',
    ]);
    now += 61_000;
    try {
      const late = await fetch(url);
      expect([late.status, ((await late.json()) as { title: string }).title]).toEqual([403, 'Link expired']);
    } finally {
      now -= 61_000;
    }
  });

  it('honours If-Range: the range while the ETag matches, the whole file once it does not', async () => {
    await put('beats/if-range.mp3', '0123456789', 'audio/mpeg');
    const url = await store.signedDownloadUrl('beats/if-range.mp3', { expiresIn: 600 });
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag')!;
    const matching = await fetch(url, { headers: { range: 'bytes=2-4', 'if-range': etag } });
    expect([matching.status, await matching.text()]).toEqual([206, '234']);
    const stale = await fetch(url, { headers: { range: 'bytes=2-4', 'if-range': '"0-0"' } });
    expect([stale.status, await stale.text()]).toEqual([200, '0123456789']);
  });

  it('streams a file of several reads whole and in ranges, also after a client left midway', async () => {
    const body = Buffer.alloc(1_300_000);
    for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761) >>> 0, i);
    await store.put('beats/long.wav', Readable.from([body]), { contentType: 'audio/wav' });
    const url = await store.signedDownloadUrl('beats/long.wav', { expiresIn: 600 });
    const abandoned = new AbortController();
    const partial = await fetch(url, { signal: abandoned.signal });
    await partial.body!.getReader().read();
    abandoned.abort();
    const [whole, range] = await Promise.all([
      fetch(url),
      fetch(url, { headers: { range: 'bytes=500000-1200001' } }),
    ]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(body.subarray(500_000, 1_200_002))).toBe(true);
  });

  it('answers 404 for a missing file and for a folder, and 416 with the size for a range past the end', async () => {
    const missing = await fetch(await store.signedDownloadUrl('beats/missing.mp3', { expiresIn: 600 }));
    expect(missing.status).toBe(404);
    await mkdir(path.join(store.objectsDir, 'beats', 'folder'), { recursive: true });
    const folder = await fetch(await store.signedDownloadUrl('beats/folder', { expiresIn: 600 }));
    expect(folder.status).toBe(404);
    await put('beats/short.mp3', 'short', 'audio/mpeg');
    const url = await store.signedDownloadUrl('beats/short.mp3', { expiresIn: 600 });
    const past = await fetch(url, { headers: { range: 'bytes=10-' } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */5']);
  });
});
