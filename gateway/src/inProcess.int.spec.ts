import express, { Router, type Express } from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { GATEWAY_MESSAGES, HEADERS, NOT_AUTHENTICATED_MESSAGE } from '@beatmatch/contracts';
import {
  createLogger,
  createServiceApp,
  generateInternalKeyPair,
  handleCall,
  HttpProblem,
  INTERNAL_TOKEN_HEADER,
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

/**
 * The direct hand-off (`directCallOf`): a service built with the kit (createServiceApp + handleCall)
 * gets each declared call straight from the gateway, without its app routing it again. Three gateways
 * make the same calls: direct, the same app called whole in process, and the app behind the proxy;
 * the browser must get the same status, headers and body from all three, and the handlers must see the
 * same request (caller, internal token, request id, path, body).
 */
describe('declared calls handed straight to the service’s handler', () => {
  const OWN_BEAT = 'beat-own-1';
  const USER = { userId: 'u-1', userName: 'someone', email: 'someone@example.com', sessionId: 's-1' };
  let server: Server;
  let serviceApp: Express;
  let gateways: Record<'direct' | 'wholeApp' | 'proxied', ReturnType<typeof createGateway>>;
  const seen: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const keys = await generateInternalKeyPair();
    const { app, finalize } = createServiceApp({
      name: 'stand-in',
      logger: createLogger('test', 'silent'),
      verifier: new InternalTokenVerifier(keys.publicKey),
    });
    serviceApp = app;
    app.use(standInRoutes(seen, () => serviceApp, { OWN_BEAT, USER }));
    finalize();
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const options = {
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => url,
      csrfSecret: 'z'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
      rateLimits: { login: 3 },
    };
    gateways = {
      direct: createGateway({ ...options, serviceApp: () => app }),
      // A plain function in front of the app hides its routes: the gateway hands the request to the app.
      wholeApp: createGateway({ ...options, serviceApp: () => (req, res, next) => app(req, res, next) }),
      proxied: createGateway(options),
    };
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The calls, in order, through one gateway: what the browser got and what the handlers saw. */
  const journey = async (gateway: ReturnType<typeof createGateway>) => {
    seen.length = 0;
    const agent = request.agent(gateway);
    const csrf = String(((await agent.get('/api/csrf')).body as { csrfToken: string }).csrfToken);
    const post = (name: string, body: object = {}) =>
      agent.post(`/api/${name}`).set('x-csrf-token', csrf).send(body);
    const login = { email: 'Someone@Example.com', password: 'long enough pw', uuid: null };
    const responses = [
      await post('beatmatch_exclude'),
      await post('beatmatch_login', { email: 'someone@example.com' }), // no password: the spec's 400
      await post('beatmatch_auth'), // signed out: 401
      await post('beatmatch_login', login),
      await post('beatmatch_auth'),
      await post('beatmatch_manage_beats_delete', { beatId: OWN_BEAT, delete: true }),
      await post('beatmatch_manage_beats_delete', { beatId: 'beat-of-another', delete: true }),
      await agent.post('/api/beatmatch_manage_beats_delete').send({ beatId: OWN_BEAT }), // no CSRF token
      await post('beatmatch_manage_beats'), // the handler fails: 500
      await agent.get('/api/beatmatch_logout'), // a POST call as GET: the service's 404
      await post('beatmatch_login', login), // the third login in the window
      await post('beatmatch_login', login), // the fourth: 429
      await post('beatmatch_logout'),
      await post('beatmatch_auth'), // signed out again
    ];
    return { answers: responses.map(comparable), seen: seen.map(({ routedByApp: _, ...rest }) => rest) };
  };

  it('answers every call as the service’s app and the proxy do, and the handler sees the same request', async () => {
    const direct = await journey(gateways.direct);
    const routedByApp = seen.map((entry) => entry.routedByApp);
    const wholeApp = await journey(gateways.wholeApp);
    const proxied = await journey(gateways.proxied);
    expect(direct).toEqual(wholeApp);
    expect(direct).toEqual(proxied);
    // The direct calls never went through the service app's own routing; the others did.
    expect(routedByApp.length).toBeGreaterThan(0);
    expect(routedByApp.every((byApp) => byApp === false)).toBe(true);
    expect(seen.every((entry) => entry.routedByApp === true)).toBe(true);
    // And what that is.
    expect(direct.answers.map((answer) => answer.status)).toEqual([
      200, 400, 401, 200, 200, 200, 403, 403, 500, 404, 200, 429, 200, 401,
    ]);
    expect(direct.answers[1]!.body).toMatchObject({ message: 'Password is required.' });
    expect(direct.answers[2]!.body).toMatchObject({ message: NOT_AUTHENTICATED_MESSAGE });
    expect(direct.answers[7]!.body).toMatchObject({ message: GATEWAY_MESSAGES.csrfInvalid });
    expect(direct.answers[11]!.body).toMatchObject({ message: GATEWAY_MESSAGES.tooManyAttempts });
    expect(direct.answers[0]!.setCookie).toEqual([expect.stringMatching(new RegExp(`^${DEVICE_COOKIE}=…`))]);
    expect(direct.answers[3]!.setCookie).toEqual([expect.stringMatching(/^bm_session=…/)]);
    expect(direct.answers[12]!.setCookie).toEqual([
      expect.stringMatching(/^bm_session=…; Path=\/; Expires=Thu, 01 Jan 1970/),
    ]);
    expect(direct.answers.every((answer) => answer.session === null && answer.device === null)).toBe(true);
    expect(direct.seen.map((entry) => entry.url)).toEqual([
      '/devices',
      '/login',
      '/me',
      '/beats/delete',
      '/beats/delete',
      '/beats/manage',
      '/login',
      '/logout',
    ]);
    expect(direct.seen[2]!.caller).toEqual({ ...USER, deviceId: expect.any(String) });
  });
});

/** Headers that differ by request or by transport, and those a browser reads. */
const VOLATILE = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
]);

