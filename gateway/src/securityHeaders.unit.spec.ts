import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { helmetOptions, mediaHelmetOptions, precomputedHeaders } from './securityHeaders';

const answerWith = async (middleware: RequestHandler) => {
  const app = express()
    .use((_req, res, next) => {
      res.setHeader('x-powered-by', 'Express');
      next();
    })
    .use(middleware)
    .get('/', (_req, res) => {
      res.send('ok');
    });
  const answer = await request(app).get('/').expect(200);
  const { date: _date, etag: _etag, ...headers } = answer.headers;
  return headers;
};

describe('precomputedHeaders', () => {
  it.each([false, true])('sets exactly the headers helmet sets (secure cookies: %s)', async (secure) => {
    const direct = await answerWith(helmet(helmetOptions(secure)));
    const precomputed = await answerWith(precomputedHeaders(helmet(helmetOptions(secure))));
    expect(precomputed).toEqual(direct);
    expect(direct['content-security-policy']).toContain("media-src 'self' blob:");
    expect(direct['x-powered-by']).toBeUndefined();
    expect('strict-transport-security' in direct).toBe(secure);
    expect(direct['content-security-policy']!.includes('upgrade-insecure-requests')).toBe(secure);
  });

  it('refuses a middleware whose headers depend on the request (it does not finish at once)', () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(next, 1);
    expect(() => precomputedHeaders(later)).toThrow(/did not finish/);
  });

  it.each([false, true])('gives media answers the short set (secure cookies: %s)', async (secure) => {
    const media = await answerWith(precomputedHeaders(helmet(mediaHelmetOptions(secure))));
    expect(media).toEqual(await answerWith(helmet(mediaHelmetOptions(secure))));
    const security = Object.keys(media).filter(
      (name) => !['content-type', 'content-length', 'connection', 'keep-alive'].includes(name),
    );
    expect(security.sort()).toEqual(
      [
        'content-security-policy',
        'cross-origin-resource-policy',
        'x-content-type-options',
        ...(secure ? ['strict-transport-security'] : []),
      ].sort(),
    );
    expect(media['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
