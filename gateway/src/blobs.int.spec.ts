import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  blobRoutes,
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InternalTokenIssuer,
} from '@beatmatch/platform';
import { createGateway } from './app';

/**
 * The embedded profile's blob mount: the gateway serves the filesystem store's signed URLs ahead of
 * cookies, CSRF and body parsers, so a PUT streams to disk and only the signature authorises it.
 */
let dir: string;
let now = Date.now();
let store: FilesystemBlobStore;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gateway-blobs-'));
  store = new FilesystemBlobStore({ root: dir, secret: 's'.repeat(40), publicUrl: '/blobs', now: () => now });
  const keys = await generateInternalKeyPair();
  const gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => 'http://127.0.0.1:9',
    csrfSecret: 'x'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/remotes/producer', artist: '/remotes/artist' },
    blobs: blobRoutes(store),
  });
  server = await new Promise<Server>((resolve) => {
    const listening = gateway.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A body sent in chunks without Content-Length (chunked transfer), as a browser stream would. */
function chunkedBody(chunks: number, size: number): ReadableStream<Uint8Array> {
  return Readable.toWeb(
    Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i += 1) yield Buffer.alloc(size, i % 256);
      })(),
    ),
  ) as ReadableStream<Uint8Array>;
}

/**
 * The status of a chunked PUT of `chunks` × `size` bytes. The server answers 413 as soon as the body
 * passes the signed size and may close the connection while the client still sends: the answer is
 * read as it arrives, and a write cut short after it is no failure.
 */
function chunkedPutStatus(url: string, chunks: number, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const put = http.request(url, { method: 'PUT' }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    put.on('error', reject);
    const send = (i: number) => {
      if (i === chunks) return put.end();
      put.write(Buffer.alloc(size, i % 256), () => setImmediate(() => send(i + 1)));
    };
    send(0);
  });
}

describe('the gateway blob mount', () => {
  it('streams a PUT to a signed URL into the store without CSRF token or session, then serves it with Range', async () => {
    const signed = await store.signedUploadUrl('wavs_and_mp3s/b-1.wav', {
      expiresIn: 60,
      maxBytes: 8 * 1024 * 1024,
      contentType: 'audio/wav',
    });
    const response = await fetch(base + signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: chunkedBody(64, 64 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: 'wavs_and_mp3s/b-1.wav', size: 64 * 64 * 1024 });
    expect((await store.head('wavs_and_mp3s/b-1.wav'))?.size).toBe(64 * 64 * 1024);

    const download = await store.signedDownloadUrl('wavs_and_mp3s/b-1.wav', { expiresIn: 60 });
    const part = await fetch(base + download, { headers: { Range: 'bytes=65536-65539' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.alloc(4, 1));
  });

  it('refuses a forged signature and stores nothing', async () => {
    const signed = await store.signedUploadUrl('snippets/b-2.mp3', { expiresIn: 60, maxBytes: 1024 });
    const forged = signed.url.replace('snippets/b-2.mp3', 'snippets/b-3.mp3');
    const response = await fetch(base + forged, { method: 'PUT', body: Buffer.alloc(10) });
    expect(response.status).toBe(403);
    expect((await response.json()).title).toBe('Invalid signature');
    expect(await store.head('snippets/b-3.mp3')).toBeNull();
  });

  it('refuses an expired URL', async () => {
    const signed = await store.signedUploadUrl('snippets/b-4.mp3', { expiresIn: 60, maxBytes: 1024 });
    now += 120_000;
    try {
      const response = await fetch(base + signed.url, { method: 'PUT', body: Buffer.alloc(10) });
      expect(response.status).toBe(403);
      expect((await response.json()).title).toBe('Link expired');
      expect(await store.head('snippets/b-4.mp3')).toBeNull();
    } finally {
      now -= 120_000;
    }
  });

  it('refuses a body past the signed size with 413', async () => {
    const signed = await store.signedUploadUrl('trackouts/b-5.zip', { expiresIn: 60, maxBytes: 1000 });
    const status = await chunkedPutStatus(base + signed.url, 4, 1000);
    expect(status).toBe(413);
    expect(await store.head('trackouts/b-5.zip')).toBeNull();
  });
});
