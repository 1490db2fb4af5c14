import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPlaywright } from './testSummary.cjs';

/**
 * The runner's Playwright stage against real Playwright runs in throw-away config directories: a
 * failing journey and a web server that cannot start must both turn the run red; a clean run is green.
 * No browser is launched (the journeys use no page).
 */
const root = path.resolve(__dirname, '..');
const dirs: string[] = [];
// Playwright refuses to run inside a jest worker (it looks for JEST_WORKER_ID).
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'JEST_WORKER_ID'));

function project(webServerCommand: string | undefined, journeys: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beatmatch-runner-'));
  dirs.push(dir);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const port = 18_700 + Math.floor(Math.random() * 200);
  const webServer = webServerCommand
    ? `webServer: { command: ${JSON.stringify(webServerCommand)}, url: 'http://127.0.0.1:${port}/', timeout: 20_000 },`
    : '';
  writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  projects: [{ name: 'journeys', testMatch: '*.journey.ts' }],
  workers: 1,
  ${webServer}
});
`,
  );
  for (const [name, body] of Object.entries(journeys)) writeFileSync(path.join(dir, name), body);
  return path.join(dir, 'playwright.config.ts');
}

const passing = `import { test, expect } from '@playwright/test';
test('adds', () => { expect(1 + 1).toBe(2); });
`;
const failing = `import { test, expect } from '@playwright/test';
test('fails on purpose', () => { expect(1 + 1).toBe(3); });
`;

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('passes a run whose journeys all pass, counting them', () => {
  const s = runPlaywright({
    root,
    config: project(undefined, { 'a.journey.ts': passing }),
    env,
    quiet: true,
  });
  expect([s.passed, s.failed, s.problems]).toEqual([1, 0, []]);
});

it('turns red when a journey fails', () => {
  const s = runPlaywright({
    root,
    config: project(undefined, { 'a.journey.ts': passing, 'b.journey.ts': failing }),
    env,
    quiet: true,
  });
  expect(s.passed).toBe(1);
  expect(s.failed).toBeGreaterThanOrEqual(1);
  // The failure names its message's first line and the line of the journey that failed.
  expect(s.problems).toContain(
    'b.journey.ts › fails on purpose: unexpected — Error: expect(received).toBe(expected) // Object.is equality (at b.journey.ts:2)',
  );
});

it('turns red when the web server cannot start, although no journey failed', () => {
  const s = runPlaywright({
    root,
    config: project(`node -e "process.exit(3)"`, { 'a.journey.ts': passing }),
    env,
    quiet: true,
  });
  expect(s.passed).toBe(0);
  expect(s.failed).toBeGreaterThanOrEqual(1);
  expect(s.problems.join('\n')).toMatch(/Playwright (error|found 1 tests but ran 0|exited)/);
});

it('turns red when a journey file does not compile', () => {
  const s = runPlaywright({
    root,
    config: project(undefined, {
      'a.journey.ts': passing,
      'b.journey.ts': 'import { test } from "@playwright/test";\ntest(\'x\', () => {\n',
    }),
    env,
    quiet: true,
  });
  expect(s.failed).toBeGreaterThanOrEqual(1);
});
