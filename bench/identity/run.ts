/**
 * Identity through the gateway on the embedded profile: latency of the calls every page makes.
 *   npx tsx bench/identity/run.ts [--requests 400] [--concurrency 8]
 * Prints per-call p50/p95/p99 and throughput, then one final line of key=value pairs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@beatmatch/platform';
import { startEmbedded } from '@beatmatch/embedded';
import { ApiClient } from '@beatmatch/embedded/apiClient';
import { numberArg } from '@beatmatch/testing';

const arg = numberArg;
const requests = arg('requests', 400);
const concurrency = arg('concurrency', 8);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(name: string, count: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const result = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: count / seconds,
  };
  console.log(
    `${name.padEnd(10)} n=${count} p50=${result.p50.toFixed(1)}ms p95=${result.p95.toFixed(1)}ms p99=${result.p99.toFixed(1)}ms ${result.rps.toFixed(0)} req/s`,
  );
  return result;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-bench-'));
  const system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('bench', 'silent'),
    rateLimits: { login: 1e9, code: 1e9, reset: 1e9 },
  });
  try {
    const client = new ApiClient(system.url);
    const password = 'benchmark password';
    const user = { username: 'bench', email: 'bench@example.com', password };
    await client.post('beatmatch_signup', user);
    const code = (await system.devMailbox.waitFor((m) => m.to === user.email)).text.match(/\b(\d{6})\b/)![1];
    await client.post('beatmatch_login', { email: user.email, password, uuid: null, auth_code: code });
    await client.post('beatmatch_login', {
      email: user.email,
      password,
      uuid: null,
      producerArtistSurvey: 'both',
    });

    const health = await measure('healthz', requests, () =>
      fetch(`${system.url}/healthz`).then((r) => r.text()),
    );
    const auth = await measure('auth', requests, () => client.post('beatmatch_auth'));
    const exclude = await measure('exclude', requests, () => client.post('beatmatch_exclude'));
    const logins = Math.max(20, Math.floor(requests / 10));
    const login = await measure('login', logins, () =>
      client.post('beatmatch_login', { email: user.email, password, uuid: null }),
    );
    const signup = await measure('signup', logins, (i) =>
      client.post('beatmatch_signup', {
        username: `b${i}x${Date.now() % 1e6}`,
        email: `b${i}.${Date.now()}@example.com`,
        password,
      }),
    );
    const rss = process.memoryUsage().rss / 1048576;
    console.log(
      [
        `health_p50_ms=${health.p50.toFixed(1)}`,
        `auth_p50_ms=${auth.p50.toFixed(1)}`,
        `auth_p95_ms=${auth.p95.toFixed(1)}`,
        `auth_rps=${auth.rps.toFixed(0)}`,
        `exclude_p50_ms=${exclude.p50.toFixed(1)}`,
        `exclude_rps=${exclude.rps.toFixed(0)}`,
        `login_p50_ms=${login.p50.toFixed(1)}`,
        `login_p95_ms=${login.p95.toFixed(1)}`,
        `signup_p50_ms=${signup.p50.toFixed(1)}`,
        `concurrency=${concurrency}`,
        `rss_mb=${rss.toFixed(0)}`,
      ].join(' '),
    );
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
