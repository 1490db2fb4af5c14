import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { restartablePort } from '@beatmatch/platform';
import { samplePublishedBeat } from '@beatmatch/testing';
import {
  COMMERCE_RECORD_SQL,
  crashRounds,
  expectNothingWrong,
  findings,
  type CommerceRecord,
} from './checkoutBurst';

/*
 * Issue 20 "Done when", embedded profile: the whole app runs as a child process on one data
 * directory and is killed with SIGKILL at a random moment of a burst of checkouts, ROUNDS times, then
 * started again (checkoutBurst.ts: the buyers, the burst and what is checked). In the end no beat and
 * package is bought twice by a buyer, no bought beat is left in a cart, every buyer owns every beat
 * they put in the cart (no purchase lost) and every confirmed payment bought its order or was given back.
 */
const ROUNDS = 10;
const BUYERS_PER_ROUND = 4;
const root = path.resolve(__dirname, '..', '..', '..');
jest.setTimeout(900_000);

/** One incarnation of the embedded profile, as its own process (so that it can be killed -9). */
const CHILD = `
// The workspaces are CommonJS under tsx: their exports come as the module's default.
const load = async (name) => (await import(name)).default;
const { startEmbedded } = await load('@beatmatch/embedded');
const { createLogger } = await load('@beatmatch/platform');
const { CATALOG_TOPIC, integrationEvent } = await load('@beatmatch/contracts');
const system = await startEmbedded({
  dataDir: process.env.CRASH_DATA_DIR,
  port: Number(process.env.CRASH_PORT),
  host: '127.0.0.1',
  logger: createLogger('checkout-crash', 'silent'),
  rateLimits: { exclude: 100000 },
  env: { ...process.env, DEMO_CATALOGUE: 'off' },
});
const query = async (sql) => (await system.db.query(sql)).rows;
const beats = JSON.parse(process.env.CRASH_SEED ?? '[]');
for (const beat of beats)
  await system.bus.publish(CATALOG_TOPIC, [
    { key: beat.beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
  ]);
while (beats.length && Number((await query('SELECT count(*) AS n FROM commerce.beats'))[0].n) < beats.length)
  await new Promise((resolve) => setTimeout(resolve, 100));
process.on('SIGUSR2', async () => {
  const sql = JSON.parse(process.env.CRASH_RECORD_SQL);
  const report = {};
  for (const [name, text] of Object.entries(sql)) report[name] = await query(text);
  process.stdout.write('REPORT ' + JSON.stringify(report) + '\\n');
});
process.stdout.write('READY\\n');
`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-checkout-crash-'));
const producerId = randomUUID();
const beats = [1, 2, 3].map((n) =>
  samplePublishedBeat({ beatId: randomUUID(), producerId, name: `Crash Beat ${n}` }),
);
let port = 0;
let child: ChildProcess | undefined;
let output = '';

async function start(seed = false) {
  output = '';
  child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: root,
    env: {
      ...process.env,
      CRASH_DATA_DIR: dataDir,
      CRASH_PORT: String(port),
      CRASH_RECORD_SQL: JSON.stringify(COMMERCE_RECORD_SQL),
      ...(seed ? { CRASH_SEED: JSON.stringify(beats) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const started = child;
  await until(
    () => output.includes('READY') || started.exitCode !== null,
    180_000,
    () => `not ready:\n${output}`,
  );
  if (!output.includes('READY')) throw new Error(`exited before it was ready:\n${output}`);
}

function kill() {
  const dying = child!;
  const exited = new Promise((resolve) => dying.once('exit', resolve));
  dying.kill('SIGKILL');
  return exited;
}

async function report(): Promise<CommerceRecord> {
  const before = output.length;
  child!.kill('SIGUSR2');
  await until(
    () => /REPORT .*\n/.test(output.slice(before)),
    30_000,
    () => 'no report',
  );
  return JSON.parse(/REPORT (.*)\n/.exec(output.slice(before))![1]!) as CommerceRecord;
}

async function until(done: () => boolean, timeoutMs: number, why: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // Every incarnation listens on the same port (the buyers keep one URL): one outside the ephemeral
  // range, which no outgoing connection can take while the app is down (a CI run lost a restart to
  // EADDRINUSE on an ephemeral port).
  port = await restartablePort();
  await start(true);
});

afterAll(async () => {
  if (child && child.exitCode === null) await kill();
  rmSync(dataDir, { recursive: true, force: true });
});

it(`${ROUNDS} rounds of kill -9 during checkout bursts: 0 duplicate purchases, 0 paid items in carts, 0 lost purchases`, async () => {
  const buyers = await crashRounds({
    rounds: ROUNDS,
    buyersPerRound: BUYERS_PER_ROUND,
    url: `http://127.0.0.1:${port}`,
    beats: beats.map((beat) => beat.beatId),
    crash: async () => {
      await kill();
      await start();
    },
  });
  const found = await findings(buyers, await report());
  expectNothingWrong(found);
});
