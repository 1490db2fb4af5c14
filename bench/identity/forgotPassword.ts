/**
 * Forgot-password must not tell, by its speed, whether an e-mail has an account (identity answers
 * before it looks the address up). Interleaves calls for existing and unknown e-mails through the
 * gateway (embedded profile) and prints both latency distributions and their difference.
 *   npx tsx bench/identity/forgotPassword.ts [--requests 200] [--gap-ms 50]
 * With --gap-ms 0 the next call also pays for the previous call's background work (one event loop
 * in the embedded profile), which shows up as noise on whichever call comes next.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@beatmatch/platform';
import { startEmbedded } from '@beatmatch/embedded';
import { ApiClient } from '@beatmatch/embedded/apiClient';

const index = process.argv.indexOf('--requests');
const requests = index > 0 ? Number(process.argv[index + 1]) : 200;
/** Pause between calls so the work done after a reply is over before the next call (0 = back to back). */
const gapIndex = process.argv.indexOf('--gap-ms');
const gapMs = gapIndex > 0 ? Number(process.argv[gapIndex + 1]) : 50;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-bench-'));
  const system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('bench', 'silent'),
    rateLimits: { login: 1e9, code: 1e9, reset: 1e9, accountLogin: 1e9, accountCode: 1e9, accountReset: 1e9 },
  });
  try {
    const client = new ApiClient(system.url);
    const users = 10;
    for (let i = 0; i < users; i += 1) {
      const response = await client.post('beatmatch_signup', {
        username: `bench${i}`,
        email: `bench${i}@example.com`,
        password: 'correct horse battery',
      });
      if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
    }
    const times = { existing: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < requests; i += 1) {
      const kind = i % 2 === 0 ? 'existing' : 'unknown';
      const email = kind === 'existing' ? `bench${i % users}@example.com` : `nobody${i}@example.com`;
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const t0 = performance.now();
      const response = await client.post('beatmatch_forgot_password', { email });
      times[kind].push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`forgot-password answered ${response.status}`);
    }
    const summary: Record<string, number> = {};
    for (const kind of ['existing', 'unknown'] as const) {
      const sorted = times[kind].sort((a, b) => a - b);
      summary[`${kind}_p50_ms`] = percentile(sorted, 50);
      summary[`${kind}_p95_ms`] = percentile(sorted, 95);
      console.log(
        `${kind.padEnd(9)} n=${sorted.length} p50=${percentile(sorted, 50).toFixed(2)}ms p95=${percentile(sorted, 95).toFixed(2)}ms`,
      );
    }
    const diff = summary.existing_p50_ms! - summary.unknown_p50_ms!;
    console.log(
      Object.entries({ ...summary, p50_difference_ms: diff })
        .map(([key, value]) => `${key}=${value.toFixed(2)}`)
        .join(' '),
    );
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
