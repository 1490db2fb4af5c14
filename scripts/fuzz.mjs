#!/usr/bin/env node
// `npm run fuzz`: schemathesis (pinned, scripts/install-schemathesis.sh) against the embedded profile
// on its own port and a fresh data directory, over every operation of /api/openapi.json. Passes when
// no response is a 5xx and the server still answers /healthz afterwards; the number of cases is
// bounded (FUZZ_MAX_EXAMPLES per operation, default 25). Ends with one line "fuzz: passed|FAILED …".
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.FUZZ_PORT ?? 18_431);
const base = `http://127.0.0.1:${port}`;
const maxExamples = process.env.FUZZ_MAX_EXAMPLES ?? '25';

const installed = spawnSync('bash', [path.join(root, 'scripts', 'install-schemathesis.sh')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (installed.status !== 0) {
  console.log('fuzz: FAILED — schemathesis could not be installed');
  process.exit(1);
}
const st = installed.stdout.trim().split('\n').at(-1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-fuzz-'));
const app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    // Deeper than the limiter: the fuzzer's cases all come from one address.
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_RESET: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exited = false;
let exitedWith = '';
app.once('exit', (code, signal) => {
  exited = true;
  exitedWith = `exited with ${signal ?? code}`;
});

let lastHealth = '';
const alive = async () => {
  try {
    const response = await fetch(`${base}/healthz`);
    lastHealth = `/healthz ${response.status}`;
    return response.ok;
  } catch (error) {
    lastHealth = `/healthz ${error.cause?.code ?? error.message}`;
    return false;
  }
};
const finish = (ok, line) => {
  console.log(`fuzz: ${ok ? 'passed' : 'FAILED'} — ${line}`);
  if (!exited) app.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
};

const deadline = Date.now() + 240_000;
while (!(await alive())) {
  if (exited || Date.now() > deadline) finish(false, 'the embedded app did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

// Every API call needs the CSRF cookie and its token (double submit); the fuzzer sends both.
const csrf = await fetch(`${base}/api/csrf`);
const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
const { csrfToken } = await csrf.json();

const report = path.join(dataDir, 'schemathesis.json');
const run = spawnSync(
  st,
  [
    'run',
    `${base}/api/openapi.json`,
    '--checks',
    'not_a_server_error',
    '--max-examples',
    maxExamples,
    '--seed',
    process.env.FUZZ_SEED ?? '1',
    '--workers',
    '1',
    '--continue-on-failure',
    '--header',
    `x-csrf-token: ${csrfToken}`,
    '--header',
    `Cookie: ${cookie}`,
    '--report',
    'ndjson',
    '--report-ndjson-path',
    report,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SCHEMATHESIS_HOOKS: '' } },
);

let cases = 0;
try {
  for (const line of readFileSync(report, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const finished = event.ScenarioFinished ?? event.scenario_finished;
    if (finished?.recorder?.cases) cases += Object.keys(finished.recorder.cases).length;
  }
} catch {
  // counted as 0 below
}
// A few tries: the first may meet a kept-alive socket the server has just closed (UND_ERR_SOCKET).
let up = false;
for (let attempt = 0; attempt < 3 && !up && !exited; attempt += 1) {
  up = await alive();
  if (!up) await new Promise((resolve) => setTimeout(resolve, 300));
}
const line = `${cases} cases over /api/openapi.json, schemathesis exit ${run.status}, server ${up ? 'alive' : `DOWN (${exitedWith || lastHealth})`}`;
finish(run.status === 0 && up && cases > 0, line);
