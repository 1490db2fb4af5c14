#!/usr/bin/env node
// `npm test`: brings up the real servers the adapter suites need (deploy/local/up, cached after the
// first run), runs every jest level (unit, int, e2e) and the browser journeys, and ends with one
// summary line "N passed, N failed" (", N skipped" may follow), preceded by each skipped suite with
// its reason and each failure found outside a test. Extra arguments go to jest (e.g.
// `npm test -- packages/audio`); with arguments the browser journeys are skipped unless --browser is given.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { combine, formatSummary, readJson, readJsonLines, runPlaywright, summariseJest } = createRequire(
  import.meta.url,
)('./testSummary.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const browserFlag = args.includes('--browser');
const jestArgs = args.filter((arg) => arg !== '--browser');
const runBrowser = browserFlag || jestArgs.length === 0;
const env = { ...process.env };
const SHARED_CHAIN = ['BEAT_CHAIN_RPC_URL', 'BEAT_TREASURY_KEY'];
const run = (command, commandArgs, options = {}) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env, ...options });

// 1. Real servers (PostgreSQL, Kafka, Temporal, stripe-mock) for the adapter suites.
const up = path.join(root, 'deploy', 'local', 'up');
if (!process.env.SKIP_SERVERS && existsSync(up)) {
  const started = run('bash', [up]);
  if (started.status !== 0) {
    console.error('deploy/local/up failed: the real-server suites cannot run.');
    process.exit(started.status ?? 1);
  }
  const printed = spawnSync('bash', [path.join(root, 'deploy', 'local', 'env')], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const match of printed.stdout.matchAll(/^export\s+([A-Z_][A-Z0-9_]*)=(.*)$/gm)) {
    // The one development chain is the distributed profile's: suites keep a chain of their own (each
    // treasury journal beside its own chain), and a suite that tests a chain URL sets it itself.
    if (!SHARED_CHAIN.includes(match[1])) env[match[1]] = match[2].replace(/^['"]|['"]$/g, '');
  }
}

// Kafka topics and consumer groups of this run carry its own prefix, so the suites never consume a
// developer's events (or the reverse), nor another run's (KafkaEventBus.fromBrokerList reads it).
env.KAFKA_TOPIC_PREFIX ??= `test-${Date.now().toString(36)}-${process.pid}.`;

// 2. jest: unit, int and e2e projects in one run (PGlite needs --experimental-vm-modules). Suites that
// skip for want of a server record why in skipReasons (@beatmatch/testing's optionalServer).
const out = mkdtempSync(path.join(tmpdir(), 'beatmatch-test-'));
const jestJson = path.join(out, 'jest.json');
const skipReasons = path.join(out, 'skip-reasons.jsonl');
env.BEATMATCH_SKIP_REASONS = skipReasons;
// scripts/jestProgress.cjs writes each test file's start and end here: if jest dies before its report,
// the summary still names the file that was running and counts the ones that finished.
const progress = path.join(out, 'jest-progress.jsonl');
env.BEATMATCH_JEST_PROGRESS = progress;
const jest = run(process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  // On two cores jest runs every file in this one process: a larger heap than Node's default (about 4 GiB
  // here) keeps a run of 200+ files from ending in a fatal out-of-memory error.
  '--max-old-space-size=8192',
  path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
  // (An array option: it takes the words after it, so a flag must follow it before any test path.)
  '--reporters=default',
  `--reporters=${path.join(root, 'scripts', 'jestProgress.cjs')}`,
  '--json',
  `--outputFile=${jestJson}`,
  // In CI: list the handles (servers, sockets, timers) a suite leaves open, then exit anyway, so a leak
  // is reported by name instead of hanging the job until its timeout. (--detectOpenHandles runs the
  // files in band; on CI's two cores jest would use one worker anyway.)
  // --logHeapUsage prints each file's heap after it, so a leak shows where it grows.
  ...(process.env.CI ? ['--detectOpenHandles', '--forceExit', '--logHeapUsage'] : []),
  ...jestArgs,
]);
const stages = [
  summariseJest(
    readJson(jestJson),
    jest.status ?? jest.signal,
    readJsonLines(skipReasons),
    root,
    readJsonLines(progress),
  ),
];

// 3. Browser journeys (Playwright driving Debian's Chromium against `npm start`). The stage fails when
// Playwright exits non-zero, reports errors (e.g. its web server did not start, a journey did not
// compile), or runs fewer tests than `playwright test --list` found.
if (runBrowser && existsSync(path.join(root, 'e2e', 'playwright.config.ts'))) {
  stages.push(runPlaywright({ root, config: 'e2e/playwright.config.ts', env }));
}

// 4. API fuzzing (schemathesis over /api/openapi.json against the embedded app, signed in): one test,
// red on any 5xx or other schemathesis failure, a dead server, a lost session or no cases run. Its
// own line "fuzz: passed|FAILED — N cases …" says what it saw.
if (runBrowser) {
  const fuzz = run(process.execPath, [path.join(root, 'scripts', 'fuzz.mjs')]);
  const ok = fuzz.status === 0;
  stages.push({
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    problems: ok ? [] : ['API fuzzing (scripts/fuzz.mjs): see its "fuzz:" line above'],
    skips: [],
  });
}

if (env.KAFKA_BROKERS) deleteRunTopics(env.KAFKA_BROKERS, env.KAFKA_TOPIC_PREFIX);

const summary = combine(...stages);
console.log(formatSummary(summary));
process.exit(summary.failed > 0 ? 1 : 0);

/** Removes this run's topics (a run that was killed leaves its own; they never meet another run's). */
function deleteRunTopics(brokers, prefix) {
  const script = `
    const { Kafka, logLevel } = require('kafkajs');
    const admin = new Kafka({ brokers: process.argv[1].split(','), clientId: 'test-cleanup', logLevel: logLevel.NOTHING }).admin();
    (async () => {
      await admin.connect();
      const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(process.argv[2]));
      if (topics.length) await admin.deleteTopics({ topics, timeout: 10000 });
      await admin.disconnect();
    })().catch(() => process.exit(0));`;
  spawnSync(process.execPath, ['-e', script, brokers, prefix], {
    cwd: root,
    stdio: 'ignore',
    timeout: 30_000,
  });
}
