/**
 * Frontend bench: what a browser downloads and how fast the page settles, on the embedded app.
 *   npm run bench:frontend [-- --runs 3] [-- --port 18461] [-- --save baseline]
 *
 * Starts `node scripts/start.mjs` on its own port and data directory (building the frontends when
 * they are stale), signs a user up through the API, then loads each page in Debian's Chromium with a
 * cold cache, 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) and both layouts (desktop
 * 1280×800, phone 390×844). Per page it reports the median of the runs:
 *   jsWire   bytes of JavaScript on the wire (compressed when the server compresses), all of it
 *   shellJs  the part that is not a remote's (/remotes/…): the shell's first load
 *   jsRaw    the same JavaScript uncompressed
 *   lcp      largest contentful paint (PerformanceObserver), ms
 *   cls      cumulative layout shift (largest session window), unitless
 * and compares with bench/frontend/baseline.json (the figures before the performance work).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { stringArg } from '@beatmatch/testing';

const root = path.resolve(__dirname, '..', '..');
const arg = stringArg;
const runs = Number(arg('runs', '3'));
const port = Number(arg('port', '18461'));
const save = arg('save', '');
const baseUrl = `http://127.0.0.1:${port}`;
const baselineFile = path.join(__dirname, 'baseline.json');

const viewports = {
  desktop: { width: 1280, height: 800, isMobile: false },
  phone: { width: 390, height: 844, isMobile: true },
} as const;

interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
  /** Visible once the page's own content has rendered. */
  ready: string;
}

const pageCases: PageCase[] = [
  { name: 'landing', path: '/', signedIn: false, ready: 'h1' },
  { name: 'login', path: '/login', signedIn: false, ready: 'input' },
  // The swipe player has rendered its state: a beat, or (no catalogue in the bench) 'No beat found!'.
  {
    name: 'matchmaker',
    path: '/user/matchmaker',
    signedIn: true,
    ready: '[data-testid="player-beat-name"], [data-testid="player-no-beat"]',
  },
];

interface Figures {
  jsWire: number;
  shellJs: number;
  jsRaw: number;
  lcp: number;
  cls: number;
}

type Results = Record<string, Figures>;

// Collects LCP and CLS (largest session window: gaps < 1 s, windows ≤ 5 s) from the first paint on.
const observerScript = `(() => {
  const m = { lcp: 0, cls: 0 };
  window.__bench = m;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) m.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let windowValue = 0, windowStart = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (entry.startTime - last > 1000 || entry.startTime - windowStart > 5000) {
        windowValue = 0;
        windowStart = entry.startTime;
      }
      windowValue += entry.value;
      last = entry.startTime;
      m.cls = Math.max(m.cls, windowValue);
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The app did not answer on ${baseUrl}/healthz`);
}

