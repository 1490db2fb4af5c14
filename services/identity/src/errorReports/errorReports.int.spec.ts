import request from 'supertest';
import {
  createLogger,
  createServiceApp,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
  type Caller,
} from '@beatmatch/platform';
import { errorReportsRouter, ERROR_REPORT_MESSAGES } from './api';
import { perDeviceLimit } from './perDeviceLimit';

/**
 * The server side of browser error reporting, through the service app (gateway-signed callers): one
 * warning log line per report with the failed request's trace id and the caller's user id, nothing
 * personal from the body, and a limit per device.
 */
let issuer: InternalTokenIssuer;
let app: ReturnType<typeof createServiceApp>['app'];
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const keys = await generateInternalKeyPair();
  issuer = new InternalTokenIssuer(keys.privateKey);
  const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const service = createServiceApp({
    name: 'identity',
    logger,
    verifier: new InternalTokenVerifier(keys.publicKey),
  });
  service.app.use(errorReportsRouter({ logger, limit: perDeviceLimit({ reports: 3, windowMs: 60_000 }) }));
  app = service.finalize();
});

const report = async (caller: Caller, body: object) =>
  request(app)
    .post('/error-reports')
    .set('x-internal-token', await issuer.issue(caller))
    .send(body);
const reportsLogged = () => lines.filter((line) => line.clientError);

it('logs a failed upload step with its trace id, step, file kind and attempt, and the user id only', async () => {
  const reply = await report(
    { userId: 'u-1', userName: 'ann', email: 'ann@example.com', deviceId: 'd-1' },
    {
      kind: 'upload',
      message: 'PUT refused for ann@example.com',
      traceId: 'req-123',
      step: 'put',
      fileKind: 'wav',
      attempt: 2,
      page: '/user/uploadBeats',
    },
  );
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ received: true, traceId: 'req-123' });
  const [line] = reportsLogged();
  expect(line).toMatchObject({
    level: 40,
    userId: 'u-1',
    clientError: { kind: 'upload', traceId: 'req-123', step: 'put', fileKind: 'wav', attempt: 2 },
  });
  expect(JSON.stringify(line)).not.toMatch(/ann@example\.com|"ann"|d-1/);
  expect((line!.clientError as { message: string }).message).toBe('PUT refused for [e-mail]');
});

it('refuses a report that is not one with 400, and logs nothing', async () => {
  const before = reportsLogged().length;
  expect((await report({ deviceId: 'd-2' }, { kind: 'upload' })).status).toBe(400);
  expect((await report({ deviceId: 'd-2' }, { kind: 'other', message: 'x' })).status).toBe(400);
  expect((await report({ deviceId: 'd-2' }, { kind: 'api', message: 'x', page: '/x?auth=jwt' })).status).toBe(
    400,
  );
  expect(reportsLogged()).toHaveLength(before);
});

it('limits reports per device (another device is not affected)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1)
    statuses.push((await report({ deviceId: 'd-3' }, { kind: 'uncaught', message: `boom ${i}` })).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const refused = await report({ deviceId: 'd-3' }, { kind: 'uncaught', message: 'again' });
  expect(refused.body).toMatchObject({ code: 'rate_limited', detail: ERROR_REPORT_MESSAGES.tooMany });
  expect((await report({ deviceId: 'd-4' }, { kind: 'uncaught', message: 'boom' })).status).toBe(200);
});
