import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * Issue 7 §1.8: Ctrl-C delivered SIGINT twice (the terminal's process group and scripts/start.mjs
 * forwarding it) and the second one killed the process mid-stop, leaving the pid lock. Here the real
 * `npm start` launcher runs the embedded profile; SIGINT goes to the whole process group twice.
 */
describe('npm start stops cleanly on a doubled Ctrl-C', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-stop-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('removes the pid lock and exits 0', async () => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SKIP_FRONTEND_BUILD: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, like a terminal's foreground job
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running in time:\n${output}`)), 90_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Beatmatch is running')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`exited before running:\n${output}`)));
    });
    expect(existsSync(path.join(dataDir, 'embedded.pid'))).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(-child.pid!, 'SIGINT');
    expect({ code: await exited, output }).toEqual({
      code: 0,
      output: expect.stringContaining('Beatmatch stopped'),
    });
    expect(output).toContain('Beatmatch stopped');
    expect(existsSync(path.join(dataDir, 'embedded.pid'))).toBe(false);
  });
});
