import express from 'express';
import request from 'supertest';
import { createLogger } from './logger';
import { requestLogging } from '../http/app';

describe('request logs', () => {
  it('redact the internal token, the CSRF token, cookies and authorization headers', async () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'debug', { write: (line: string) => void lines.push(line) });
    const app = express()
      .use(requestLogging(logger))
      .get('/x', (_req, res) => {
        res.json({ ok: true });
      });
    await request(app)
      .get('/x')
      .set('x-internal-token', 'eyJinternal.secret.token')
      .set('x-csrf-token', 'csrf-secret-value')
      .set('cookie', 'bm_session=session-secret')
      .set('authorization', 'Bearer bearer-secret')
      .set('user-agent', 'probe')
      .expect(200);
    const log = lines.join('\n');
    expect(log).toContain('probe'); // the request was logged with its headers
    for (const secret of ['eyJinternal', 'csrf-secret-value', 'session-secret', 'bearer-secret'])
      expect(log).not.toContain(secret);
    expect(log).toContain('[redacted]');
  });

  it('answer with the request id, keep a valid incoming one and write one line per request at its level', async () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
    const app = express()
      .use(requestLogging(logger))
      .get('/ok', (_req, res) => {
        res.json({ ok: true });
      })
      .get('/missing', (req, res) => {
        req.log.info({ extra: 1 }, 'handler line');
        res.status(404).json({});
      })
      .get('/broken', (_req, res) => {
        res.status(500).json({});
      });
    const kept = await request(app).get('/ok').set('x-request-id', 'abc-123').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app).get('/ok').set('x-request-id', 'no spaces allowed').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // 2xx lines are debug: not written at info.
    expect(lines).toHaveLength(0);

    await request(app).get('/missing').set('x-request-id', 'req-404').expect(404);
    await request(app).get('/broken').set('x-request-id', 'req-500').expect(500);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => [line.msg, line.level, line.reqId])).toEqual([
      ['handler line', 30, 'req-404'],
      ['request completed', 30, 'req-404'],
      ['request errored', 50, 'req-500'],
    ]);
    expect(parsed[1]).toMatchObject({ req: { method: 'GET', url: '/missing' }, res: { statusCode: 404 } });
  });

  it('leave the id and logger of a request an outer app already logs (a service called in process)', async () => {
    const lines: string[] = [];
    const outer = createLogger('gateway', 'info', { write: (line: string) => void lines.push(line) });
    const inner = createLogger('service', 'info', { write: (line: string) => void lines.push(line) });
    const service = express()
      .use(requestLogging(inner))
      .get('/x', (req, res) => {
        req.log.info('from the service');
        res.status(409).json({});
      });
    const app = express().use(requestLogging(outer)).use(service);
    const answer = await request(app).get('/x').expect(409);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The handler logs through the outer request's logger; each app writes its own completed line.
    expect(parsed.map((line) => [line.name, line.msg, line.reqId])).toEqual([
      ['gateway', 'from the service', answer.headers['x-request-id']],
      ['gateway', 'request completed', answer.headers['x-request-id']],
      ['service', 'request completed', answer.headers['x-request-id']],
    ]);
  });
});
