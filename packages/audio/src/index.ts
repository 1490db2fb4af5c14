// @beatmatch/audio — the DNA engine. `analyze` runs on a small pool of long-lived worker threads (models
// loaded once per worker); `analyzeInProcess` is the same pipeline in the calling thread (tests, benches,
// batch jobs that are already off the event loop).
import { join } from 'node:path';
import type { Dna } from './dna';
import { DnaError } from './errors';
import type { AnalyzeOptions } from './analyzeBytes';
import type { WorkerInfo, WorkerRequest, WorkerResponse } from './worker';
import { WorkerPool, type WorkerStats } from './workerPool';
import type { Fingerprint } from './fingerprint';
import { analysisByteLimit } from './decode/limits';

export * from './dna';
export { DnaError, MIN_ANALYSABLE_SECONDS, type DnaErrorCode } from './errors';
export { analyzeBytes as analyzeInProcess, type AnalyzeOptions } from './analyzeBytes';
export { analysisByteLimit } from './decode/limits';
export { ensureModelFiles, type ModelFile } from './models/modelFiles';
export type { WorkerInfo as DnaWorkerInfo } from './worker';
export type { WorkerStats as DnaWorkerStats } from './workerPool';
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
import { inDnaSpan, observeDnaQueue } from './telemetry';

export interface WorkerAnalyzeOptions extends AnalyzeOptions {
  /**
   * The worker is stopped (a fresh one takes the next request) and the promise rejected with DnaError
   * TIMEOUT when the analysis takes longer than this, counted from when a worker takes it. Default 120 s.
   */
  timeoutMs?: number;
}

// require.resolve, not __dirname: when an ES module imports this file through tsx, __dirname is not a
// file path, while the require that tsx provides still resolves relative to this file.
const WORKER_ENTRY =
  typeof require === 'function' ? require.resolve('./workerEntry.cjs') : join(__dirname, 'workerEntry.cjs');

const envNumber = (name: string) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : undefined;
};

let pool: WorkerPool<WorkerResponse, WorkerInfo> | undefined;

/** The process's DNA workers (see ./workerPool.ts), made on first use. */
function dnaPool(): WorkerPool<WorkerResponse, WorkerInfo> {
  if (pool) return pool;
  const created = new WorkerPool<WorkerResponse, WorkerInfo>(WORKER_ENTRY, {
    size: envNumber('BEATMATCH_DNA_WORKERS') ?? 1,
    idleMs: envNumber('BEATMATCH_DNA_WORKER_IDLE_MS') ?? 30_000,
    // The JS heap stays small (audio lives in typed arrays); a runaway heap ends the worker, not the service.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  observeDnaQueue(() => created.stats().queued);
  pool = created;
  return pool;
}

export interface DnaWorkerOptions {
  /** Most DNA worker threads alive at once; more requests wait. Default 1 (env BEATMATCH_DNA_WORKERS). */
  size?: number;
  /** An idle worker exits after this long. Default 30 s (env BEATMATCH_DNA_WORKER_IDLE_MS). */
  idleMs?: number;
}

/** Sets the size and idle time of the DNA worker pool (for the requests that come next). */
export function configureDnaWorkers(options: DnaWorkerOptions): void {
  dnaPool().configure(options);
}

/** The DNA workers alive now: requests served, and how often each loaded its models (for tests and ops). */
export function dnaWorkerStats(): WorkerStats<WorkerInfo> {
  return dnaPool().stats();
}

/** Terminates the DNA workers (requests in flight reject with WORKER_FAILED); the next request starts anew. */
export async function closeDnaWorkers(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

/** Runs one request on a worker of the pool (see ./worker.ts); rejects with a DnaError. */
async function runInWorker(
  bytes: Uint8Array,
  options: WorkerAnalyzeOptions,
  task: 'dna' | 'fingerprint',
): Promise<WorkerResponse & { ok: true }> {
  const { timeoutMs = 120_000, ...analyzeOptions } = options;
  const sourceByteLength = analyzeOptions.sourceByteLength ?? bytes.length;
  const limit = analysisByteLimit(bytes.subarray(0, 65536), sourceByteLength) ?? bytes.length;
  // A fresh copy even for a Node Buffer (whose slice() is a view): its buffer is transferred.
  const copy = new Uint8Array(bytes.subarray(0, Math.min(bytes.length, limit)));
  const request: WorkerRequest = { bytes: copy, options: { ...analyzeOptions, sourceByteLength }, task };
  const what = task === 'dna' ? 'The DNA analysis' : 'The fingerprint';
  return inDnaSpan(task, async () => {
    const response = await dnaPool().run(request, [copy.buffer as ArrayBuffer], timeoutMs, what);
    if (response.ok) return response;
    throw response.code === 'INTERNAL'
      ? new DnaError('WORKER_FAILED', response.message)
      : new DnaError(response.code, response.message);
  });
}

/**
 * Analyses WAV or MP3 bytes on a DNA worker thread and resolves with the DNA. Rejects with a DnaError
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