function startApp(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_CODE: '1000',
      // The page loads are measured, not the demo catalogue's synthesis and analysis beside them.
      DEMO_CATALOGUE: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function signedInState(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const request = context.request;
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const post = async (apiPath: string, data: object) => {
    const response = await request.post(apiPath, { data, headers: { 'x-csrf-token': csrfToken } });
    if (!response.ok()) throw new Error(`${apiPath}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const suffix = Date.now().toString(36);
  const user = {
    username: `bench_${suffix}`,
    email: `bench+${suffix}@example.test`,
    password: 'bench password 1',
  };
  const { uuid } = (await post('/api/beatmatch_exclude', {})) as { uuid: string };
  await post('/api/beatmatch_signup', user);
  // The code mail leaves through the outbox a moment after the sign-up answered.
  let code: string | undefined;
  for (const deadline = Date.now() + 10_000; !code && Date.now() < deadline;) {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as { to: string; text: string }[];
    code = mails.find((mail) => mail.to === user.email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!code) throw new Error('No sign-up code in the dev mailbox');
  const credentials = { email: user.email, password: user.password, uuid };
  await post('/api/beatmatch_login', { ...credentials, auth_code: code });
  await post('/api/beatmatch_login', { ...credentials, producerArtistSurvey: 'both' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'beatmatch-bench-state-')), 'state.json');
  const state = await context.storageState();
  // The browser's signed-in flag, as the login screen leaves it (the shell asks who is signed in
  // only when it is set).
  state.origins.push({ origin: baseUrl, localStorage: [{ name: 'signedIn', value: 'true' }] });
  writeFileSync(file, JSON.stringify(state));
  await context.close();
  return file;
}

async function measureOnce(
  browser: Browser,
  pageCase: PageCase,
  viewport: (typeof viewports)[keyof typeof viewports],
  state: string,
): Promise<Figures> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: 1,
    ...(pageCase.signedIn ? { storageState: state } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(observerScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Map<string, { url: string; raw: number }>();
  let jsWire = 0;
  let shellJs = 0;
  let jsRaw = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, raw: 0 });
  });
  cdp.on('Network.dataReceived', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.raw += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    jsWire += event.encodedDataLength;
    jsRaw += script.raw;
    if (!new URL(script.url).pathname.startsWith('/remotes/')) shellJs += event.encodedDataLength;
  });
  await page.goto(pageCase.path, { waitUntil: 'load' });
  await page.locator(pageCase.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const metrics = (await page.evaluate('window.__bench')) as { lcp: number; cls: number };
  await context.close();
  return { jsWire, shellJs, jsRaw, lcp: metrics.lcp, cls: metrics.cls };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function row(key: string, figures: Figures | undefined): string {
  if (!figures) return `${key.padEnd(22)} —`;
  return [
    key.padEnd(22),
    `jsWire=${kb(figures.jsWire).padStart(10)}`,
    `shellJs=${kb(figures.shellJs).padStart(10)}`,
    `jsRaw=${kb(figures.jsRaw).padStart(10)}`,
    `lcp=${`${figures.lcp.toFixed(0)}ms`.padStart(7)}`,
    `cls=${figures.cls.toFixed(3)}`,
  ].join('  ');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-bench-frontend-'));
  const app = startApp(dataDir);
  let browser: Browser | undefined;
  try {
    await waitForHealth(Date.now() + 300_000);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    const state = await signedInState(browser);
    const results: Results = {};
    for (const [viewportName, viewport] of Object.entries(viewports)) {
      for (const pageCase of pageCases) {
        const samples: Figures[] = [];
        // One warm-up load so the server's first-request costs do not count.
        await measureOnce(browser, pageCase, viewport, state);
        for (let i = 0; i < runs; i++) samples.push(await measureOnce(browser, pageCase, viewport, state));
        const figures: Figures = {
          jsWire: median(samples.map((s) => s.jsWire)),
          shellJs: median(samples.map((s) => s.shellJs)),
          jsRaw: median(samples.map((s) => s.jsRaw)),
          lcp: median(samples.map((s) => s.lcp)),
          cls: median(samples.map((s) => s.cls)),
        };
        results[`${pageCase.name}@${viewportName}`] = figures;
      }
    }
    const baseline: Results = existsSync(baselineFile)
      ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Results)
      : {};
    console.log(`Frontend bench: median of ${runs} cold loads, 4× CPU throttling, ${baseUrl}`);
    for (const key of Object.keys(results)) {
      console.log(row(`before ${key}`, baseline[key]));
      console.log(row(`now    ${key}`, results[key]));
    }
    const worst = (field: keyof Figures) => Math.max(...Object.values(results).map((f) => f[field]));
    console.log(
      `summary shellFirstLoad=${kb(results['landing@desktop']!.shellJs)} maxLcp=${worst('lcp').toFixed(0)}ms maxCls=${worst('cls').toFixed(3)} (targets: ≤200 KB, ≤1500 ms, <0.05)`,
    );
    if (save === 'baseline') writeFileSync(baselineFile, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await browser?.close();
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
