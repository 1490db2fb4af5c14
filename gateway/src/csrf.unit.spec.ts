import express from 'express';
import cookieParser from 'cookie-parser';
import request from 'supertest';
import { doubleSubmitCsrf, visitorCookie } from './csrf';

/**
 * A CSRF pass is remembered by the visitor id and the token (csrf.ts): what passed once passes again,
 * and every other combination is still checked in full and refused.
 */
describe('double-submit CSRF, passes remembered', () => {
  const app = express();
  app.use(cookieParser());
  app.use(visitorCookie(false));
  const csrf = doubleSubmitCsrf('s'.repeat(32), false);
  app.get('/csrf', csrf.tokenRoute);
  app.post('/call', csrf.protection, (_req, res) => void res.status(204).end());
  app.use((error: { statusCode?: number }, _req: unknown, res: express.Response, _next: unknown) => {
    res.status(error.statusCode ?? 500).end();
  });

  /** A browser's visitor and CSRF cookies and its token. */
  const browser = async () => {
    const answer = await request(app).get('/csrf');
    const cookies = (answer.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]!);
    const visitor = cookies.find((cookie) => cookie.startsWith('bm_vid='))!;
    return { visitor, token: answer.body.csrfToken as string };
  };
  const call = (
    visitor: string,
    cookieToken: string,
    headerToken: string,
    method: 'post' | 'get' = 'post',
  ) => {
    const sent = method === 'get' ? request(app).get('/call') : request(app).post('/call');
    return sent.set('cookie', `${visitor}; bm_csrf=${cookieToken}`).set('x-csrf-token', headerToken);
  };

  it('passes the same browser again and refuses every variation after a pass', async () => {
    const { visitor, token } = await browser();
    const other = await browser();
    expect((await call(visitor, token, token)).status).toBe(204);
    expect((await call(visitor, token, token)).status).toBe(204);
    // Another visitor presenting this visitor's token (the token is bound to the visitor id).
    expect((await call(other.visitor, token, token)).status).toBe(403);
    // The header not repeating the cookie, or no header at all.
    expect((await call(visitor, token, other.token)).status).toBe(403);
    expect((await request(app).post('/call').set('cookie', `${visitor}; bm_csrf=${token}`)).status).toBe(403);
    // A token of the right shape whose HMAC does not match, in both cookie and header.
    const forged = `${'0'.repeat(64)}|${token.split('|')[1]}`;
    expect((await call(visitor, forged, forged)).status).toBe(403);
    // The visitor id split differently across the two values (the remembered key is unambiguous).
    const [name, id] = visitor.split('=');
    expect(
      (await call(`${name}=${id!.slice(0, -1)}`, `${id!.slice(-1)}${token}`, `${id!.slice(-1)}${token}`))
        .status,
    ).toBe(403);
  });

  it('remembers no pass from a method it does not check', async () => {
    const { visitor, token } = await browser();
    const forged = `${'0'.repeat(64)}|${token.split('|')[1]}`;
    app.get('/call', csrf.protection, (_req, res) => void res.status(204).end());
    expect((await call(visitor, forged, forged, 'get')).status).toBe(204);
    expect((await call(visitor, forged, forged)).status).toBe(403);
  });
});
