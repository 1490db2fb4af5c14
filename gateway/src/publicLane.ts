import type { Request, RequestHandler, Response, NextFunction } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inSpan, sendProblem } from '@beatmatch/platform';
import type { ServicePublicRoutes } from './options';
import { API_PREFIX, findRoute } from './routes';

/** What the lane does on every answer it takes, as the Express path does it. */
export interface PublicLaneParts {
  publicRoutes: ServicePublicRoutes;
  logging: RequestHandler;
  securityHeadersFor: (apiName: string) => RequestHandler;
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: NextFunction) => void;

/**
 * The public lane (routes.ts, `lane`), ahead of Express itself: request id, logs and security headers as
 * on every answer, then the service's handler with its own path and query and no cookies. Returns false
 * for anything else, which Express then handles as usual.
 */
function publicLane({ publicRoutes, logging, securityHeadersFor }: PublicLaneParts) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
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
}

/** Puts the public lane in front of `app`: a request it does not take goes on to Express as before. */
export function installPublicLane(app: object, parts: PublicLaneParts) {
  const lane = publicLane(parts);
  // The lane runs before Express: Express's own entry (its request/response prototypes and router) cost
  // about 55 µs of the snippet's ~155 µs (bench/matchmaker/README.md). An Express app hands every
  // request it is given (createServer(app), supertest, a mount) to its `app.handle`, which is not in
  // Express's types; the lane wraps it. gateway/src/inProcess.int.spec.ts fails if the lane is not taken.
  const withHandle = app as unknown as { handle: Handle };
  const expressHandle = withHandle.handle.bind(app);
  withHandle.handle = (req, res, callback) => {
    if (!lane(req, res)) expressHandle(req, res, callback);
  };
}
