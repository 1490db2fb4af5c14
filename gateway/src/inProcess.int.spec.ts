import express from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { HEADERS } from '@beatmatch/contracts';
import {
  createLogger,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
  type Caller,
} from '@beatmatch/platform';
import { createGateway } from './app';
import { DEVICE_COOKIE } from './device';

/**
 * A service in the gateway's process (embedded profile) must see exactly what a proxied one sees, and
 * its answer must reach the browser exactly as a proxied answer does. The same stand-in service runs
 * both ways: its app handed to the gateway, and on a real port behind the proxy.
 */
interface Seen {
  path: string;
  url: string;
  caller: Caller;
  cookieHeader: string | null;
  cookies: unknown;
  body: unknown;
}

describe('services called in process and over HTTP', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const seen: Seen[] = [];
  let inProcess: ReturnType<typeof createGateway>;
  let proxied: ReturnType<typeof createGateway>;
  let withLane: ReturnType<typeof createGateway>;
  const laneSeen: Array<{ url: string; cookieHeader: string | null }> = [];

  beforeAll(async () => {
    const keys = await generateInternalKeyPair();
    const verifier = new InternalTokenVerifier(keys.publicKey);
    const service = express();
    service.use(express.json());
    service.use(async (req, res) => {
      const token = req.headers['x-internal-token'];
      if (typeof token !== 'string') return void res.status(401).json({ error: 'no token' });
      const caller = await verifier.verify(token);
      seen.push({
        path: req.path,
        url: req.url,
        caller,
        cookieHeader: req.headers.cookie ?? null,
        cookies: (req as { cookies?: unknown }).cookies ?? null,
        body: req.body ?? null,
      });
      if (req.path === '/login') {
        res.setHeader(HEADERS.session, 'session-token-1');
        res.setHeader(HEADERS.sessionExpires, new Date(Date.UTC(2030, 0, 1)).toUTCString());
      }
      if (req.path === '/devices') res.setHeader(HEADERS.device, '3f1d0c8e-7a52-4a8e-9b1c-2d3e4f5a6b7c');
      if (req.path === '/sessions/resolve') return void res.status(401).end();
      res.json({ path: req.path });
    });
    upstream = await new Promise<Server>((resolve) => {
      const server = service.listen(0, '127.0.0.1', () => resolve(server));
    });
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const options = {
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => upstreamUrl,
      csrfSecret: 'y'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
    };
    inProcess = createGateway({ ...options, serviceApp: () => service });
    proxied = createGateway(options);
    // The matchmaker's caller-free snippet route as a public handler (routes.ts, `lane: 'public'`): it
    // answers as the stand-in app does, and records what it was given.
    withLane = createGateway({
      ...options,
      serviceApp: () => service,
      servicePublicRoutes: (name) =>
        name === 'matchmaker'
          ? {
              '/player/snippet': async (req, res) => {
                laneSeen.push({ url: req.url ?? '', cookieHeader: req.headers.cookie ?? null });
                if (req.url?.includes('fail')) throw new Error('handler failed');
                const body = JSON.stringify({ path: '/player/snippet' });
                res.setHeader('Content-Type', 'application/json; charset=utf-8');
                res.setHeader('Content-Length', String(Buffer.byteLength(body)));
                res.end(req.method === 'HEAD' ? undefined : body);
              },
            }
          : undefined,
    });
  });
  afterAll(() => new Promise((resolve) => upstream.close(resolve)));

  /** A browser's session with one gateway: its cookies and CSRF token. */
  const browser = async (gateway: ReturnType<typeof createGateway>) => {
    const agent = request.agent(gateway);
    const { body } = await agent.get('/api/csrf');
    return { agent, csrf: String((body as { csrfToken: string }).csrfToken) };
  };

  /** Runs the same calls through one gateway and returns what the service saw and the browser got. */
  const journey = async (gateway: ReturnType<typeof createGateway>) => {
    seen.length = 0;
    const { agent, csrf } = await browser(gateway);
    const login = await agent
      .post('/api/beatmatch_login')
      .set('x-csrf-token', csrf)
      .set('cookie', 'extra=1')
      .send({ email: 'Someone@Example.com', password: 'long enough pw' });
    const exclude = await agent.post('/api/beatmatch_exclude').set('x-csrf-token', csrf).send({});
    const query = await agent.get('/api/beatmatch_auth?beatId=b-1&x=%2F');
    const refused = await agent.post('/api/beatmatch_login').send({ email: 'a@b.c', password: 'x' });
    const strip = (headers: Record<string, unknown>) => ({
      setCookie: ((headers['set-cookie'] as string[] | undefined) ?? []).map((c) =>
        c
          .replace(/=[^;]*/, '=…')
          // An expiry computed from the clock (a second apart between the two runs); a clearing stays.
          .replace(/Expires=(?!Thu, 01 Jan 1970)[^;]*/, 'Expires=…'),
      ),
      session: headers[HEADERS.session] ?? null,
      device: headers[HEADERS.device] ?? null,
    });
    return {
      seen: seen.map(({ caller, ...rest }) => ({
        ...rest,
        caller: { ...caller, deviceId: caller.deviceId ? 'yes' : 'no' },
      })),
      answers: [login, exclude, query, refused].map((r) => ({
        status: r.status,
        // A problem's request id is per request.
        body: { ...(r.body as object), requestId: undefined },
        ...strip(r.headers),
      })),
    };
  };

  it('gives the service the same request and the browser the same answer either way', async () => {
    const direct = await journey(inProcess);
    const viaProxy = await journey(proxied);
    expect(direct).toEqual(viaProxy);
    // And what that is: the service's own paths and query, no cookies, the body as sent.
    expect(direct.seen.map((s) => s.url)).toEqual([
      '/login',
      '/sessions/resolve', // the gateway resolving the new session cookie
      '/devices',
      '/me?beatId=b-1&x=%2F',
    ]);
    expect(direct.seen.every((s) => s.cookieHeader === null)).toBe(true);
    expect(direct.seen[0]!.body).toEqual({ email: 'Someone@Example.com', password: 'long enough pw' });
    // The session token became the session cookie, the device uuid the sealed device cookie; neither
    // internal header reached the browser; a call without its CSRF token never reached the service.
    expect(direct.answers[0]!.setCookie).toEqual(
      expect.arrayContaining([expect.stringMatching(/^bm_session=…/)]),
    );
    // (The stand-in identity does not know its own session, so the next call also clears it.)
    expect(direct.answers[1]!.setCookie).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${DEVICE_COOKIE}=…`))]),
    );
    expect(direct.answers.every((a) => a.session === null && a.device === null)).toBe(true);
    expect(direct.answers[3]!.status).toBe(403);
  });

  it('vouches for the device only from the sealed cookie it set', async () => {
    seen.length = 0;
    const { agent, csrf } = await browser(inProcess);
    await agent.post('/api/beatmatch_exclude').set('x-csrf-token', csrf).send({});
    await agent.get('/api/beatmatch_auth');
    expect(seen.at(-1)!.caller.deviceId).toBe('3f1d0c8e-7a52-4a8e-9b1c-2d3e4f5a6b7c');
    const stranger = await browser(inProcess);
    await stranger.agent
      .get('/api/beatmatch_auth')
      .set('cookie', `${DEVICE_COOKIE}=3f1d0c8e-7a52-4a8e-9b1c-2d3e4f5a6b7c`);
    expect(seen.at(-1)!.caller.deviceId).toBeUndefined();
  });

  it('hands a public route to the service’s public handler, with the answer a proxied call gets', async () => {
    const snippetPath = '/api/beatmatch_beat_play_snippet?beatId=b-1&x=%2F';
    const answer = async (gateway: ReturnType<typeof createGateway>) => {
      const { agent } = await browser(gateway);
      const response = await agent.get(snippetPath).set('cookie', 'extra=1');
      return response;
    };
    seen.length = 0;
    laneSeen.length = 0;
    const lane = await answer(withLane);
    const viaProxy = await answer(proxied);
    // The handler got the service's path and query and no cookies; the service app was not called.
    expect(laneSeen).toEqual([{ url: '/player/snippet?beatId=b-1&x=%2F', cookieHeader: null }]);
    expect(seen.map((s) => s.url)).toEqual(['/player/snippet?beatId=b-1&x=%2F']); // (the proxied call)
    const headers = [
      'content-type',
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
      'strict-transport-security',
    ];
    const comparable = (r: typeof lane) => ({
      status: r.status,
      body: r.body as unknown,
      ...Object.fromEntries(headers.map((name) => [name, r.headers[name]])),
    });
    expect(comparable(lane)).toEqual(comparable(viaProxy));
    // A snippet is media: a CSP that allows nothing, nosniff, same-origin resource policy, no page headers.
    expect(lane.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(lane.headers['x-content-type-options']).toBe('nosniff');
    expect(lane.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(lane.headers['x-frame-options']).toBeUndefined();
    expect(lane.headers[HEADERS.requestId]).toMatch(/^[\w-]+$/);
    expect(lane.headers['x-powered-by']).toBeUndefined();
  });

  it('takes the public lane only for GET and HEAD of a public route, and answers a failing handler with a problem', async () => {
    laneSeen.length = 0;
    const { agent, csrf } = await browser(withLane);
    // HEAD takes the lane; POST of the same route goes the usual way (CSRF first: refused without it).
    expect((await agent.head('/api/beatmatch_beat_play_snippet?beatId=b-2')).status).toBe(200);
    expect((await agent.post('/api/beatmatch_beat_play_snippet').send({})).status).toBe(403);
    // Another matchmaker route is not public: the service app answers it.
    seen.length = 0;
    const count = await agent.post('/api/get_match_count').set('x-csrf-token', csrf).send({});
    expect(seen.map((s) => s.path)).toEqual(['/matches/count']);
    // ... and carries the pages' security headers.
    expect(count.headers['content-security-policy']).toContain("default-src 'self'");
    expect(count.headers['x-frame-options']).toBe('SAMEORIGIN');
    const failed = await agent.get('/api/beatmatch_beat_play_snippet?beatId=fail');
    expect(failed.status).toBe(500);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    expect(laneSeen.map((s) => s.url)).toEqual(['/player/snippet?beatId=b-2', '/player/snippet?beatId=fail']);
  });
});
