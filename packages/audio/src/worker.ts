// Worker-thread side of `analyze` and `fingerprint`: one request per worker, answered with the DNA (or
// the fingerprint) or an error value.
import { parentPort } from 'node:worker_threads';
import { analyzeBytes, type AnalyzeOptions } from './analyzeBytes';
import { DnaError } from './errors';
import { fingerprintInProcess, type Fingerprint } from './fingerprint';

export interface WorkerRequest {
  bytes: Uint8Array;
  options: AnalyzeOptions;
  /** What to compute (default: the DNA). */
  task?: 'dna' | 'fingerprint';
}

export type WorkerResponse =
  | { ok: true; dna: Awaited<ReturnType<typeof analyzeBytes>> }
  | { ok: true; fingerprint: Fingerprint }
  | { ok: false; code: DnaError['code'] | 'INTERNAL'; message: string };

parentPort?.once('message', async (request: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response =
      request.task === 'fingerprint'
        ? { ok: true, fingerprint: await fingerprintInProcess(request.bytes, request.options) }
        : { ok: true, dna: await analyzeBytes(request.bytes, request.options) };
  } catch (error) {
    response =
      error instanceof DnaError
        ? { ok: false, code: error.code, message: error.message }
        : { ok: false, code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
