import express, { type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { helmetOptions, mediaHelmetOptions, precomputedHeaders } from './securityHeaders';
import { rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { doubleCsrf } from 'csrf-csrf';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import onHeaders from 'on-headers';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_SUPPORT_EMAIL,
  ERROR_CODES,
  GATEWAY_MESSAGES,
  HEADERS,
  IDENTITY_TOPIC,
  sessionsRevokedV1Payload,
} from '@beatmatch/contracts';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  HttpProblem,
  INTERNAL_TOKEN_HEADER,
  healthRoutes,
  inSpan,
  problem,
  problemHandler,
  requestLogging,
  sendProblem,
  type Caller,
  type DevMailbox,
  type EventBus,
  type Subscription,
  type InternalTokenIssuer,
  type Logger,
  type PublicHandler,
} from '@beatmatch/platform';
import { openApiDocument } from './openapi';
import { API_PREFIX, findRoute, type ServiceName } from './routes';
import { SESSION_COOKIE, SessionResolver } from './session';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, DeviceCookie, isDeviceId } from './device';
import { devMailboxPolicy, devMailboxRouter } from './devMailbox';
import { mountFrontends } from './static';

const SESSION_HEADER = HEADERS.session;
const SESSION_EXPIRES_HEADER = HEADERS.sessionExpires;
const DEVICE_HEADER = HEADERS.device;
const VISITOR_COOKIE = 'bm_vid';

export interface RateLimits {
  /** Requests per window per client address. */
  login: number;
  code: number;
  reset: number;
  /** Opening a reset link (checks it, changes nothing). */
  verify: number;
  exclude: number;
  windowMs: number;
  /** Requests per account window per account (the e-mail in the body). */
  accountLogin: number;
  accountCode: number;
  accountReset: number;
  accountWindowMs: number;
}

export interface GatewayOptions {
  logger: Logger;
  issuer: InternalTokenIssuer;
  /** Base URL of each service (a function: embedded services get their port after listening). */
  serviceUrl: (service: ServiceName) => string;
  /**
   * Embedded profile: the app of a service running in this process, called directly instead of through
   * its URL (undefined: proxied to `serviceUrl`). The distributed profile proxies every call.
   */
  serviceApp?: (service: ServiceName) => RequestHandler | undefined;
  /**
   * Embedded profile: a service's caller-free routes as plain handlers by service path (its
   * `publicRoutes`). A route marked `lane: 'public'` in routes.ts goes to its handler (GET/HEAD only).
   */
  servicePublicRoutes?: (service: ServiceName) => Readonly<Record<string, PublicHandler>> | undefined;
  csrfSecret: string;
  /** Secure cookies (set behind https). */
  secureCookies: boolean;
  /** Built frontends: shell at /, remotes under /remotes/<name>/. Missing folders are skipped. */
  frontends?: { shell: string; producer: string; artist: string };
  /** Remote manifest URLs handed to the shell at /app-config.json. */
  remotes: { producer: string; artist: string };
  /** The contact mailbox the content pages show (SUPPORT_EMAIL), served in /app-config.json. */
  supportEmail?: string;
  /** Embedded profile only: the dev mailbox page (served only as `devMailboxPolicy` allows). */
  devMailbox?: DevMailbox;
  /** The address the gateway listens on: the dev mailbox is served by default only on loopback. */
  listenHost?: string;
  /** DEV_MAILBOX: 'on' serves the dev mailbox whatever the host, 'off' never. */
  devMailboxSetting?: string;
  rateLimits?: Partial<RateLimits>;
  /**
   * The bus identity publishes on: each gateway (replica) subscribes in its own consumer group and
   * drops revoked sessions (logout, password reset) from its cache at once.
   */
  bus?: EventBus;
  /**
   * Where rate-limit counters live (default: this process's memory). The distributed profile passes a
   * store shared by every gateway replica; `prefix` separates the limit groups.
   */
  rateLimitStore?: (prefix: string) => Store;
  /** Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0 = none). */
  trustProxy?: number;
  /**
   * Embedded profile only: the filesystem blob store's signed-URL routes (`blobRoutes(store)`), mounted
   * at `blobsPath` (default /blobs) ahead of logging, cookies, CSRF and body parsers so large PUTs
   * stream straight to disk. The distributed profile hands out S3 presigned URLs instead.
   */
  blobs?: express.Router;
  blobsPath?: string;
}

