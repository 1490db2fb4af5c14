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
});
