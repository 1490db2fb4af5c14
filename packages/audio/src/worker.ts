// Worker-thread side of `analyze` and `fingerprint` (./workerPool.ts): a long-lived worker answers one
// request at a time, each with the DNA (or the fingerprint) or an error value. What it loads stays loaded
// for the next request: the modules, and the voice and note models' ONNX sessions in their helper threads
// (./features/voice.ts, ./features/notes.ts), created on first use.
import { parentPort } from 'node:worker_threads';
import { analyzeBytes, type AnalyzeOptions } from './analyzeBytes';
import { DnaError } from './errors';
import { fingerprintInProcess, type Fingerprint } from './fingerprint';
import { noteModelLoads } from './features/notes';
import { voiceModelLoads } from './features/voice';
import { taggerModelLoads } from './features/tagger';
import type { PoolReply } from './workerPool';

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

/** What a worker reports with each answer: requests it answered, and ONNX sessions it created so far. */
export interface WorkerInfo {
  requests: number;
  modelLoads: { voice: number; notes: number; tagger: number };
}

let requests = 0;

parentPort?.on('message', async ({ id, request }: { id: number; request: WorkerRequest }) => {
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
  requests++;
  const reply: PoolReply<WorkerResponse, WorkerInfo> = {
    id,
    response,
    info: {
      requests,
      modelLoads: { voice: voiceModelLoads(), notes: noteModelLoads(), tagger: taggerModelLoads() },
    },
  };
  parentPort?.postMessage(reply);
});
