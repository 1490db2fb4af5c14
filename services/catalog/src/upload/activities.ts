import { ApplicationFailure, Context } from '@temporalio/activity';
import { beatDnaSchema, type BeatDna } from '@beatmatch/contracts';
import {
  analysisByteLimit,
  analyze as analyzeInWorker,
  DnaError,
  fingerprint as fingerprintInWorker,
  type Dna,
  type Fingerprint,
} from '@beatmatch/audio';
import type { BlobStore, Logger } from '@beatmatch/platform';
import type { UploadedFileVerifier } from '../beats/api';
import type { FileType } from '../beats/beat';
import type { BeatCommands } from '../beats/commands';
import type { UploadFailure } from '../beats/beat';
import type { FingerprintIndex } from '../fingerprints';
import { FILE_MESSAGES } from '../verify/signatures';
import { UPLOAD_REJECTED } from './reasons';

/** The producer's messages for audio the DNA engine cannot use (packages/audio DnaError codes). */
const DNA_MESSAGES: Partial<Record<DnaError['code'], string>> = {
  UNSUPPORTED_FORMAT: FILE_MESSAGES.wav,
  CORRUPT: FILE_MESSAGES.unreadable,
  TOO_SHORT: 'Uh oh! The beat is too short to analyse.',
  SILENT: 'Uh oh! The beat seems to be silent.',
};

export interface UploadActivityDeps {
  commands: BeatCommands;
  blobs: () => Promise<BlobStore>;
  verifyFile: UploadedFileVerifier;
  logger: Logger;
  /** The DNA engine (default: packages/audio's worker-thread analysis). */
  analyze?: (bytes: Uint8Array, options: { filename: string; sourceByteLength: number }) => Promise<Dna>;
  /**
   * The stolen-beat guard's index (../fingerprints). The service always hands one in; without one (a
   * bench or test wiring the workflow by hand) the fingerprint step passes every upload.
   */
  fingerprints?: FingerprintIndex;
}

/** The engine's DNA as the catalog publishes it (the contract's fields; the duration is the source's). */
export const toBeatDna = (dna: Dna): BeatDna =>
  beatDnaSchema.parse({ ...dna, durationSeconds: dna.source.durationSeconds });

export type BeginOutcome = 'go' | 'gone' | 'done';

const rejected = (message: string) => ApplicationFailure.nonRetryable(message, UPLOAD_REJECTED);

