import express from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { integrationEvent, IDENTITY_TOPIC, type SessionsRevokedV1 } from '@beatmatch/contracts';
import {
  createLogger,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenIssuer,
} from '@beatmatch/platform';
import { createGateway } from './app';
import { gatewayRevocations } from './revocations';

/**
 * Revoked sessions leave every gateway's cache at once: two gateways (two replicas) share one bus and
 * one stand-in identity; a revocation event makes both ask identity again on the next request.
 */
const live = new Map<string, { userId: string; sessionId: string }>([
  ['cookie-a1', { userId: 'ua', sessionId: 'hash-a1' }],
  ['cookie-a2', { userId: 'ua', sessionId: 'hash-a2' }],
  ['cookie-b', { userId: 'ub', sessionId: 'hash-b' }],
]);
let lookups = 0;
let upstream: Server;
const bus = new InProcessEventBus();
let gateways: Array<ReturnType<typeof createGateway>>;

beforeAll(async () => {
  const keys = await generateInternalKeyPair();
  const stub = express().use(express.json());
  stub.post('/sessions/resolve', (req, res) => {
    lookups += 1;
    const session = live.get(req.body.token);
    if (!session) return void res.status(401).end();
    res.json({ ...session, userName: session.userId, email: `${session.userId}@example.com` });
  });
  stub.all('/me', (_req, res) => void res.json({ ok: true }));
  // As identity's router answers: the logout is a POST; any other method is not found.
  stub.all('/logout', (req, res) =>
    req.method === 'POST'
      ? void res.json({ message: 'bye' })
      : void res.status(404).json({ message: 'Not found.' }),
  );
  upstream = await new Promise<Server>((resolve) => {
    const server = stub.listen(0, '127.0.0.1', () => resolve(server));
  });
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateways = [1, 2].map(() =>
    createGateway({
      logger: createLogger('test', 'silent'),
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: () => url,
      csrfSecret: 'x'.repeat(32),
      secureCookies: false,
      remotes: { producer: '/p', artist: '/a' },
      bus,
    }),
  );
  await Promise.all(gateways.map((gateway) => gatewayRevocations.ready(gateway)));
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gatewayRevocations.stop(gateway)));
  await new Promise((resolve) => upstream.close(resolve));
});

const auth = (gateway: ReturnType<typeof createGateway>, cookie: string) =>
  request(gateway).get('/api/beatmatch_auth').set('cookie', `bm_session=${cookie}`);

const revoke = (userId: string, sessionId: string | null) =>
  bus.publish(IDENTITY_TOPIC, [
    {
      key: userId,
      event: integrationEvent<SessionsRevokedV1>(
        'identity.SessionsRevoked',
        1,
        {
          userId,
          sessionId,
          revokedAt: new Date().toISOString(),
        },
        new Date(),
      ),
    },
  ]);

it('caches a session, and drops it on every gateway when identity revokes it', async () => {
  for (const gateway of gateways) {
    await auth(gateway, 'cookie-a1').expect(200);
    await auth(gateway, 'cookie-b').expect(200);
  }
  const afterWarmUp = lookups;
  for (const gateway of gateways) await auth(gateway, 'cookie-a1').expect(200);
  expect(lookups).toBe(afterWarmUp); // served from the cache

  live.delete('cookie-a1'); // logged out in identity
  await revoke('ua', 'hash-a1');
  for (const gateway of gateways) {
    const response = await auth(gateway, 'cookie-a1');
    expect(String(response.headers['set-cookie'])).toMatch(/bm_session=;/); // cleared: signed out
  }
  expect(lookups).toBe(afterWarmUp + 2); // each gateway asked identity again
  // Another user's cached session is untouched.
  for (const gateway of gateways) await auth(gateway, 'cookie-b').expect(200);
  expect(lookups).toBe(afterWarmUp + 2);
});

it('a password reset (sessionId null) drops every session of that user', async () => {
  for (const gateway of gateways) await auth(gateway, 'cookie-a2').expect(200);
  const before = lookups;
  live.delete('cookie-a2');
  await revoke('ua', null);
  for (const gateway of gateways) {
    const response = await auth(gateway, 'cookie-a2');
    expect(String(response.headers['set-cookie'])).toMatch(/bm_session=;/);
  }
  expect(lookups).toBe(before + 2);
});

it('signs no one out on a GET of the logout call (a cross-site link); only a CSRF-checked POST does', async () => {
  const [gateway] = gateways as [ReturnType<typeof createGateway>];
  const linked = await request(gateway).get('/api/beatmatch_logout').set('cookie', 'bm_session=cookie-b');
  expect(linked.status).toBe(404);
  expect(String(linked.headers['set-cookie'] ?? '')).not.toContain('bm_session=;');
  const forged = await request(gateway).post('/api/beatmatch_logout').set('cookie', 'bm_session=cookie-b');
  expect(forged.status).toBe(403);
  expect(String(forged.headers['set-cookie'] ?? '')).not.toContain('bm_session=;');
  expect((await auth(gateway, 'cookie-b')).status).toBe(200);
});
