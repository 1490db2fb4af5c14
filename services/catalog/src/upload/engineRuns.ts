import { ApplicationFailure, Context } from '@temporalio/activity';
import { analysisByteLimit, DnaError } from '@beatmatch/audio';
import type { BlobStore } from '@beatmatch/platform';
import { FILE_MESSAGES } from '../verify/signatures';
import { UPLOAD_REJECTED } from './reasons';

/*
 * The stored audio the DNA engine and the fingerprinter read, and how their runs are guarded: only
 * the bytes the engine reads are fetched, runs heartbeat, and audio they cannot use fails the upload
 * with the producer's message (not retried).
 */

/** The producer's messages for audio the DNA engine cannot use (packages/audio DnaError codes). */
const DNA_MESSAGES: Partial<Record<DnaError['code'], string>> = {
  UNSUPPORTED_FORMAT: FILE_MESSAGES.wav,
  CORRUPT: FILE_MESSAGES.unreadable,
  TOO_SHORT: 'Uh oh! The beat is too short to analyse.',
  SILENT: 'Uh oh! The beat seems to be silent.',
};

export const rejected = (message: string) => ApplicationFailure.nonRetryable(message, UPLOAD_REJECTED);

async function readRange(blobs: BlobStore, key: string, end: number): Promise<Uint8Array> {
  const { body } = await blobs.get(key, { range: { start: 0, end } });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The leading bytes of a stored audio file the engine reads (a 500 MB WAV is not loaded whole). */
export async function readAnalysed(
  blobs: BlobStore,
  key: string,
): Promise<{ bytes: Uint8Array; size: number }> {
  const stat = await blobs.head(key);
  if (!stat || stat.size === 0) throw rejected(FILE_MESSAGES.unreadable);
  const head = await readRange(blobs, key, Math.min(stat.size, 65536) - 1);
  const limit = Math.min(stat.size, analysisByteLimit(head, stat.size) ?? stat.size);
  const bytes = limit <= head.length ? head : await readRange(blobs, key, limit - 1);
  return { bytes, size: stat.size };
}

/** Heartbeats every 2 s while `work` runs; a worker shutting down cancels the attempt (retried elsewhere). */
async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const beating = setInterval(() => context.heartbeat(), 2000);
  try {
    return await Promise.race([work(), context.cancelled]);
  } finally {
    clearInterval(beating);
  }
}

/** Runs the engine on a worker thread with heartbeats; audio it cannot use fails the upload. */
export async function runEngine<T>(work: () => Promise<T>): Promise<T> {
  try {
    // A worker shutting down cancels the attempt; Temporal hands the retry to another worker.
    return await withHeartbeat(work);
  } catch (error) {
    if (error instanceof DnaError && DNA_MESSAGES[error.code]) throw rejected(DNA_MESSAGES[error.code]!);
    throw error; // TIMEOUT, WORKER_FAILED, storage errors: retried with backoff
  }
}
