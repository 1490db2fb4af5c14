import type { RequestHandler } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, GATEWAY_MESSAGES, HEADERS } from '@beatmatch/contracts';

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
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => String(req.cookies[VISITOR_COOKIE] ?? ''),
    cookieName: secureCookies ? '__Host-bm.csrf' : 'bm_csrf',
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
  return { tokenRoute, protection: doubleCsrfProtection };
}
