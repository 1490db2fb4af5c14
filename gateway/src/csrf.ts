import type { Request, RequestHandler } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, GATEWAY_MESSAGES, HEADERS } from '@beatmatch/contracts';
import { PassedChecks } from './passedChecks';

const VISITOR_COOKIE = 'bm_vid';

/** A random, httpOnly visitor id anchors the CSRF token (double-submit bound to this browser). */
export function visitorCookie(secureCookies: boolean): RequestHandler {
  return (req, res, next) => {
    if (!req.cookies[VISITOR_COOKIE]) {
      const id = randomBytes(18).toString('base64url');
      req.cookies[VISITOR_COOKIE] = id;
      res.cookie(VISITOR_COOKIE, id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        maxAge: 400 * 86_400_000,
      });
    }
    next();
  };
}

/**
 * Double-submit CSRF bound to the visitor cookie: `tokenRoute` hands a page its token (also set as a
 * cookie), `protection` refuses an API call whose x-csrf-token header does not match.
 */
export function doubleSubmitCsrf(secret: string, secureCookies: boolean) {
  const cookieName = secureCookies ? '__Host-bm.csrf' : 'bm_csrf';
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => String(req.cookies[VISITOR_COOKIE] ?? ''),
    cookieName,
    cookieOptions: { sameSite: 'lax', secure: secureCookies, path: '/', httpOnly: true },
    getCsrfTokenFromRequest: (req) => req.headers[HEADERS.csrfToken],
    errorConfig: {
      statusCode: 403,
      message: GATEWAY_MESSAGES.csrfInvalid,
      code: ERROR_CODES.csrfInvalid,
    },
  });
  const tokenRoute: RequestHandler = (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ csrfToken: generateCsrfToken(req, res) });
  };
  // The check is an HMAC of the visitor id and the token under the fixed secret: the same three values
  // always give the same verdict, so a pass is remembered by them (any other value is checked in full).
  const passed = new PassedChecks<true>();
  const protection: RequestHandler = (req, res, next) => {
    const key = passKey(req, cookieName);
    if (key !== undefined && passed.get(key)) return next();
    doubleCsrfProtection(req, res, (error?: unknown) => {
      if (!error && key !== undefined) passed.remember(key, true);
      next(error);
    });
  };
  return { tokenRoute, protection };
}

/** Methods csrf-csrf lets through unchecked (its default): a pass on one of them proves nothing. */
const UNCHECKED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a CSRF verdict depends on, for a checked method whose header repeats its cookie; else undefined. */
function passKey(req: Request, cookieName: string): string | undefined {
  if (UNCHECKED_METHODS.has(req.method)) return undefined;
  const token: unknown = req.cookies[cookieName];
  const visitor: unknown = req.cookies[VISITOR_COOKIE];
  if (typeof token !== 'string' || typeof visitor !== 'string') return undefined;
  if (req.headers[HEADERS.csrfToken] !== token) return undefined;
  return `${visitor.length}:${visitor}${token}`;
}
