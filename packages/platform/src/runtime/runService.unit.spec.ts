import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A service process whose start fails says so in one log line and exits with code 1 (its supervisor
 * starts it again); it never dies of an unhandled rejection with a bare stack on stderr.
 */
jest.setTimeout(60_000);

it('a start that fails is logged as "<name> failed to start" with its cause, and the process exits 1', async () => {
  const script = `import(${JSON.stringify(require.resolve('./runService.ts'))}).then((loaded) =>
    (loaded.runService ?? loaded.default.runService)({ name: 'probe', port: 0, config: {}, secrets: [], create: async () => { throw new Error('not reached'); } }));`;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env.INTERNAL_TOKEN_PUBLIC_KEY;
  const exit = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], { env }).then(
    () => ({ code: 0, stdout: '', stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(exit.code).toBe(1);
  const lines = exit.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level: number; err?: { message: string } });
  expect(lines).toEqual([
    expect.objectContaining({
      msg: 'probe failed to start',
      level: 60,
      err: expect.objectContaining({
        message: expect.stringContaining('INTERNAL_TOKEN_PUBLIC_KEY is required'),
      }),
    }),
  ]);
  expect(exit.stderr).not.toMatch(/Unhandled|^\s+\^$/m);
});
