import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { createLogger, generateInternalKeyPair, InternalTokenIssuer } from '@beatmatch/platform';
import { GATEWAY_MESSAGES } from '@beatmatch/contracts';
import { createGateway } from './app';

/**
 * A service that does not answer: the gateway answers 503 naming it (not a bare 502), with the spec's
 * reload message for the user.
 */
it('answers 503 naming the service that cannot be reached', async () => {
  const keys = await generateInternalKeyPair();
  // A port that was just free: nothing listens there.
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const gateway = createGateway({
    logger: createLogger('test', 'silent'),
    issuer: new InternalTokenIssuer(keys.privateKey),
    serviceUrl: () => `http://127.0.0.1:${closed}`,
    csrfSecret: 'x'.repeat(32),
    secureCookies: false,
    remotes: { producer: '/remotes/producer', artist: '/remotes/artist' },
    frontends: { shell: '/nonexistent', producer: '/nonexistent', artist: '/nonexistent' },
  });
  const response = await request(gateway).get('/api/genre_filters');
  expect(response.status).toBe(503);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body).toMatchObject({
    status: 503,
    service: 'catalog',
    title: 'The catalog service is unavailable',
    message: GATEWAY_MESSAGES.unavailable,
    code: 'service_unavailable',
  });
});