function comparable(response: request.Response) {
  const problem = /problem/.test(String(response.headers['content-type']));
  const headers = Object.fromEntries(
    Object.entries(response.headers as Record<string, string>)
      .filter(([name]) => !VOLATILE.has(name))
      // A problem carries its request id, so its ETag differs per request; the seconds left in a
      // window depend on when each gateway's window began.
      .filter(([name]) => name !== 'etag' || !problem)
      .map(([name, value]) => [name, name.startsWith('ratelimit') ? value.replace(/t=\d+/g, 't=…') : value])
      .map(([name, value]) => [name, name === 'retry-after' ? 'set' : value]),
  );
  return {
    status: response.status,
    body: { ...(response.body as object), requestId: undefined },
    headers,
    requestId: typeof response.headers[HEADERS.requestId],
    setCookie: ((response.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((cookie) =>
      cookie.replace(/=[^;]*/, '=…').replace(/Expires=(?!Thu, 01 Jan 1970)[^;]*/, 'Expires=…'),
    ),
    session: response.headers[HEADERS.session] ?? null,
    device: response.headers[HEADERS.device] ?? null,
  };
}

/**
 * A stand-in identity and catalog built with the kit: the session lookup the gateway makes over HTTP,
 * and declared calls registered with handleCall that record what they saw (`routedByApp`: whether the
 * service's own app routed the request, which sets its request prototype).
 */
function standInRoutes(
  seen: Array<Record<string, unknown>>,
  app: () => Express,
  fixtures: { OWN_BEAT: string; USER: Caller & { sessionId: string } },
) {
  const router = Router();
  router.post('/sessions/resolve', (req, res) => {
    if ((req.body as { token?: string }).token === 'session-token-1') res.json(fixtures.USER);
    else res.status(401).end();
  });
  const record = (req: express.Request) =>
    seen.push({
      url: req.url,
      caller: req.caller,
      token: req.headers[INTERNAL_TOKEN_HEADER],
      requestId: req.headers[HEADERS.requestId] === req.id,
      cookieHeader: req.headers.cookie ?? null,
      body: req.body as unknown,
      routedByApp: (req as { app?: unknown }).app === app(),
    });
  handleCall(router, 'beatmatch_exclude', (_input, { req, res }) => {
    record(req);
    res.setHeader(HEADERS.device, '3f1d0c8e-7a52-4a8e-9b1c-2d3e4f5a6b7c');
    return { uuid: '3f1d0c8e-7a52-4a8e-9b1c-2d3e4f5a6b7c' };
  });
  handleCall(router, 'beatmatch_login', (_input, { req, res }) => {
    record(req);
    res.setHeader(HEADERS.session, 'session-token-1');
    res.setHeader(HEADERS.sessionExpires, new Date(Date.UTC(2030, 0, 1)).toUTCString());
    return { response: 'success' as const, data: 'someone', isReferral: false };
  });
  handleCall(router, 'beatmatch_auth', (_input, { req }) => {
    record(req);
    const { userId = '', userName = '', email = '' } = req.caller ?? {};
    return { userName, profilePicture: null, userId, email };
  });
  handleCall(router, 'beatmatch_manage_beats_delete', (input, { req }) => {
    record(req);
    if (input.beatId !== fixtures.OWN_BEAT) throw new HttpProblem(403, 'Not your beat.', 'forbidden');
    return { data: input.beatId };
  });
  handleCall(router, 'beatmatch_manage_beats', (_input, { req }) => {
    record(req);
    throw new Error('the read model is gone');
  });
  handleCall(router, 'beatmatch_logout', (_input, { req }) => {
    record(req);
    return { message: 'Logged out.' };
  });
  return router;
}
