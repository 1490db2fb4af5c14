import net from 'node:net';
import type { SqlDatabase } from '../sql/port';
import type { EventBus } from '../bus/port';
import { temporalAddressesInUse } from '../workflows/addresses';

/** How long one dependency may take to answer before readiness counts it as unreachable. */
const CHECK_TIMEOUT_MS = 3_000;

/** Fails with "<what> cannot be reached" when the check throws or does not answer in time. */
function reachable(what: string, check: () => Promise<unknown>) {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
            CHECK_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      throw new Error(`${what} cannot be reached (${(error as Error).message})`);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A TCP connection to host:port opens (Temporal's frontend: its gRPC clients reconnect by themselves). */
function tcpOpens(address: string) {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(':')),
    Number(address.slice(address.lastIndexOf(':') + 1)),
  ];
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: host || '127.0.0.1', port }, () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/**
 * A service is ready when it can reach its store, its bus and (once it uses one) Temporal. Each check
 * runs at every /readyz, so readiness recovers by itself when the dependency is back (the adapters
 * reconnect: the pg pool, kafkajs, Temporal's connection).
 */
export function readinessChecks(parts: { db: SqlDatabase; bus?: EventBus }) {
  const { db, bus } = parts;
  return [
    reachable('the database', () => db.query('SELECT 1')),
    ...(bus?.ready ? [reachable('the event bus', () => bus.ready!())] : []),
    () =>
      Promise.all(
        [...temporalAddressesInUse].map((address) =>
          reachable(`Temporal at ${address}`, () => tcpOpens(address))(),
        ),
      ),
  ];
}
