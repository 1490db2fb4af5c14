#!/usr/bin/env node
// `npm run fuzz`: schemathesis (pinned, scripts/install-schemathesis.sh) against the embedded profile
// on its own port and a fresh data directory, over every operation of /api/openapi.json, signed in as a
// user it creates first (sign-up, the code from the dev mailbox, login), so the routes behind the
// session are fuzzed past the gateway's 401. Passes when no response is a 5xx and every documented
// answer matches its schema in the OpenAPI document (the calls' declared answers), the server still
// answers /healthz afterwards and the session was not lost on the way; the number of cases is
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
// Ends the session: fuzzed last, on its own, so every other operation runs signed in.
const SESSION_ENDING = ['/api/beatmatch_logout'];

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
const { SMTP_URL: _smtp, ...inherited } = process.env;
// Its own process group (detached): stopping the group also stops what the app started (the
// Temporal dev server), even when the app itself has to be killed.
const app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  detached: true,
  env: {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    // Only the API is fuzzed: no frontend build (a minute, and it would race other builds of dist/).
    SKIP_FRONTEND_BUILD: '1',
    // The sign-up code is read from the dev mailbox: loopback only, and no SMTP.
    HOST: '127.0.0.1',
    DEV_MAILBOX: 'on',
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
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether any process of the app's group is left (signal 0 only checks). */
const groupAlive = () => {
  try {
    process.kill(-app.pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const signalGroup = (signal) => {
  try {
    process.kill(-app.pid, signal);
  } catch {
    // the group is gone already
  }
};
const appExited = new Promise((resolve) => app.once('exit', resolve));
/** Waits (at most `ms`) until the app has exited and no process of its group is left. */
const stopped = async (ms) => {
  const deadline = Date.now() + ms;
  const left = await Promise.race([appExited.then(() => true), sleep(ms).then(() => false)]);
  if (!left) return false;
  while (groupAlive()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
};
/** SIGTERM to the whole group, SIGKILL to what is left after 30 s. */
const stopApp = async () => {
  if (app.pid === undefined) return;
  signalGroup('SIGTERM');
  if (await stopped(30_000)) return;
  console.error('fuzz: the app did not stop within 30 s of SIGTERM; killing its process group');
  signalGroup('SIGKILL');
  if (!(await stopped(10_000))) console.error(`fuzz: processes of group ${app.pid} are still left`);
};

// The verdict is printed first; then the app's process group is stopped and waited for (the app
// keeps writing its data directory — PGlite, the Temporal dev server — until it has exited), and
// only then is that directory removed. A directory that still cannot be removed is reported, not
// thrown: the verdict stands.
let finishing = false;
const finish = async (ok, line) => {
  if (finishing) return;
  finishing = true;
  console.log(`fuzz: ${ok ? 'passed' : 'FAILED'} — ${line}`);
  await stopApp();
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.error(`fuzz: could not remove ${dataDir}: ${error.message}`);
  }
  process.exit(ok ? 0 : 1);
};
// The app is in its own process group, so Ctrl-C no longer reaches it: stop it here.
let fuzzer;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    fuzzer?.kill(signal);
    void finish(false, `interrupted by ${signal}`);
  });

const deadline = Date.now() + 240_000;
while (!(await alive())) {
  if (exited || Date.now() > deadline)
    await finish(false, `the embedded app did not start (${exitedWith || lastHealth})`);
  await sleep(500);
}

// A browser-like client: keeps the cookies the gateway sets (visitor id, CSRF, session) and sends
// the CSRF token (double submit) with every call.
const cookies = new Map();
const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const request = async (route, init = {}) => {
  const response = await fetch(`${base}${route}`, {
    ...init,
    headers: { ...init.headers, cookie: cookieHeader() },
  });
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0];
    const index = pair.indexOf('=');
    const value = pair.slice(index + 1).trim();
    if (value) cookies.set(pair.slice(0, index).trim(), value);
    else cookies.delete(pair.slice(0, index).trim());
  }
  return response;
};
const { csrfToken } = await (await request('/api/csrf')).json();
const post = async (route, body) => {
  const response = await request(`/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
};

/** Signs a new user up and in as a person would; returns the username, or throws why not. */
const signUpAndIn = async () => {
  const username = `fuzz_${Date.now().toString(36)}`;
  const user = { username, email: `${username}@example.test`, password: 'correct horse battery' };
  const signup = await post('beatmatch_signup', user);
  if (signup.status !== 200) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
  // The code leaves through the outbox a moment after the sign-up answered.
  let code;
  for (const until = Date.now() + 30_000; !code && Date.now() < until; await sleep(200)) {
    const mails = await (await request('/dev/mailbox.json')).json();
    code = mails
      .map((mail) => (mail.to === user.email ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined))
      .find(Boolean);
  }
  if (!code) throw new Error(`no code was mailed to ${user.email} within 30 s`);
  const credentials = { email: user.email, password: user.password, uuid: null };
  const verified = await post('beatmatch_login', { ...credentials, auth_code: code });
  if (verified.body.response !== 'survey')
    throw new Error(`login with the code: ${JSON.stringify(verified.body)}`);
  // Producer and artist: every signed-in route is open to this user.
  const survey = await post('beatmatch_login', { ...credentials, producerArtistSurvey: 'both' });
  if (survey.status !== 200) throw new Error(`survey: ${survey.status} ${JSON.stringify(survey.body)}`);
  const auth = await post('beatmatch_auth', {});
  if (auth.status !== 200) throw new Error(`not signed in after login: beatmatch_auth ${auth.status}`);
  return username;
};
let username;
try {
  username = await signUpAndIn();
} catch (error) {
  await finish(false, `could not sign a user in: ${error.message}`);
}

// One schemathesis run; resolves to its exit status and the number of cases its report counts.
const fuzz = async (name, filter) => {
  if (finishing) return { status: 'interrupted', cases: 0 };
  const report = path.join(dataDir, `schemathesis-${name}.ndjson`);
  const args = [
    'run',
    `${base}/api/openapi.json`,
    ...filter,
    // No 5xx, and every documented answer matches its schema (the calls' declared answers, OpenAPI's
    // 200s, and the problem+json of the errors).
    '--checks',
    'not_a_server_error,response_schema_conformance',
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
    `Cookie: ${cookieHeader()}`,
    '--report',
    'ndjson',
    '--report-ndjson-path',
    report,
  ];
  fuzzer = spawn(st, args, { cwd: root, stdio: 'inherit', env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
  const status = await new Promise((resolve) =>
    fuzzer.once('exit', (code, signal) => resolve(code ?? signal)),
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
    // counted as 0
  }
  return { status, cases };
};

const exclude = SESSION_ENDING.flatMap((route) => ['--exclude-path', route]);
const include = SESSION_ENDING.flatMap((route) => ['--include-path', route]);
const signedIn = await fuzz('signed-in', exclude);
// Still the same user? Otherwise part of the run met only the gateway's 401.
const auth = exited || finishing ? undefined : await post('beatmatch_auth', {}).catch(() => undefined);
const sessionKept = auth?.status === 200;
const ending = await fuzz('session-ending', include);

// A few tries: the first may meet a kept-alive socket the server has just closed (UND_ERR_SOCKET).
let up = false;
for (let attempt = 0; attempt < 3 && !up && !exited; attempt += 1) {
  up = await alive();
  if (!up) await sleep(300);
}
const cases = signedIn.cases + ending.cases;
const line =
  `${cases} cases over /api/openapi.json (signed in as ${username}: ${signedIn.cases}, then ` +
  `${SESSION_ENDING.join(', ')}: ${ending.cases}), schemathesis exit ${signedIn.status}/${ending.status}, ` +
  `session ${sessionKept ? 'kept' : `LOST (beatmatch_auth ${auth?.status ?? 'unreachable'})`}, ` +
  `server ${up ? 'alive' : `DOWN (${exitedWith || lastHealth})`}`;
await finish(
  signedIn.status === 0 && ending.status === 0 && sessionKept && up && signedIn.cases > 0 && ending.cases > 0,
  line,
);
