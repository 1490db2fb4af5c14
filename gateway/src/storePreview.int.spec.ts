import express from 'express';
import request from 'supertest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  createLogger,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
} from '@beatmatch/platform';
import { DEFAULT_BIO } from '@beatmatch/contracts';
import { createGateway } from './app';

/**
 * The store's Open Graph tags through the gateway, with a stand-in identity on a real port answering
 * get_public_profile as identity does (username null for no such user).
 */
const ANN = '0a6b3e3c-6f5e-4a8e-9d7b-2f1f2b8c9d01';
const MALLORY = '1b7c4f4d-7a6f-4b9f-8e8c-3a2a3c9d0e12';
const NOBODY = '2c8d5a5e-8b7a-4cae-9f9d-4b3b4dae1f23';
const profiles: Record<string, object> = {
  [ANN]: { username: 'ann', description: 'Trap from Ohio', profilePic: '/api/pic/ann.png', socialMedias: [] },
  [MALLORY]: {
    username: '<script>alert(1)</script>',
    description: '"><img src=x onerror=alert(2)> $& $\'',
    profilePic: null,
    socialMedias: [],
  },
};
const SHELL =
  '<!doctype html><html><head><title>Beatmatch</title></head><body><div id="root"></div></body></html>';

let identity: Server;
let identityDown = false;
const asked: string[] = [];
let gateway: ReturnType<typeof createGateway>;

beforeAll(async () => {
  const keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const stub = express();
  stub.use(express.json());
  stub.post('/profile/public', async (req, res) => {
    await verifier.verify(String(req.headers['x-internal-token']));
    asked.push(req.body.userId);
    if (identityDown) return void res.status(503).end();
    const none = { username: null, description: '', profilePic: null, socialMedias: [] };
    res.json(profiles[req.body.userId] ?? none);
  });
  stub.use((_req, res) => void res.status(401).end());
  identity = await new Promise<Server>((resolve) => {
    const server = stub.listen(0, '127.0.0.1', () => resolve(server));
  });
  const shell = mkdtempSync(path.join(tmpdir(), 'beatmatch-shell-'));
  writeFileSync(path.join(shell, 'index.html'), SHELL);
  gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => `http://127.0.0.1:${(identity.address() as AddressInfo).port}`,
    csrfSecret: 'x'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/remotes/producer', artist: '/remotes/artist' },
    frontends: { shell, producer: path.join(shell, 'none'), artist: path.join(shell, 'none') },
  });
});
afterAll(() => new Promise((resolve) => identity.close(resolve)));

const page = (pathname: string) =>
  request(gateway).get(pathname).set('accept', 'text/html').set('host', 'beats.test');

it("serves /lab/{userId} with the producer's name, bio and picture as Open Graph tags", async () => {
  const response = await page(`/lab/${ANN}`);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.text).toContain('<meta property="og:title" content="ann">');
  expect(response.text).toContain('<meta property="og:description" content="Trap from Ohio">');
  expect(response.text).toContain('<meta property="og:image" content="http://beats.test/api/pic/ann.png">');
  expect(response.text).toContain(`<meta property="og:url" content="http://beats.test/lab/${ANN}">`);
  expect(response.text).toMatch(/<div id="root"><\/div>/);
});

it('escapes what the producer typed: a name with <script> is text in an attribute', async () => {
  const response = await page(`/lab/${MALLORY}`);
  expect(response.text).not.toContain('<script>');
  expect(response.text).not.toContain('<img');
  expect(response.text).toContain(
    '<meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt;">',
  );
  expect(response.text).toContain(
    '<meta property="og:description" content="&quot;&gt;&lt;img src=x onerror=alert(2)&gt; $&amp; $&#39;">',
  );
  expect(response.text).not.toContain('og:image');
});

it('falls back to the default bio, and to the plain shell for no such user or when identity fails', async () => {
  profiles[ANN] = { ...profiles[ANN], description: '' };
  expect((await page(`/lab/${ANN}`)).text).toContain(`content="${DEFAULT_BIO}"`);
  const unknown = await page(`/lab/${NOBODY}`);
  expect(unknown.status).toBe(200);
  expect(unknown.text).toBe(SHELL);
  identityDown = true;
  const down = await page(`/lab/${ANN}`);
  identityDown = false;
  expect(down.status).toBe(200);
  expect(down.text).toBe(SHELL);
  expect(asked).toContain(NOBODY);
});

it('leaves every other page, and non-HTML requests, as they were', async () => {
  asked.length = 0;
  expect((await page('/user')).text).toBe(SHELL);
  expect((await request(gateway).get(`/lab/${ANN}`).set('accept', 'application/json')).status).toBe(404);
  expect(asked).toEqual([]);
});