async function readRange(blobs: BlobStore, key: string, end: number): Promise<Uint8Array> {
  const { body } = await blobs.get(key, { range: { start: 0, end } });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The leading bytes of a stored audio file the engine reads (a 500 MB WAV is not loaded whole). */
async function readAnalysed(blobs: BlobStore, key: string): Promise<{ bytes: Uint8Array; size: number }> {
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

/**
 * The upload workflow's activities (./workflows.ts). Each is idempotent: the beat commands refuse to
 * repeat a transition (a retried publish publishes once), and reading files changes nothing.
 */
export function createUploadActivities(deps: UploadActivityDeps) {
  const analyze = deps.analyze ?? ((bytes, options) => analyzeInWorker(bytes, options));
  const fingerprintOf = (bytes: Uint8Array, options: { filename: string; sourceByteLength: number }) =>
    fingerprintInWorker(bytes, options);

  return {
    /** 'filesReceived' → 'analysing' (Manage Beats shows 'Performing DNA Test...'). */
    async beginAnalysis(beatId: string): Promise<BeginOutcome> {
      const beat = await deps.commands.getBeat(beatId);
      if (!beat) return 'gone';
      if (beat.status === 'published' || beat.status === 'failed') return 'done';
      if (beat.status === 'draft') throw rejected(FILE_MESSAGES.unreadable);
      await deps.commands.startAnalysis(beatId);
      return 'go';
    },

    /** Every file of the upload, checked again by content where it is stored (the confirm step's check). */
    async verifyFiles(beatId: string): Promise<void> {
      const beat = await deps.commands.getBeat(beatId);
      if (!beat?.files) return;
      const blobs = await deps.blobs();
      const files: Array<[FileType, string | null]> = [
        ['snippet', beat.files.snippetKey],
        ['mp3', beat.files.mp3Key],
        ['wav', beat.files.wavKey],
        ['trackout', beat.files.stemsKey],
      ];
      for (const [type, key] of files) {
        if (!key) continue;
        const problem = await deps.verifyFile({ type, key, blobs, kind: beat.kind });
        if (problem) throw rejected(problem);
      }
    },

    /**
     * The DNA of the beat's WAV (its MP3 when the upload has none): only the bytes the engine reads are
     * fetched (a 500 MB WAV is not loaded whole), the analysis runs in a worker thread and heartbeats,
     * so a worker that dies mid-analysis hands the beat to another within the heartbeat timeout.
     */
    async analyseBeat(beatId: string): Promise<BeatDna | null> {
      const beat = await deps.commands.getBeat(beatId);
      if (!beat?.files) return null;
      const key = beat.files.wavKey ?? beat.files.mp3Key;
      const { bytes, size } = await readAnalysed(await deps.blobs(), key);
      try {
        // A worker shutting down cancels the attempt; Temporal hands the retry to another worker.
        const dna = await withHeartbeat(() => analyze(bytes, { filename: key, sourceByteLength: size }));
        return toBeatDna(dna);
      } catch (error) {
        if (error instanceof DnaError && DNA_MESSAGES[error.code]) throw rejected(DNA_MESSAGES[error.code]!);
        throw error; // TIMEOUT, WORKER_FAILED, storage errors: retried with backoff
      }
    },

    /**
     * The stolen-beat guard: fingerprints the same audio as the DNA (in a worker thread), stores the
     * fingerprint under the beat and its producer (replacing an earlier attempt's: safe to retry), and
     * answers the id of a published, not deleted beat of ANOTHER producer with the same audio, or null
     * (no match, the producer's own beat, or the beat is gone).
     */
    async checkFingerprint(beatId: string): Promise<string | null> {
      const index = deps.fingerprints;
      if (!index) return null;
      const beat = await deps.commands.getBeat(beatId);
      if (!beat?.files) return null;
      const key = beat.files.wavKey ?? beat.files.mp3Key;
      const since = performance.now();
      const { bytes, size } = await readAnalysed(await deps.blobs(), key);
      let print: Fingerprint;
      try {
        print = await withHeartbeat(() => fingerprintOf(bytes, { filename: key, sourceByteLength: size }));
      } catch (error) {
        if (error instanceof DnaError && DNA_MESSAGES[error.code]) throw rejected(DNA_MESSAGES[error.code]!);
        throw error;
      }
      await index.store(beatId, beat.producerId, print);
      const match = await index.findMatch(beatId, beat.producerId, print);
      const ms = Math.round(performance.now() - since);
      if (match) deps.logger.warn({ beatId, match, ms }, 'upload matches a beat of another producer');
      else deps.logger.debug({ beatId, hashes: print.hashes.length, ms }, 'fingerprint stored, no match');
      return match?.beatId ?? null;
    },

    /** 'analysing' → 'published': catalog.BeatPublished (DNA, embedding, files) through the outbox, once. */
    async publishBeat(beatId: string, dna: BeatDna): Promise<boolean> {
      const { published } = await deps.commands.completeAnalysis(beatId, { dna });
      if (published) deps.logger.info({ beatId }, 'beat published');
      return published;
    },

    /** → 'failed' with the reason Manage Beats shows (and its code, kept in BeatUploadFailed). */
    async failUpload(
      beatId: string,
      reason: string,
      details: Omit<UploadFailure, 'reason'> = {},
    ): Promise<void> {
      await deps.commands.failUpload(beatId, reason, details);
      deps.logger.info({ beatId, reason, ...details }, 'upload failed');
    },
  };
}

export type UploadActivities = ReturnType<typeof createUploadActivities>;
