import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogger, generateInternalKeyPair, InternalTokenIssuer } from '@beatmatch/platform';
import { createGateway } from './app';

/**
 * The per-account rate limits (code, login, reset) count one account however its e-mail is written:
 * the key is the trimmed, lower-cased address, so varying its case from other addresses gains nothing.
 */
let upstream: Server;
let gateway: ReturnType<typeof createGateway>;

beforeAll(async () => {
  const stub = express().use((_req, res) => res.json({ response: 'success' }));
  upstream = await new Promise<Server>((resolve) => {
    const server = stub.listen(0, '127.0.0.1', () => resolve(server));
  });
  const keys = await generateInternalKeyPair();
  gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    csrfSecret: 'x'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/p', artist: '/a' },
    trustProxy: 1,
    rateLimits: { login: 100, code: 100, reset: 100, accountLogin: 3, accountCode: 3, accountReset: 3 },
  });
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

/** Posts from a browser of its own at `ip` (its CSRF token, its X-Forwarded-For). */
async function postFrom(ip: string, route: string, payload: object) {
  const agent = request.agent(gateway);
  const { body } = await agent.get('/api/csrf').set('x-forwarded-for', ip);
  return agent
    .post(`/api/${route}`)
    .set('x-forwarded-for', ip)
    .set('x-csrf-token', body.csrfToken as string)
    .send(payload);
}

const spellings = ['victim@example.com', 'Victim@Example.com', 'VICTIM@EXAMPLE.COM', ' vIcTiM@example.COM '];

it.each([
  ['beatmatch_forgot_password', (email: string) => ({ email })],
  ['beatmatch_login', (email: string) => ({ email, password: 'guess', auth_code: '123456' })],
  ['beatmatch_login_auth_resend', (email: string) => ({ email, password: 'guess' })],
])('%s: the fourth try at one account, in any case and from any address, is refused', async (route, body) => {
  const statuses: number[] = [];
  for (const [i, email] of spellings.entries())
    statuses.push((await postFrom(`203.0.113.${i + 1}`, route, body(email))).status);
  expect({ route, statuses }).toEqual({ route, statuses: [200, 200, 200, 429] });
});