const defaultLimits: RateLimits = {
  login: 10,
  code: 5,
  reset: 5,
  verify: 20,
  exclude: 30,
  windowMs: 60_000,
  accountLogin: 20,
  accountCode: 6,
  accountReset: 4,
  accountWindowMs: 15 * 60_000,
};

export function createGateway(options: GatewayOptions) {
  const { logger, issuer } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  const sessions = new SessionResolver(() => options.serviceUrl('identity'), issuer, logger);
  const limits = { ...defaultLimits, ...options.rateLimits };
  const devices = new DeviceCookie(options.csrfSecret);
  if (options.bus) {
    // Its own group per gateway instance: every replica must see every revocation (not share them).
    const subscription = options.bus.subscribe({
      groupId: `gateway-sessions-${randomUUID()}`,
      topics: [IDENTITY_TOPIC],
      fromBeginning: false,
      handle: async (event) => {
        if (event.type !== 'identity.SessionsRevoked') return;
        const payload = sessionsRevokedV1Payload.safeParse(event.payload);
        if (payload.success) sessions.revoke(payload.data);
        else logger.warn({ eventId: event.id }, 'undecodable session revocation ignored');
      },
    });
    subscription.catch((error: unknown) => logger.error({ err: error }, 'revocation subscription failed'));
    gatewaySubscriptions.set(app, subscription);
  }

  const logging = requestLogging(logger);
  const pageHeaders = precomputedHeaders(helmet(helmetOptions(options.secureCookies)));
  const mediaHeaders = precomputedHeaders(helmet(mediaHelmetOptions(options.secureCookies)));
  /** The media headers for a route marked `media` (its name after /api/), the pages' for the rest. */
  const securityHeadersFor = (apiName: string | undefined) =>
    apiName !== undefined && findRoute(apiName)?.media ? mediaHeaders : pageHeaders;
  if (options.servicePublicRoutes) {
    const publicRoutes = options.servicePublicRoutes;
    /**
     * The public lane (routes.ts, `lane`), ahead of Express itself: request id, logs and security
     * headers as on every answer, then the service's handler with its own path and query and no
     * cookies. Returns false for anything else, which Express then handles as usual.
     */
    const publicLane = (req: IncomingMessage, res: ServerResponse): boolean => {
      const url = req.url ?? '';
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(API_PREFIX)) return false;
      const query = url.indexOf('?');
      const name = url.slice(API_PREFIX.length, query === -1 ? undefined : query);
      const target = findRoute(name);
      const handler = target?.lane === 'public' ? publicRoutes(target.service)?.[target.path] : undefined;
      if (!target || !handler) return false;
      const request = req as Request;
      request.apiRoute = name;
      req.url = query === -1 ? target.path : target.path + url.slice(query);
      delete req.headers.cookie;
      logging(request, res as Response, () =>
        securityHeadersFor(name)(request, res as Response, () => {
          void inSpan(
            `gateway → ${target.service}`,
            { 'beatmatch.service': target.service, 'url.path': target.path, 'beatmatch.call': 'public-lane' },
            () => handler(req, res),
          ).catch((error: unknown) => sendProblem(req, res, error));
        }),
      );
      return true;
    };
    // The lane runs before Express: Express's own entry (its request/response prototypes and router) cost
    // about 55 µs of the snippet's ~155 µs (bench/matchmaker/README.md). An Express app hands every
    // request it is given (createServer(app), supertest, a mount) to its `app.handle`, which is not in
    // Express's types; the lane wraps it. gateway/src/inProcess.int.spec.ts fails if the lane is not taken.
    type Handle = (req: IncomingMessage, res: ServerResponse, callback?: NextFunction) => void;
    const withHandle = app as unknown as { handle: Handle };
    const expressHandle = withHandle.handle.bind(app);
    withHandle.handle = (req, res, callback) => {
      if (!publicLane(req, res)) expressHandle(req, res, callback);
    };
  }
  healthRoutes(app, 'gateway', [
    async () => {
      const response = await fetch(`${options.serviceUrl('identity')}/readyz`);
      if (!response.ok) throw new Error('identity is not ready');
    },
  ]);
  // The signature in the URL is the authorisation: no session, no CSRF, and the body must not be parsed.
  if (options.blobs) app.use(options.blobsPath ?? '/blobs', options.blobs);
  app.use(logging);
  app.use((req, res, next) => {
    const apiName = req.path.startsWith(API_PREFIX)
      ? req.path.slice(API_PREFIX.length).replace(/\/$/, '')
      : undefined;
    securityHeadersFor(apiName)(req, res, next);
  });
  app.use(cookieParser());

  // A random, httpOnly visitor id anchors the CSRF token (double-submit bound to this browser).
  app.use((req, res, next) => {
    if (!req.cookies[VISITOR_COOKIE]) {
      const id = randomBytes(18).toString('base64url');
      req.cookies[VISITOR_COOKIE] = id;
      res.cookie(VISITOR_COOKIE, id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        maxAge: 400 * 86_400_000,
      });
    }
    next();
  });
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => options.csrfSecret,
    getSessionIdentifier: (req) => String(req.cookies[VISITOR_COOKIE] ?? ''),
    cookieName: options.secureCookies ? '__Host-bm.csrf' : 'bm_csrf',
    cookieOptions: { sameSite: 'lax', secure: options.secureCookies, path: '/', httpOnly: true },
    getCsrfTokenFromRequest: (req) => req.headers[HEADERS.csrfToken],
    errorConfig: {
      statusCode: 403,
      message: GATEWAY_MESSAGES.csrfInvalid,
      code: ERROR_CODES.csrfInvalid,
    },
  });

  // The API's OpenAPI document (gateway/src/openapi.ts), generated from the contracts' zod schemas.
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.get('/api/csrf', (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ csrfToken: generateCsrfToken(req, res) });
  });
  let devMailbox: DevMailbox | undefined;
  if (options.devMailbox) {
    const policy = devMailboxPolicy(options.listenHost, options.devMailboxSetting);
    if (policy.serve) devMailbox = options.devMailbox;
    logger.info(
      { devMailbox: policy.serve, reason: policy.reason },
      policy.serve
        ? `dev mailbox served at /dev/mailbox (${policy.reason}): anyone who can open it reads every code`
        : `dev mailbox not served (${policy.reason})`,
    );
  }
  app.get('/app-config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.json({
      remotes: options.remotes,
      devMailbox: devMailbox ? '/dev/mailbox' : null,
      supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    });
  });
  if (devMailbox) app.use('/dev', devMailboxRouter(devMailbox));

  const limiter = (
    prefix: string,
    max: number,
    windowMs = limits.windowMs,
    keyGenerator?: (req: Request) => string,
  ): RateLimitRequestHandler =>
    rateLimit({
      windowMs,
      limit: max,
      ...(options.rateLimitStore ? { store: options.rateLimitStore(prefix) } : {}),
      ...(keyGenerator ? { keyGenerator } : {}),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req, res) => {
        res
          .status(429)
          .type('application/problem+json')
          .send(
            JSON.stringify(
              problem(429, GATEWAY_MESSAGES.tooManyAttempts, ERROR_CODES.rateLimited, String(req.id)),
            ),
          );
      },
    });
  const limiters = {
    login: limiter('ip:login:', limits.login),
    code: limiter('ip:code:', limits.code),
    reset: limiter('ip:reset:', limits.reset),
    verify: limiter('ip:verify:', limits.verify),
    exclude: limiter('ip:exclude:', limits.exclude),
  };
  const accountKey = (req: Request) => String(req.accountKey);
  const accountLimiters = {
    login: limiter('account:login:', limits.accountLogin, limits.accountWindowMs, accountKey),
    code: limiter('account:code:', limits.accountCode, limits.accountWindowMs, accountKey),
    reset: limiter('account:reset:', limits.accountReset, limits.accountWindowMs, accountKey),
  };
  // Routes limited per account carry the e-mail in a small JSON body; it is read here and re-sent.
  const accountBody = express.json({ limit: '16kb' });
  const run = (handler: RequestHandler, req: Request, res: Response) =>
    new Promise<void>((resolve, reject) =>
      handler(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );

  /**
   * What the gateway does with a service's answer before the browser sees it: a session token identity
   * issued becomes the session cookie, a device uuid identity issued becomes the sealed device cookie, a
   * logout drops the session; the internal headers never leave. `header`/`remove` read and drop one of the
   * service's response headers (the proxied response's, or the response object itself in process).
   */
  const serviceHeaders = (
    header: (name: string) => unknown,
    remove: (name: string) => void,
    req: Request,
    res: Response,
    statusCode: number,
  ) => {
    const token = header(SESSION_HEADER);
    const expires = header(SESSION_EXPIRES_HEADER);
    const device = header(DEVICE_HEADER);
    remove(SESSION_HEADER);
    remove(SESSION_EXPIRES_HEADER);
    remove(DEVICE_HEADER);
    // A device uuid identity just issued (exclude): this browser's, from now on (./device.ts).
    if (isDeviceId(device)) {
      res.cookie(DEVICE_COOKIE, devices.seal(device), {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      });
    }
    if (typeof token === 'string') {
      res.cookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        ...(typeof expires === 'string' ? { expires: new Date(expires) } : {}),
      });
    }
    if (req.apiRoute === 'beatmatch_logout' && statusCode < 500) {
      sessions.forget(req.sessionCookie);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  };

  /**
   * A service running in this process (embedded profile): its app gets the request and response objects
   * themselves, carrying exactly what a proxied call carries (its own path, the internal token, the
   * request id, no cookies), and its answer's headers pass through `serviceHeaders` just before they are
   * written. No loopback HTTP hop: no second parse, no proxy, no socket writes in between.
   */
  const callInProcess = (
    name: ServiceName,
    service: RequestHandler,
    req: Request,
    res: Response,
    next: NextFunction,
  ) => {
    onHeaders(res, () =>
      serviceHeaders(
        (name) => res.getHeader(name),
        (name) => res.removeHeader(name),
        req,
        res,
        res.statusCode,
      ),
    );
    // The service reads no cookie the gateway parsed, as it reads no cookie header.
    Reflect.deleteProperty(req, 'cookies');
    Reflect.deleteProperty(req, 'signedCookies');
    // The span a proxied call's client and server spans would make: the service's work (its queries,
    // its event-store appends) hangs under it, in the gateway's trace.
    void inSpan(
      `gateway → ${name}`,
      { 'beatmatch.service': name, 'url.path': req.path, 'beatmatch.call': 'in-process' },
      () =>
        new Promise<void>((resolve) => {
          res.once('close', resolve);
          service(req, res, next);
        }),
    );
  };

  // Keep connections to services open: a new TCP connection per proxied call costs more than the call.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  type Proxy = ReturnType<typeof createProxyMiddleware<Request, Response>>;
  const proxies = new Map<ServiceName, Proxy>();
  const proxyFor = (service: ServiceName): Proxy => {
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = createProxyMiddleware<Request, Response>({
        router: () => options.serviceUrl(service),
        changeOrigin: true,
        xfwd: true,
        agent,
        proxyTimeout: 30_000,
        on: {
          proxyReq: (proxyReq, req) => {
            // A body the gateway parsed (per-account limits) is written again for the service.
            fixRequestBody(proxyReq, req);
          },
          proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
            serviceHeaders(
              (name) => proxyRes.headers[name],
              (name) => delete proxyRes.headers[name],
              req as Request,
              res as Response,
              proxyRes.statusCode ?? 500,
            );
          },
          error: (error, req, res) => {
            logger.error({ err: error }, 'proxy error');
            const body = problem(
              502,
              GATEWAY_MESSAGES.unavailable,
              ERROR_CODES.badGateway,
              String((req as Request).id),
            );
            if ('headersSent' in res && !res.headersSent) {
              (res as ServerResponse).writeHead(502, { 'content-type': 'application/problem+json' });
              (res as ServerResponse).end(JSON.stringify(body));
            }
          },
        },
      });
      proxies.set(service, proxy);
    }
    return proxy;
  };

  app.use(API_PREFIX, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const name = req.path.replace(/^\//, '').replace(/\/$/, '');
      const target = findRoute(name);
      if (!target) throw new HttpProblem(404, 'Not found.', 'not_found');
      req.apiRoute = name;
      // CSRF first: a refused request (e.g. a page's first call before it has its token) reaches no
      // service and spends no rate-limit attempt.
      if (target.csrf !== false) await run(doubleCsrfProtection, req, res);
      if (target.limit) await run(limiters[target.limit], req, res);
      if (res.headersSent) return;
      if (target.accountLimit) {
        await run(accountBody, req, res);
        const email = (req.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.trim()) {
          req.accountKey = email.trim().toLowerCase();
          await run(accountLimiters[target.accountLimit], req, res);
          if (res.headersSent) return;
        }
      }
      const session: Caller = (await sessions.resolve(req.cookies[SESSION_COOKIE])) ?? {};
      // The device uuid is vouched for only from the gateway's own sealed cookie, never from the body.
      const deviceId = devices.open(req.cookies[DEVICE_COOKIE]);
      const caller: Caller = deviceId ? { ...session, deviceId } : session;
      if (!caller.userId && req.cookies[SESSION_COOKIE]) res.clearCookie(SESSION_COOKIE, { path: '/' });
      req.internalToken = await issuer.issue(caller);
      // The service sees its own path; the query string (e.g. ?beatId= of the streaming routes) is kept.
      const query = req.originalUrl.indexOf('?');
      req.url = query === -1 ? target.path : target.path + req.originalUrl.slice(query);
      // Services see the caller only as the gateway vouches for it: no cookies, no spoofed token. Set on
      // the request the proxy copies, not in its proxyReq event: that fires when the keep-alive agent
      // hands over a socket, which under load can come after the piped body has sent the headers (then
      // changing them throws outside any handler and the process dies — seen at 50 connections).
      req.sessionCookie = req.cookies[SESSION_COOKIE] as string | undefined;
      delete req.headers.cookie;
      req.headers[INTERNAL_TOKEN_HEADER] = req.internalToken;
      req.headers[HEADERS.requestId] = String(req.id);
      const local = options.serviceApp?.(target.service);
      if (local) callInProcess(target.service, local, req, res, next);
      else proxyFor(target.service)(req, res, next);
    } catch (error) {
      next(error);
    }
  });

  if (options.frontends) mountFrontends(app, options.frontends);
  app.use((_req, _res, next) => next(new HttpProblem(404, 'Not found.', 'not_found')));
  app.use(problemHandler);
  return app;
}

const gatewaySubscriptions = new WeakMap<object, Promise<Subscription>>();

/** Waits until the gateway listens for revocations (when given a bus), and stops listening. */
export const gatewayRevocations = {
  ready: async (app: object) => void (await gatewaySubscriptions.get(app)),
  stop: async (app: object) => (await gatewaySubscriptions.get(app))?.stop(),
};

declare module 'express-serve-static-core' {
  interface Request {
    internalToken?: string;
    apiRoute?: string;
    /** The account a per-account rate limit counts against (normalised e-mail). */
    accountKey?: string;
    /** The session cookie as the browser sent it (cookies are removed before a service sees the call). */
    sessionCookie?: string;
  }
}
