import express from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  createLogger,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
  type Caller,
  type DevMailbox,
  type InternalKeyPair,
} from '@beatmatch/platform';
import { DEFAULT_SUPPORT_EMAIL } from '@beatmatch/contracts';
import { createGateway } from './app';

/**
 * The gateway itself, in front of a stand-in upstream on a real port (the upstream records what the
 * gateway forwarded: path and the verified caller).
 */
let upstream: Server;
let upstreamUrl: string;
const forwarded: Array<{ path: string; caller: Caller }> = [];
let gateway: ReturnType<typeof createGateway>;
let keys: InternalKeyPair;

beforeAll(async () => {
  keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const stub = express();
  stub.use(async (req, res) => {
    const caller = await verifier.verify(String(req.headers['x-internal-token']));
    forwarded.push({ path: req.path, caller });
    if (req.path === '/forgot-password') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return void res.json({ path: req.path, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    }
    if (req.path === '/sessions/resolve') return void res.status(401).end();
    res.json({ path: req.path, url: req.url });
  });
  upstream = await new Promise<Server>((resolve) => {
    const server = stub.listen(0, '127.0.0.1', () => resolve(server));
  });
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => upstreamUrl,
    csrfSecret: 'x'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/remotes/producer', artist: '/remotes/artist' },
  });
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

/** Every name Object.prototype has, including non-enumerable ones and __proto__. */
const prototypeNames = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

describe('app config', () => {
  it('names the contact mailbox for the content pages', async () => {
    const response = await request(gateway).get('/app-config.json');
    expect(response.body.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
  });
});

describe('content security policy', () => {
  const gatewayWith = (secureCookies: boolean) =>
    createGateway({
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => upstreamUrl,
      csrfSecret: 'x'.repeat(32),
      secureCookies,
      remotes: { producer: '/p', artist: '/a' },
    });

  it('asks the browser to upgrade requests to https only on an https site', async () => {
    // On plain http an upgrade turns same-site redirects (a snippet's signed /blobs URL) into https
    // requests that nothing answers.
    const plain = await request(gatewayWith(false)).get('/app-config.json');
    expect(plain.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const secure = await request(gatewayWith(true)).get('/app-config.json');
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('gateway forwarding', () => {
  it('keeps the query string when it maps a route name to the service path', async () => {
    const response = await request(gateway).get('/api/beatmatch_auth?beatId=b-1&x=%2F');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ path: '/me', url: '/me?beatId=b-1&x=%2F' });
  });
});

describe('gateway route lookup', () => {
  it('has a probe list that covers the names of the report', () => {
    expect(prototypeNames).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']),
    );
  });

  it.each(prototypeNames)('answers 404 to GET, HEAD and POST /api/%s and keeps serving', async (name) => {
    for (const url of [`/api/${name}`, `/api/${name}/`]) {
      const get = await request(gateway).get(url);
      expect(get.status).toBe(404);
      expect(get.body).toMatchObject({ code: 'not_found' });
      expect((await request(gateway).head(url)).status).toBe(404);
      const post = await request(gateway).post(url).send({});
      expect(post.status).toBe(404);
    }
    // The gateway still proxies a real route afterwards.
    const auth = await request(gateway).get('/api/beatmatch_auth');
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ path: '/me' });
  });

  it('never forwards a prototype name upstream', () => {
    expect(forwarded.filter((f) => f.path !== '/me' && f.path !== '/sessions/resolve')).toEqual([]);
  });
});

describe('the dev mailbox through the gateway', () => {
  const mailbox = { list: async () => [] } as unknown as DevMailbox;
  const gatewayOn = (listenHost: string, devMailboxSetting?: string) =>
    createGateway({
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => upstreamUrl,
      csrfSecret: 'x'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
      devMailbox: mailbox,
      listenHost,
      ...(devMailboxSetting ? { devMailboxSetting } : {}),
    });

  it('is served when the gateway listens on loopback', async () => {
    await request(gatewayOn('127.0.0.1')).get('/dev/mailbox.json').expect(200);
    expect((await request(gatewayOn('127.0.0.1')).get('/app-config.json')).body.devMailbox).toBe(
      '/dev/mailbox',
    );
  });

  it('is not served on 0.0.0.0 unless DEV_MAILBOX=on', async () => {
    await request(gatewayOn('0.0.0.0')).get('/dev/mailbox.json').expect(404);
    await request(gatewayOn('0.0.0.0')).get('/dev/mailbox').expect(404);
    expect((await request(gatewayOn('0.0.0.0')).get('/app-config.json')).body.devMailbox).toBeNull();
    await request(gatewayOn('0.0.0.0', 'on')).get('/dev/mailbox.json').expect(200);
  });
});

describe('rate limits', () => {
  const limitedGateway = () =>
    createGateway({
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => upstreamUrl,
      csrfSecret: 'x'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
      trustProxy: 1,
      rateLimits: { reset: 100, accountReset: 3, exclude: 2, contact: 2 },
    });

  /** A browser behind the ingress at `ip`: its own CSRF token, its own X-Forwarded-For. */
  async function client(app: ReturnType<typeof createGateway>, ip: string) {
    const agent = request.agent(app);
    const { body } = await agent.get('/api/csrf').set('x-forwarded-for', ip);
    return (route: string, payload: object) =>
      agent
        .post(`/api/${route}`)
        .set('x-forwarded-for', ip)
        .set('x-csrf-token', body.csrfToken as string)
        .send(payload);
  }

  it('limits reset links per account, whatever address asks, and forwards the body intact', async () => {
    const app = limitedGateway();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const post = await client(app, `203.0.113.${i + 1}`);
      const response = await post('beatmatch_forgot_password', { email: ' Victim@Example.com ' });
      statuses.push(response.status);
      if (response.status === 200)
        expect(response.body).toEqual({ path: '/forgot-password', body: { email: ' Victim@Example.com ' } });
      else expect(response.body).toMatchObject({ code: 'rate_limited' });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another account is not affected.
    const post = await client(app, '203.0.113.9');
    expect((await post('beatmatch_forgot_password', { email: 'other@example.com' })).status).toBe(200);
  });

  it('limits _exclude per client address, and clients behind the trusted proxy get their own bucket', async () => {
    const app = limitedGateway();
    const first = await client(app, '198.51.100.1');
    const second = await client(app, '198.51.100.2');
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await first('beatmatch_exclude', { uuid: 'd' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await second('beatmatch_exclude', { uuid: 'd' })).status).toBe(200);
  });

  it('limits the contact form per client address, whatever e-mail each message gives (issue 20)', async () => {
    const app = limitedGateway();
    const first = await client(app, '198.51.100.7');
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const message = { name: 'Spammer', email: `sender${i}@example.com`, message: 'hello' };
      statuses.push((await first('beatmatch_contact', message)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const second = await client(app, '198.51.100.8');
    expect(
      (await second('beatmatch_contact', { name: 'A', email: 'a@example.com', message: 'hi' })).status,
    ).toBe(200);
  });

  it('a request refused for its CSRF token spends no attempt; opening a reset link has its own group', async () => {
    const app = createGateway({
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => upstreamUrl,
      csrfSecret: 'x'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
      rateLimits: { reset: 2, verify: 5 },
    });
    for (let i = 0; i < 4; i += 1)
      expect((await request(app).post('/api/reset_beatmatchs_password').send({})).status).toBe(403);
    const post = await client(app, '127.0.0.1');
    for (let i = 0; i < 3; i += 1)
      expect((await post('beatmatch_jwt_authenticate', { jwt: 'x' })).status).toBe(200);
    const resets = [];
    for (let i = 0; i < 3; i += 1)
      resets.push((await post('reset_beatmatchs_password', { jwt: 'x' })).status);
    expect(resets).toEqual([200, 200, 429]);
    const limited = await post('reset_beatmatchs_password', { jwt: 'x' });
    expect(limited.body.message).toMatch(/too many attempts/i);
  });
});
