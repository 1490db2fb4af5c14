// Browser journeys against the embedded app (npm start), driven by Debian's Chromium.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { REFERENCE_SEARCH_ENV } from './referenceStandIns';
import { TRACKER_PORT } from './trackerPort';

const PORT = Number(process.env.E2E_PORT ?? 8123);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh data directory per run: the journey signs up a new user and reads the newest mails.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'beatmatch-e2e-'));

export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'setup', testMatch: '*.setup.ts' },
    { name: 'journeys', testMatch: '*.journey.ts', dependencies: ['setup'] },
  ],
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(__dirname, '..'),
    // The journeys share one client address; a rerun inside a minute must not trip the login limit.
    // A small demo catalogue (8 beats, analysed in the background through the upload workflow) for the
    // matchmaker and cart journeys; the upload journey publishes its own beat.
    env: {
      DATA_DIR: dataDir,
      PORT: String(PORT),
      RATE_LIMIT_LOGIN: '60',
      RATE_LIMIT_RESET: '30',
      DEMO_CATALOGUE: process.env.DEMO_CATALOGUE ?? 'on:8',
      // Browser error reports go to errorReports.journey.ts's stand-in tracker (nothing listens otherwise:
      // identity then logs that it could not forward, and the report is still logged and counted).
      ERROR_TRACKER_DSN: `http://e2e-public-key@127.0.0.1:${TRACKER_PORT}/1`,
      // The reference searches' Spotify and audio search: referenceSearch.journey.ts's stand-ins.
      ...REFERENCE_SEARCH_ENV,
    },
    url: `${BASE_URL}/healthz`,
    // The first start may build the three frontends.
    timeout: 240_000,
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
