#!/usr/bin/env node
// `npm test`: brings up the real servers the adapter suites need (deploy/local/up, cached after the
// first run), runs every jest level (unit, int, e2e) and the browser journeys, and ends with one
// summary line "N passed, N failed". Extra arguments go to jest (e.g. `npm test -- packages/audio`);
// with arguments the browser journeys are skipped unless --browser is given.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const browserFlag = args.includes('--browser');
const jestArgs = args.filter((arg) => arg !== '--browser');
const runBrowser = browserFlag || jestArgs.length === 0;
const env = { ...process.env };
const run = (command, commandArgs, options = {}) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env, ...options });

// 1. Real servers (PostgreSQL, Kafka, Temporal, FerretDB, stripe-mock) for the adapter suites.
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
    env[match[1]] = match[2].replace(/^['"]|['"]$/g, '');
  }
}

// 2. jest: unit, int and e2e projects in one run (PGlite needs --experimental-vm-modules).
const out = mkdtempSync(path.join(tmpdir(), 'beatmatch-test-'));
const jestJson = path.join(out, 'jest.json');
const jest = run(process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
  '--json',
  `--outputFile=${jestJson}`,
  ...jestArgs,
]);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(jestJson)) {
  const report = JSON.parse(readFileSync(jestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += report.numPendingTests + report.numTodoTests;
} else if (jest.status !== 0) {
  failed += 1;
}
if (jest.status !== 0 && failed === 0) failed += 1;

// 3. Browser journeys (Playwright driving Debian's Chromium against `npm start`).
if (runBrowser && existsSync(path.join(root, 'e2e', 'playwright.config.ts'))) {
  const pwJson = path.join(out, 'playwright.json');
  const pw = run(
    process.execPath,
    [
      path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    },
  );
  if (existsSync(pwJson)) {
    const stats = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += stats.expected + (stats.flaky ?? 0);
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  if (pw.status !== 0 && !existsSync(pwJson)) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
