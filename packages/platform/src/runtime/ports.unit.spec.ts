import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ephemeralPortRange, restartablePort } from './ports';

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: ReturnType<typeof createServer>) => new Promise((resolve) => server.close(resolve));

describe('restartablePort', () => {
  it('reads the kernel range from its file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ports-'));
    writeFileSync(path.join(dir, 'range'), '32768\t60999\n');
    expect(ephemeralPortRange(path.join(dir, 'range'))).toEqual({ low: 32768, high: 60999 });
    expect(ephemeralPortRange(path.join(dir, 'missing'))).toEqual({ low: 49152, high: 65535 });
  });

  it('gives a port outside the ephemeral range that can be listened on, again after it was closed', async () => {
    const range = ephemeralPortRange();
    for (let i = 0; i < 20; i += 1) {
      const port = await restartablePort();
      expect(port < range.low || port > range.high).toBe(true);
      const server = await listen(port);
      await close(server);
      await close(await listen(port));
    }
  });

  it('goes above the range when too little is left below it', async () => {
    const port = await restartablePort('127.0.0.1', { low: 10_500, high: 60_000 });
    expect(port).toBeGreaterThan(60_000);
    await close(await listen(port));
  });
});
