import type { Request, RequestHandler, Response, NextFunction } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import onHeaders from 'on-headers';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { ERROR_CODES, GATEWAY_MESSAGES, HEADERS } from '@beatmatch/contracts';
import { directCallOf, inSpan, problem, startClientSpan, type Logger } from '@beatmatch/platform';
import type { GatewayOptions } from './options';
import type { RouteTarget, ServiceName } from './routes';
import { SESSION_COOKIE, type SessionResolver } from './session';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, type DeviceCookie, isDeviceId } from './device';

const SESSION_HEADER = HEADERS.session;
const SESSION_EXPIRES_HEADER = HEADERS.sessionExpires;
const DEVICE_HEADER = HEADERS.device;

/** Hands a call (its request already carrying the service's path and the internal token) to its service. */
export type ServiceCall = (
  target: Pick<RouteTarget, 'service' | 'path'>,
  req: Request,
  res: Response,
  next: NextFunction,
) => void;

/**
 * What the gateway does with a service's answer before the browser sees it: a session token identity
 * issued becomes the session cookie, a device uuid identity issued becomes the sealed device cookie, a
 * logout drops the session; the internal headers never leave. `header`/`remove` read and drop one of the
 * service's response headers (the proxied response's, or the response object itself in process).
 */
function answerHeaders(secureCookies: boolean, sessions: SessionResolver, devices: DeviceCookie) {
  return (
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
        secure: secureCookies,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      });
    }
    if (typeof token === 'string') {
      res.cookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        ...(typeof expires === 'string' ? { expires: new Date(expires) } : {}),
      });
    }
    // Only a logout identity carried out (a POST, so CSRF-checked) ends the browser's session: a GET
    // from a cross-site link or image is answered 404 by identity and must sign no one out.
    if (req.apiRoute === 'beatmatch_logout' && req.method === 'POST' && statusCode < 300) {
      sessions.forget(req.sessionCookie);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  };
}

type ServiceHeaders = ReturnType<typeof answerHeaders>;

/**
 * A service running in this process (embedded profile) gets the request and response objects
 * themselves, carrying exactly what a proxied call carries (its own path, the internal token, the
 * request id, no cookies), and its answer's headers pass through `serviceHeaders` just before they are
 * written. No loopback HTTP hop: no second parse, no proxy, no socket writes in between. `service` is
 * the call's direct hand-off (`directCallOf`: the service app's middleware and the call's handler,
 * without the app routing it again), or the app itself where there is none.
 */
function callInProcess(
  serviceHeaders: ServiceHeaders,
  name: ServiceName,
  service: { handle: RequestHandler; direct: boolean },
  req: Request,
  res: Response,
  next: NextFunction,
) {
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
    {
      'beatmatch.service': name,
      'url.path': req.path,
      'beatmatch.call': service.direct ? 'direct' : 'in-process',
    },
    () =>
      new Promise<void>((resolve) => {
        res.once('close', resolve);
        service.handle(req, res, next);
      }),
  );
}

type Proxy = ReturnType<typeof createProxyMiddleware<Request, Response>>;

/**
 * A service that does not answer (down, restarting, unreachable): a 503 that names it, so an operator
 * reading the answer or the log knows which one, while the user reads the spec's reload message.
 */
function serviceDown(res: ServerResponse, service: ServiceName, requestId: string) {
  const body = {
    ...problem(503, GATEWAY_MESSAGES.unavailable, ERROR_CODES.serviceUnavailable, requestId),
    title: `The ${service} service is unavailable`,
    service,
  };
  res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '5' });
  res.end(JSON.stringify(body));
}

/** The proxy to a service at its URL (distributed profile, or a service not in this process). */
function serviceProxy(
  service: ServiceName,
  serviceUrl: () => string,
  agent: Agent,
  serviceHeaders: ServiceHeaders,
  logger: Logger,
): Proxy {
  return createProxyMiddleware<Request, Response>({
    router: serviceUrl,
    changeOrigin: true,
    xfwd: true,
    agent,
    proxyTimeout: 30_000,
    on: {
      proxyReq: (proxyReq, req, res) => {
        // The service's server span is the child of this call's (in a traced request), and a request
        // the sampler left out stays out at the service too. Replaces what the browser sent; set before
        // the body is written, which sends the headers.
        const { span, headers } = startClientSpan(`gateway → ${service}`, {
          'beatmatch.service': service,
          'url.path': proxyReq.path.split('?', 1)[0]!,
          'beatmatch.call': 'proxied',
        });
        for (const [name, value] of Object.entries(headers)) proxyReq.setHeader(name, value);
        if (span) res.once('close', () => span.end());
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
        logger.error({ err: error, service }, `${service} cannot be reached`);
        if ('headersSent' in res && !res.headersSent)
          serviceDown(res as ServerResponse, service, String((req as Request).id));
      },
    },
  });
}

/**
 * How a call reaches its service: in process when the service's app runs here (embedded profile),
 * straight to the call's handler where the app allows it, else through its proxy, one per service,
 * made on its first call.
 */
export function serviceCall(
  options: Pick<GatewayOptions, 'serviceApp' | 'serviceUrl' | 'secureCookies' | 'logger'>,
  sessions: SessionResolver,
  devices: DeviceCookie,
): ServiceCall {
  const serviceHeaders = answerHeaders(options.secureCookies, sessions, devices);
  // Keep connections to services open: a new TCP connection per proxied call costs more than the call.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const proxies = new Map<ServiceName, Proxy>();
  const proxyFor = (service: ServiceName): Proxy => {
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = serviceProxy(service, () => options.serviceUrl(service), agent, serviceHeaders, options.logger);
      proxies.set(service, proxy);
    }
    return proxy;
  };
  return ({ service, path }, req, res, next) => {
    const local = options.serviceApp?.(service);
    if (!local) return proxyFor(service)(req, res, next);
    const direct = directCallOf(local, req.method, path);
    const handle = direct ? { handle: direct, direct: true } : { handle: local, direct: false };
    callInProcess(serviceHeaders, service, handle, req, res, next);
  };
}
