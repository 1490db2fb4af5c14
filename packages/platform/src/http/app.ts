import { ERROR_CODES, HEADERS, NOT_AUTHENTICATED_MESSAGE } from '@beatmatch/contracts';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type RequestHandler,
} from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { INTERNAL_TOKEN_HEADER, type Caller, type InternalTokenVerifier } from '../auth/internalToken';
import { HttpProblem, problem, problemHandler } from './problem';
import { rejectUnstorableText } from './text';

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
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

export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers[HEADERS.requestId];
      const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader(HEADERS.requestId, id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
  });
}

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
