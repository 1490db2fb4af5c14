import { ERROR_CODES, HEADERS, NOT_AUTHENTICATED_MESSAGE } from '@beatmatch/contracts';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type RequestHandler,
} from 'express';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger';
import { INTERNAL_TOKEN_HEADER, type Caller, type InternalTokenVerifier } from '../auth/internalToken';
import { HttpProblem, problem, problemHandler } from './problem';
import { rejectUnstorableText } from './text';
import { recordRequest } from '../telemetry/metrics';

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
    /** The request id (`x-request-id`), set by `requestLogging`. */
    id?: string;
    /** A logger bound to the request id, made on first use (`requestLogging`). */
    log: Logger;
  }
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Verifies the gateway's internal token; every route except health and readiness requires it. */
  verifier: InternalTokenVerifier;
  /** Readiness checks (e.g. the database answers); a throw makes /readyz answer 503. */
  readiness?: Array<() => Promise<unknown>>;
  jsonLimit?: string;
}

const REQUEST_ID = /^[\w-]{1,100}$/;
const requestIdOf = (req: Request) => {
  const incoming = req.headers[HEADERS.requestId];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/**
 * Request ids and one log line per request: `error` for a 5xx or a thrown error, `info` for a 4xx,
 * `debug` for the rest (off at the default level), with the request and response serialised by pino's
 * standard serialisers (so the logger's redaction of tokens and cookies applies).
 *
 * Our own instead of pino-http: pino-http makes a child logger bound to the serialised request for every
 * request, whether or not anything is logged; that was 4–5 % of a swipe call's CPU in the gateway and
 * again in the service (bench/matchmaker/README.md). Here `req.log` is made on first use only, and the
 * request is serialised only when its line is written. A request the gateway hands over in process keeps
 * the gateway's id and `req.log`.
 */
export function requestLogging(logger: Logger): RequestHandler {
  const component = String(logger.bindings().name ?? 'http');
  return (req, res, next) => {
    if (req.id === undefined) {
      req.id = requestIdOf(req);
      res.setHeader(HEADERS.requestId, req.id);
    }
    const id = req.id;
    if (!Object.hasOwn(req, 'log')) {
      let child: Logger | undefined;
      Object.defineProperty(req, 'log', {
        configurable: true,
        enumerable: false,
        get: () => (child ??= logger.child({ reqId: id })),
        set: (value: Logger) => {
          child = value;
        },
      });
    }
    const started = performance.now();
    // 'close' comes once per response: after it finished, or when it was cut off (then not finished).
    const done = () => {
      recordRequest(
        component,
        routeOf(req),
        req.method,
        res.statusCode,
        (performance.now() - started) / 1000,
      );
      const error = res.errored;
      const failed = error instanceof Error || res.statusCode >= 500;
      const level = failed ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const aborted = !failed && !res.writableFinished;
      logger[level](
        {
          reqId: id,
          req: pino.stdSerializers.req(req),
          res: pino.stdSerializers.res(res),
          responseTime: Math.round(performance.now() - started),
          ...(error instanceof Error ? { err: error } : {}),
        },
        failed ? 'request errored' : aborted ? 'request aborted' : 'request completed',
      );
    };
    res.once('close', done);
    next();
  };
}

/**
 * The declared call's name at the gateway, else the matched route's pattern: few values, fit for a
 * metric label and a span name (never the path with its ids).
 */
export const matchedRoute = (req: Request) =>
  (req as { apiRoute?: string }).apiRoute ??
  (req.route ? `${req.baseUrl}${String(req.route.path)}` : undefined);
const routeOf = (req: Request) => matchedRoute(req) ?? 'unmatched';

/**
 * A service route that needs no caller and answers every caller the same (GET/HEAD, no body), as a plain
 * Node handler: the embedded gateway calls it in process before its cookie, CSRF and session steps
 * (gateway/src/routes.ts, `lane: 'public'`). It answers its own errors (`sendProblem`). The same route
 * stays on the service's Express app for proxied calls.
 */
export type PublicHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Health (liveness) and readiness routes shared by services and the gateway. */
export function healthRoutes(app: Express, name: string, readiness: Array<() => Promise<unknown>> = []) {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: name });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await Promise.all(readiness.map((check) => check()));
      res.json({ status: 'ready', service: name });
    } catch (error) {
      res
        .status(503)
        .type('application/problem+json')
        .send(JSON.stringify(problem(503, `${name} is not ready: ${(error as Error).message}`)));
    }
  });
}

export function requireGatewayCaller(verifier: InternalTokenVerifier): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = req.header(INTERNAL_TOKEN_HEADER);
    if (!token)
      return next(new HttpProblem(401, 'Requests must come through the gateway.', 'no_internal_token'));
    try {
      req.caller = await verifier.verify(token);
      next();
    } catch {
      next(new HttpProblem(401, 'The internal token is invalid or expired.', 'bad_internal_token'));
    }
  };
}

/** Requires a logged-in user; the message is the one the frontends treat as "signed out". */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.caller?.userId)
    return next(new HttpProblem(401, NOT_AUTHENTICATED_MESSAGE, ERROR_CODES.unauthenticated));
  next();
};

/**
 * The service defaults (eShop's ServiceDefaults): request ids and logs, JSON bodies, health and
 * readiness, gateway-only access, problem+json errors. Mount routers with `app.use(...)`, then call
 * `finalize()` to add the 404 and error handlers last.
 */
export function createServiceApp(options: ServiceAppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  healthRoutes(app, options.name, options.readiness);
  app.use(requestLogging(options.logger));
  app.use(requireGatewayCaller(options.verifier));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  app.use(rejectUnstorableText);
  const finalize = () => {
    app.use((_req, _res, next) => next(new HttpProblem(404, 'Not found.', 'not_found')));
    app.use(problemHandler);
    return app;
  };
  return { app, finalize };
}

/** Express 5 forwards rejected promises to the error handler; this only narrows the types. */
export const route =
  (handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) =>
    handler(req, res).catch(next);
