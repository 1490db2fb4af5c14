import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The kernel's range of ephemeral ports: where an outgoing connection's local port comes from. */
export function ephemeralPortRange(file = '/proc/sys/net/ipv4/ip_local_port_range'): {
  low: number;
  high: number;
} {
  try {
    const [low, high] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA range, which most other kernels use.
  }
  return { low: 49152, high: 65535 };
}

const canListen = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });

/**
 * A free loopback port that stays free while the process listening on it is killed and started again.
 *
 * A port from `listen(0)` is an ephemeral one, so while nothing listens on it the kernel can hand it
 * to any outgoing connection on the machine as its local port (often the new incarnation's own, to
 * its database, made before it listens: the restart then fails with EADDRINUSE), or to another process
 * listening on port 0 (a parallel test, whose /readyz would then answer for ours). A port below (or
 * above) the ephemeral range is never handed out either way. Used for ports chosen before their
 * processes start: the distributed profile's test runs, and tests that restart a killed process.
 */
export async function restartablePort(host = '127.0.0.1', range = ephemeralPortRange()): Promise<number> {
  const floor = 10_000;
  const candidates =
    range.low - floor >= 1_000 ? { from: floor, to: range.low - 1 } : { from: range.high + 1, to: 65_535 };
  for (let tries = 0; tries < 200; tries += 1) {
    const port = candidates.from + Math.floor(Math.random() * (candidates.to - candidates.from + 1));
    if (await canListen(port, host)) return port;
  }
  throw new Error(`no free port in ${candidates.from}–${candidates.to} after 200 tries`);
}
