import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  createLogger,
  createServiceApp,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
} from '@beatmatch/platform';
import { errorReportsRouter } from './api';
import { sentryTracker } from './sentryTracker';

/**
 * The optional hosted-tracker adapter against a local server speaking Sentry's documented envelope
 * ingest endpoint (POST /api/{project}/envelope/, X-Sentry-Auth with the DSN's key): a report made
 * through the service reaches it as one event carrying the trace id, the step and the user id.
 */
interface Received {
  path: string;
  auth: string;
  lines: Array<Record<string, unknown>>;
}
const received: Received[] = [];
let ingest: Server;
let dsn: string;

beforeAll(async () => {
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const lines = Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      received.push({ path: req.url ?? '', auth: String(req.headers['x-sentry-auth']), lines });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"ok"}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  dsn = `http://public-key@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
});
afterAll(() => new Promise((resolve) => ingest.close(resolve)));

it('forwards a report as a Sentry event with its trace id, step, file kind and the user id', async () => {
  const keys = await generateInternalKeyPair();
  const logger = createLogger('test', 'silent');
  const service = createServiceApp({
    name: 'identity',
    logger,
    verifier: new InternalTokenVerifier(keys.publicKey),
  });
  service.app.use(errorReportsRouter({ logger, tracker: sentryTracker(dsn) }));
  const token = await new InternalTokenIssuer(keys.privateKey).issue({ userId: 'u-9', deviceId: 'd-9' });
  const reply = await request(service.finalize()).post('/error-reports').set('x-internal-token', token).send({
    kind: 'upload',
    message: 'Upload failed (500)',
    traceId: 'req-77',
    step: 'put',
    fileKind: 'wav',
    attempt: 3,
  });
  expect(reply.status).toBe(200);
  for (const deadline = Date.now() + 5000; received.length === 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(received).toHaveLength(1);
  const [{ path, auth, lines }] = received as [Received];
  expect(path).toBe('/api/42/envelope/');
  expect(auth).toContain('sentry_key=public-key');
  const [header, item, event] = lines as [
    Record<string, unknown>,
    Record<string, unknown>,
    Record<string, unknown>,
  ];
  expect(item).toEqual({ type: 'event' });
  expect(event).toMatchObject({
    event_id: header.event_id,
    level: 'error',
    message: { formatted: 'Upload failed (500)' },
    tags: { kind: 'upload', trace_id: 'req-77', step: 'put', file_kind: 'wav' },
    extra: { attempt: 3 },
    user: { id: 'u-9' },
  });
  expect(JSON.stringify(event)).not.toContain('d-9');
});

it('refuses a DSN without a key or project', () => {
  expect(() => sentryTracker('http://127.0.0.1:9/')).toThrow('ERROR_TRACKER_DSN must be a DSN');
});
