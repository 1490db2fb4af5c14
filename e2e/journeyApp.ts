import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from '@playwright/test';

/** A journey's own app (payoutsApp.ts): its address, and the commands it takes on stdin. */
export interface JourneyApp {
  url(): string;
  /** One command to the app (grant an admin, move the clock, publish a beat), and its answer. */
  control(command: object): Promise<Record<string, unknown>>;
}

/**
 * Starts payoutsApp.ts on a data directory of its own before the journey file's tests and stops it
 * after them: for journeys that move the app's clock or grant roles on its database, which the shared
 * app of playwright.config.ts cannot do.
 */
export function journeyApp(label: string, port: number): JourneyApp {
  let app: ChildProcessWithoutNullStreams | undefined;
  let url = '';
  let answers: AsyncIterator<string>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    app = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'payoutsApp.ts')], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `beatmatch-${label}-journey-`)),
        PORT: String(port),
        DEMO_CATALOGUE: 'off',
      },
    });
    app.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    answers = createInterface({ input: app.stdout })[Symbol.asyncIterator]();
    const { value } = await answers.next();
    url = (JSON.parse(String(value)) as { url: string }).url;
  });

  test.afterAll(async () => {
    if (!app || app.exitCode !== null) return;
    const exited = new Promise((resolve) => app!.once('exit', resolve));
    app.stdin.end();
    await exited;
  });

  return {
    url: () => url,
    control: async (command) => {
      if (!app) throw new Error('the journey app has not started');
      app.stdin.write(`${JSON.stringify(command)}\n`);
      const { value } = await answers.next();
      const answer = JSON.parse(String(value)) as Record<string, unknown>;
      if (!answer.ok) throw new Error(`journey app: ${String(answer.error)}`);
      return answer;
    },
  };
}
