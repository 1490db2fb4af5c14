import { beatDnaSchema, type BeatDna, type BeatFileType } from '@beatmatch/contracts';
import { analyze as analyzeInWorker, fingerprint as fingerprintInWorker, type Dna } from '@beatmatch/audio';
import type { BlobStore, Logger } from '@beatmatch/platform';
import type { UploadedFileVerifier } from './limits';
import type { BeatCommands } from '../beats/commands';
import type { UploadFailure } from '../beats/beat';
import type { FingerprintIndex } from '../fingerprints';
import { FILE_MESSAGES } from '../verify/signatures';
import { readAnalysed, rejected, runEngine } from './engineRuns';

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

/**
 * The stolen-beat guard: fingerprints the same audio as the DNA (in a worker thread), stores the
 * fingerprint under the beat and its producer (replacing an earlier attempt's: safe to retry), and
 * answers the id of a published, not deleted beat of ANOTHER producer with the same audio, or null
 * (no match, the producer's own beat, or the beat is gone).
 */
async function checkFingerprint(deps: UploadActivityDeps, beatId: string): Promise<string | null> {
  const index = deps.fingerprints;
  if (!index) return null;
  const beat = await deps.commands.getBeat(beatId);
  if (!beat?.files) return null;
  const key = beat.files.wavKey ?? beat.files.mp3Key;
  const since = performance.now();
  const { bytes, size } = await readAnalysed(await deps.blobs(), key);
  const print = await runEngine(() => fingerprintInWorker(bytes, { filename: key, sourceByteLength: size }));
  await index.store(beatId, beat.producerId, print);
  const match = await index.findMatch(beatId, beat.producerId, print);
  const ms = Math.round(performance.now() - since);
  if (match) deps.logger.warn({ beatId, match, ms }, 'upload matches a beat of another producer');
  else deps.logger.debug({ beatId, hashes: print.hashes.length, ms }, 'fingerprint stored, no match');
  return match?.beatId ?? null;
}

/**
 * The upload workflow's activities (./workflows.ts). Each is idempotent: the beat commands refuse to
 * repeat a transition (a retried publish publishes once), and reading files changes nothing.
 */
export function createUploadActivities(deps: UploadActivityDeps) {
  const analyze = deps.analyze ?? ((bytes, options) => analyzeInWorker(bytes, options));

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
      const files: Array<[BeatFileType, string | null]> = [
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
      const dna = await runEngine(() => analyze(bytes, { filename: key, sourceByteLength: size }));
      return toBeatDna(dna);
    },

    checkFingerprint: (beatId: string) => checkFingerprint(deps, beatId),

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
