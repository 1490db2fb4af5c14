import { Router } from 'express';
import request from 'supertest';
import { ADMIN_ONLY_MESSAGE, apiCalls, type CallDeclaration } from '@beatmatch/contracts';
import { createLogger } from '../logging/logger';
import {
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
  type Caller,
} from '../auth/internalToken';
import { createServiceApp } from './app';
import { handleCall } from './calls';

/** handleCall is the one place admin calls are refused: every declared admin call, the role from the signed caller only. */
describe('admin calls', () => {
  const adminCalls = Object.entries(apiCalls as Record<string, CallDeclaration>).filter(
    ([, call]) => call.access === 'admin',
  );
  let app: ReturnType<ReturnType<typeof createServiceApp>['finalize']>;
  let issuer: InternalTokenIssuer;
  const ran: string[] = [];

  beforeAll(async () => {
    const keys = await generateInternalKeyPair();
    issuer = new InternalTokenIssuer(keys.privateKey);
    const service = createServiceApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      verifier: new InternalTokenVerifier(keys.publicKey),
    });
    const router = Router();
    // A stand-in handler per call: what matters here is whether it runs.
    for (const [name] of adminCalls)
      handleCall(router, name as 'populate_payouts', (_input, { res }) => {
        ran.push(name);
        res.status(204).end();
      });
    service.app.use(router);
    app = service.finalize();
  });

  const call = async (name: string, caller: Caller, body: object = {}) => {
    const { method, path } = (apiCalls as Record<string, CallDeclaration>)[name]!;
    const token = await issuer.issue(caller);
    const sent = method === 'get' ? request(app).get(path) : request(app).post(path).send(body);
    return sent.set('x-internal-token', token);
  };

  it('has admin calls to check', () => expect(adminCalls.length).toBeGreaterThan(0));

  it.each(adminCalls.map(([name]) => name))(
    '%s: 401 signed out, 403 without the role, runs for an admin',
    async (name) => {
      expect((await call(name, {})).status).toBe(401);
      const user = { userId: 'u-1', email: 'user@beatmatch.test' };
      const refused = await call(name, user, { email: 'x@beatmatch.test' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ detail: ADMIN_ONLY_MESSAGE });
      // A role sent by the client in the body is not the caller's role.
      expect((await call(name, user, { roles: ['admin'] })).status).toBe(403);
      expect(ran).not.toContain(name);
      const admin = await call(
        name,
        { ...user, roles: ['admin'] },
        { email: 'x@beatmatch.test', exclude: true },
      );
      expect(admin.status).not.toBe(403);
      expect(admin.status).not.toBe(401);
    },
  );
});

/** An answer is written as res.send wrote it, less the ETag: exact length, JSON type, no per-answer hash. */
describe('answers', () => {
  it('are JSON of their exact byte length, without an ETag', async () => {
    const keys = await generateInternalKeyPair();
    const service = createServiceApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      verifier: new InternalTokenVerifier(keys.publicKey),
    });
    const router = Router();
    const message = 'Code sent — vérifiez vos e-mails ✉';
    handleCall(router, 'beatmatch_forgot_password', () => ({ message }));
    service.app.use(router);
    const app = service.finalize();
    const token = await new InternalTokenIssuer(keys.privateKey).issue({});
    const answer = await request(app)
      .post(apiCalls.beatmatch_forgot_password.path)
      .set('x-internal-token', token)
      .send({ email: 'listener@beatmatch.test' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ message })));
    expect(answer.headers.etag).toBeUndefined();
  });
});
