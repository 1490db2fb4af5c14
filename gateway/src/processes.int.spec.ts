import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { restartablePort } from '@beatmatch/platform';
import { requireEnv } from '@beatmatch/testing';

/**
 * GATEWAY_PROCESSES=2 (./processes.ts): the gateway's entry as N processes behind one port, a worker
 * that dies replaced, all of them gone when the primary is stopped or killed.
 */
const entry = path.join(__dirname, 'main.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
const alive = (pid: number) => spawnSync('kill', ['-0', String(pid)]).status === 0;

function startGateway(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      GATEWAY_PROCESSES: '2',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CSRF_SECRET: 'c'.repeat(40),
      INTERNAL_TOKEN_PRIVATE_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (data) => (output += String(data)));
  return { child, output: () => output };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(200);
  }
}

const answers = async (url: string) => {
  try {
    return (await fetch(url)).status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
};

describe('the gateway as several processes', () => {
  it('serves from two workers on one port, replaces a dead one, and stops with its primary', async () => {
    const port = await restartablePort();
    const url = `http://127.0.0.1:${port}/api/csrf`;
    const { child, output } = startGateway({
      PORT: String(port),
      DATABASE_URL: requireEnv('DATABASE_URL'),
      KAFKA_BROKERS: requireEnv('KAFKA_BROKERS'),
    });
    try {
      await until(() => answers(url));
      const workers = await until(() =>
        childrenOf(child.pid!).length === 2 ? childrenOf(child.pid!) : undefined,
      );
      process.kill(workers[0]!, 'SIGKILL');
      const replaced = await until(() => {
        const now = childrenOf(child.pid!);
        return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
      });
      expect(replaced).toContain(workers[1]);
      expect(output()).toContain(`gateway process 0 (pid ${workers[0]}) exited (SIGKILL)`);
      await until(() => answers(url));
      child.kill('SIGKILL');
      // Workers leave when their primary is gone (however it went): nothing keeps the port.
      await until(() => (replaced.every((pid) => !alive(pid)) ? true : undefined), 10_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 150_000);

  it('refuses to start without the database its processes share rate limits through', async () => {
    const { child, output } = startGateway({ PORT: String(await restartablePort()), DATABASE_URL: '' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output()).toContain('GATEWAY_PROCESSES=2 needs DATABASE_URL');
  }, 90_000);
});
