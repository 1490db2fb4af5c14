import express from 'express';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { cacheControlFor, mountFrontends } from './static';

function build(files: Record<string, string>, compressed: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beatmatch-static-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
    if (compressed.includes(name)) {
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
    }
  }
  return dir;
}

const bundle = 'console.log("hello");'.repeat(50);

function app() {
  const shell = build(
    { 'index.html': '<!doctype html><div id="root"></div>', 'main.1a2b3c4d.js': bundle, 'plain.js': 'x' },
    ['index.html', 'main.1a2b3c4d.js'],
  );
  const artist = build({ 'remoteEntry.js': bundle, 'mf-manifest.json': '{}' }, ['remoteEntry.js']);
  const server = express();
  mountFrontends(server, { shell, artist, producer: path.join(shell, 'missing') });
  return server;
}

describe('static frontends', () => {
  it('serves the brotli twin when the browser accepts br, with the type of the original', async () => {
    const response = await request(app())
      .get('/main.1a2b3c4d.js')
      .set('accept-encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(bundle.length / 5);
  });

  it('serves gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await request(app()).get('/main.1a2b3c4d.js').set('accept-encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(bundle);
    const plain = await request(app()).get('/main.1a2b3c4d.js').set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(bundle);
    const refused = await request(app()).get('/main.1a2b3c4d.js').set('accept-encoding', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('serves a file without a compressed twin as it is', async () => {
    const response = await request(app()).get('/plain.js').set('accept-encoding', 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe('x');
  });

  it('revalidates entry points and manifests, compressed or not', async () => {
    const server = app();
    const entry = await request(server).get('/remotes/artist/remoteEntry.js').set('accept-encoding', 'br');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await request(server).get('/remotes/artist/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(cacheControlFor('/x/index.html.br')).toBe('no-cache');
  });

  it('answers client-side routes with the shell page (compressed, revalidated)', async () => {
    const response = await request(app())
      .get('/user/matchmaker')
      .set('accept', 'text/html')
      .set('accept-encoding', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('<div id="root">');
  });

  it('does not leave the build folder', async () => {
    const response = await request(app()).get('/..%2f..%2fetc%2fpasswd').set('accept', 'application/json');
    expect(response.status).toBe(404);
  });
});
