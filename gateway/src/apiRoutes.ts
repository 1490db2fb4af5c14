import type { Request, RequestHandler, Response, NextFunction } from 'express';
import { HEADERS, type AccountLimitGroup } from '@beatmatch/contracts';
import {
  HttpProblem,
  INTERNAL_TOKEN_HEADER,
  type Caller,
  type InternalTokenIssuer,
} from '@beatmatch/platform';
import type { RateLimiters } from './rateLimits';
import { findRoute } from './routes';
import type { ServiceCall } from './serviceCall';
import { SESSION_COOKIE, type SessionResolver } from './session';
import { DEVICE_COOKIE, type DeviceCookie } from './device';
import type { AdminActionLog } from './adminActions';

/** What the /api/* handler checks a call with and hands it on to. */
export interface ApiRouteParts {
  csrfProtection: RequestHandler;
  limiters: RateLimiters;
  sessions: SessionResolver;
  devices: DeviceCookie;
  issuer: InternalTokenIssuer;
  callService: ServiceCall;
  adminActions: AdminActionLog;
}

const run = (handler: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) =>
    handler(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );

/**
 * The /api/* handler: the call's route (404 if not declared), its CSRF check, its rate limits, then the
 * caller (session and sealed device cookie) as an internal token, and the call to its service.
 */
export function apiRoutes(parts: ApiRouteParts) {
  const { csrfProtection, limiters, sessions, devices, issuer, callService, adminActions } = parts;
  /** The per-account limit, keyed by the e-mail in the body; false when it has answered (429). */
  const withinAccountLimit = async (group: AccountLimitGroup, req: Request, res: Response) => {
    await run(limiters.accountBody, req, res);
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim()) {
      req.accountKey = email.trim().toLowerCase();
      await run(limiters.account[group], req, res);
      if (res.headersSent) return false;
    }
    return true;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const name = req.path.replace(/^\//, '').replace(/\/$/, '');
      const target = findRoute(name);
      if (!target) throw new HttpProblem(404, 'Not found.', 'not_found');
      req.apiRoute = name;
      // CSRF first: a refused request (e.g. a page's first call before it has its token) reaches no
      // service and spends no rate-limit attempt.
      if (target.csrf !== false) await run(csrfProtection, req, res);
      if (target.limit) await run(limiters.client[target.limit], req, res);
      if (res.headersSent) return;
      if (target.accountLimit && !(await withinAccountLimit(target.accountLimit, req, res))) return;
      const session: Caller = (await sessions.resolve(req.cookies[SESSION_COOKIE])) ?? {};
      // The device uuid is vouched for only from the gateway's own sealed cookie, never from the body.
      const deviceId = devices.open(req.cookies[DEVICE_COOKIE]);
      const caller: Caller = deviceId ? { ...session, deviceId } : session;
      if (!caller.userId && req.cookies[SESSION_COOKIE]) res.clearCookie(SESSION_COOKIE, { path: '/' });
      req.internalToken = await issuer.issue(caller);
      adminActions.watch(name, caller, req, res);
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
      callService(target, req, res, next);
    } catch (error) {
      next(error);
    }
  };
}
