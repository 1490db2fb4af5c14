import express from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  createLogger,
  generateInternalKeyPair,
  InternalTokenIssuer,
  InternalTokenVerifier,
  type Caller,
} from '@beatmatch/platform';
import { HEADERS } from '@beatmatch/contracts';
import { createGateway } from './app';
import { DEVICE_COOKIE, DeviceCookie } from './device';

/**
 * The device cookie: the uuid identity issues on the exclude call becomes a signed httpOnly cookie, and
 * the gateway vouches for it (caller.deviceId) only when the browser sends that cookie back — a uuid in
 * the body or a forged cookie vouches for nothing. A stand-in identity on a real port issues the uuids.
 */
let upstream: Server;
let gateway: ReturnType<typeof createGateway>;
const seen: Caller[] = [];
let issued = 0;

beforeAll(async () => {
  const keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const stub = express();
  stub.use(async (req, res) => {
    const caller = await verifier.verify(String(req.headers[HEADERS.internalToken]));
    if (req.path === '/sessions/resolve') return void res.status(401).end();
    seen.push(caller);
    if (req.path === '/devices') {
      const uuid = `device-${++issued}`;
      res.setHeader(HEADERS.device, uuid);
      return void res.json({ uuid });
    }
    res.json({ deviceId: caller.deviceId ?? null });
  });
  upstream = await new Promise<Server>((resolve) => {
    const server = stub.listen(0, '127.0.0.1', () => resolve(server));
  });
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => url,
    csrfSecret: 'd'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/p', artist: '/a' },
  });
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

async function browser() {
  const agent = request.agent(gateway);
  const { csrfToken } = (await agent.get('/api/csrf')).body as { csrfToken: string };
  return {
    agent,
    post: (route: string, body: object = {}, cookie?: string) => {
      const call = agent.post(`/api/${route}`).set(HEADERS.csrfToken, csrfToken).send(body);
      return cookie === undefined ? call : call.set('Cookie', cookie);
    },
  };
}

describe('the device cookie', () => {
  it('is set (httpOnly) when identity issues a uuid, and the gateway vouches for it from then on', async () => {
    const visitor = await browser();
    const before = await visitor.post('get_match_count', { uuid: 'device-elsewhere' });
    expect(before.body).toEqual({ deviceId: null });

    const excluded = await visitor.post('beatmatch_exclude');
    expect(excluded.status).toBe(200);
    const uuid = excluded.body.uuid as string;
    expect(excluded.headers[HEADERS.device]).toBeUndefined();
    const cookie = ([] as string[])
      .concat(excluded.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain(`${DEVICE_COOKIE}=${uuid}.`);

    // The body's uuid does not choose: the caller is the cookie's device.
    const after = await visitor.post('get_match_count', { uuid: 'device-elsewhere' });
    expect(after.body).toEqual({ deviceId: uuid });
    expect(seen.at(-1)?.deviceId).toBe(uuid);
  });

  it('vouches for nothing when the cookie is forged, unsigned or signed with another secret', async () => {
    const stranger = await browser();
    const victim = 'device-1';
    const other = new DeviceCookie('another secret of the same length!');
    for (const forged of [
      victim,
      `${victim}.`,
      `${victim}.${'A'.repeat(43)}`,
      other.seal(victim),
      `${new DeviceCookie('d'.repeat(32)).seal('device-2')}x`,
      `device 1.${new DeviceCookie('d'.repeat(32)).seal('device-2').split('.')[1]}`,
    ]) {
      const answer = await stranger.post('get_match_count', { uuid: victim }, `${DEVICE_COOKIE}=${forged}`);
      expect({ forged, body: answer.body }).toEqual({ forged, body: { deviceId: null } });
    }
  });
});

describe('DeviceCookie', () => {
  it('opens what it sealed, and only that', () => {
    const cookie = new DeviceCookie('s'.repeat(32));
    const sealed = cookie.seal('8f0c7a2e-0b7e-4b8e-9d1f-2f6a1c3b4d5e');
    expect(cookie.open(sealed)).toBe('8f0c7a2e-0b7e-4b8e-9d1f-2f6a1c3b4d5e');
    expect(cookie.open(sealed.replace('8f0c', '8f0d'))).toBeUndefined();
    // Once opened it is remembered: again the same uuid, and a changed MAC is still refused.
    expect(cookie.open(sealed)).toBe('8f0c7a2e-0b7e-4b8e-9d1f-2f6a1c3b4d5e');
    const mac = sealed.split('.')[1]!;
    const otherMac = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(cookie.open(sealed.replace(mac, otherMac))).toBeUndefined();
    expect(cookie.open(undefined)).toBeUndefined();
    expect(cookie.open('x'.repeat(300))).toBeUndefined();
    expect(() => cookie.seal('not a uuid')).toThrow();
  });
});
