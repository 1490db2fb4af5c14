import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A DNA worker taken out of the pool mid-analysis (a timeout, or the pool closed) is ended only after
 * it answers: terminating its thread while onnxruntime ran in it aborted the whole process
 * ("terminate called after throwing an instance of 'Napi::Error'", exit 134) — in CI, the jest process
 * that ran the suite. Run in a child process, so an abort fails this test instead of ending the run.
 */
it('survives a timeout and a pool closed while the models run', async () => {
  const scenario = join(__dirname, 'testing', 'fixtures', 'endMidAnalysis.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', scenario], {
    timeout: 300_000,
  });
  expect(stdout.trim().split('\n')).toEqual(['timeout: TIMEOUT', 'close: WORKER_FAILED']);
});
