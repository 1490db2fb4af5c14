import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Closing the encoder (the matchmaker stopping) while its thread runs onnxruntime used to terminate the
 * thread mid-inference, which aborts the whole process ("terminate called after throwing an instance of
 * 'Napi::Error'", exit 134) — in CI, the jest process running the suite. Now the running batch answers
 * first and queued ones are refused. Run in a child process, so an abort fails this test.
 */
it('closes while a batch runs without aborting: the running batch answers, queued ones are refused', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'closeMidBatch.fixture.ts')],
    { timeout: 300_000 },
  );
  expect(stdout.trim().split('\n')).toEqual(['queued: The sentence encoder stopped.', 'running: answered']);
});
