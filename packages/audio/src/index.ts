// @beatmatch/audio — the DNA engine. `analyze` runs in a worker thread; `analyzeInProcess` is the same
// pipeline in the calling thread (tests, benches, batch jobs that are already off the event loop).
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { Dna } from './dna';
import { DnaError } from './errors';
import type { AnalyzeOptions } from './analyzeBytes';
import type { WorkerRequest, WorkerResponse } from './worker';
import type { Fingerprint } from './fingerprint';
import { analysisByteLimit } from './decode/limits';

export * from './dna';
export { DnaError, MIN_ANALYSABLE_SECONDS, type DnaErrorCode } from './errors';
export { analyzeBytes as analyzeInProcess, type AnalyzeOptions } from './analyzeBytes';
export { analysisByteLimit } from './decode/limits';
export {
  bestOffset,
  compareFingerprints,
  fingerprintInProcess,
  fingerprintSignal,
  isFingerprintMatch,
  FINGERPRINT_FRAME_SECONDS,
  FINGERPRINT_MATCH,
  FINGERPRINT_VERSION,
  type Fingerprint,
  type FingerprintComparison,
} from './fingerprint';

export interface WorkerAnalyzeOptions extends AnalyzeOptions {
  /** The worker is stopped and the promise rejected with DnaError TIMEOUT after this long. Default 120 s. */
  timeoutMs?: number;
}

// require.resolve, not __dirname: when an ES module imports this file through tsx, __dirname is not a
// file path, while the require that tsx provides still resolves relative to this file.
const WORKER_ENTRY =
  typeof require === 'function' ? require.resolve('./workerEntry.cjs') : join(__dirname, 'workerEntry.cjs');

/** Runs one request in a fresh worker thread (see ./worker.ts); rejects with a DnaError. */
function runInWorker(
  bytes: Uint8Array,
  options: WorkerAnalyzeOptions,
  task: 'dna' | 'fingerprint',
): Promise<WorkerResponse & { ok: true }> {
  const { timeoutMs = 120_000, ...analyzeOptions } = options;
  const sourceByteLength = analyzeOptions.sourceByteLength ?? bytes.length;
  const limit = analysisByteLimit(bytes.subarray(0, 65536), sourceByteLength) ?? bytes.length;
  // A fresh copy even for a Node Buffer (whose slice() is a view): its buffer is transferred.
  const copy = new Uint8Array(bytes.subarray(0, Math.min(bytes.length, limit)));
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(WORKER_ENTRY, {
      // The JS heap stays small (audio lives in typed arrays); a runaway heap ends the worker, not the service.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const what = task === 'dna' ? 'The DNA analysis' : 'The fingerprint';
    const timer = setTimeout(
      () => finish(() => reject(new DnaError('TIMEOUT', `${what} did not finish within ${timeoutMs} ms.`))),
      timeoutMs,
    );
    worker.once('message', (response: WorkerResponse) =>
      finish(() => {
        if (response.ok) resolve(response);
        else
          reject(
            response.code === 'INTERNAL'
              ? new DnaError('WORKER_FAILED', response.message)
              : new DnaError(response.code, response.message),
          );
      }),
    );
    worker.once('error', (error) =>
      finish(() => reject(new DnaError('WORKER_FAILED', `The DNA worker failed: ${error.message}`))),
    );
    worker.once('exit', (code) =>
      finish(() =>
        reject(new DnaError('WORKER_FAILED', `The DNA worker exited (code ${code}) without a result.`)),
      ),
    );
    const request: WorkerRequest = { bytes: copy, options: { ...analyzeOptions, sourceByteLength }, task };
    worker.postMessage(request, [copy.buffer as ArrayBuffer]);
  });
}

/**
 * Analyses WAV or MP3 bytes in a worker thread and resolves with the DNA. Rejects with a DnaError
 * (UNSUPPORTED_FORMAT, CORRUPT, TOO_SHORT, SILENT, TIMEOUT, WORKER_FAILED). The caller's buffer is
 * copied (only the part the analysis needs), never detached.
 */
export async function analyze(bytes: Uint8Array, options: WorkerAnalyzeOptions = {}): Promise<Dna> {
  const response = await runInWorker(bytes, options, 'dna');
  if (!('dna' in response)) throw new DnaError('WORKER_FAILED', 'The DNA worker answered without a DNA.');
  return response.dna;
}

/**
 * The audio fingerprint (./fingerprint.ts) of WAV or MP3 bytes, computed in a worker thread like
 * `analyze` (same decoding, same errors); about 0.1 s of CPU per minute of audio after decoding.
 */
export async function fingerprint(
  bytes: Uint8Array,
  options: WorkerAnalyzeOptions = {},
): Promise<Fingerprint> {
  const response = await runInWorker(bytes, options, 'fingerprint');
  if (!('fingerprint' in response))
    throw new DnaError('WORKER_FAILED', 'The fingerprint worker answered without a fingerprint.');
  return response.fingerprint;
}
