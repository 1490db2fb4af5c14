import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { requireEnv } from '@beatmatch/testing';
import { openPostgres } from '../sql/postgres';
import { createLogger } from '../logging/logger';
import { generateInternalKeyPair, InternalTokenVerifier } from '../auth/internalToken';
import { InProcessEventBus } from '../bus/inprocess';
import { temporalAddressesInUse } from '../workflows/addresses';
import { assembleService } from './eventSourced';

/**
 * Readiness means the service can reach its store and Temporal: /readyz answers 503 naming what is
 * missing while it is, and ready again by itself once it is back.
 */
jest.setTimeout(60_000);

/** A TCP relay in front of a real server that the test can take away and bring back on the same port. */
function relay(to: { host: string; port: number }) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    port: () => port,
    async open() {
      server = net.createServer((client) => {
        const upstream = net.connect(to);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
  };
}

/** Stands in for Temporal's frontend: readiness only needs its port to accept connections. */
function listener() {
  let server: Server | undefined;
  let port = 0;
  return {
    address: () => `127.0.0.1:${port}`,
    async open() {
      server = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
    },
    close: () => new Promise((resolve) => server!.close(resolve)),
  };
}

it('fails readiness naming the unreachable database or Temporal, and recovers by itself', async () => {
  const url = new URL(requireEnv('DATABASE_URL'));
  const database = relay({ host: url.hostname, port: Number(url.port) });
  await database.open();
  url.port = String(database.port());
  const db = await openPostgres(url.toString());
  const temporal = listener();
  await temporal.open();
  temporalAddressesInUse.add(temporal.address());
  const keys = await generateInternalKeyPair();
  const service = assembleService(
    {
      db,
      logger: createLogger('probe', 'silent'),
      verifier: new InternalTokenVerifier(keys.publicKey),
      bus: new InProcessEventBus(),
    } as Parameters<typeof assembleService>[0],
    { name: 'probe', routers: [] },
  );
  const readyz = () => request(service.app).get('/readyz');
  try {
    expect((await readyz()).status).toBe(200);

    await database.close();
    const noDatabase = await readyz();
    expect(noDatabase.status).toBe(503);
    expect(noDatabase.body.detail).toMatch(/^probe is not ready: the database cannot be reached/);
    await database.open();
    expect((await readyz()).status).toBe(200);

    await temporal.close();
    const noTemporal = await readyz();
    expect(noTemporal.status).toBe(503);
    expect(noTemporal.body.detail).toContain(`Temporal at ${temporal.address()} cannot be reached`);
    await temporal.open();
    expect((await readyz()).status).toBe(200);
  } finally {
    temporalAddressesInUse.delete(temporal.address());
    await db.close();
    await database.close().catch(() => undefined);
    await temporal.close().catch(() => undefined);
  }
});
