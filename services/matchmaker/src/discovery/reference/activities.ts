import { ApplicationFailure, Context } from '@temporalio/activity';
import { analysisByteLimit, analyze as analyzeInWorker, DnaError, type Dna } from '@beatmatch/audio';
import { beatDnaSchema, MAX_REFERENCE_SECONDS, REFERENCE_MESSAGES } from '@beatmatch/contracts';
import type { Logger } from '@beatmatch/platform';
import { soundOf, type SongCommands } from './songs';
import { VideoLinkError, type VideoLinkFetcher } from './videoLink';
import { SONG_REJECTED } from './reasons';

export interface ReferenceActivityDeps {
  songs: SongCommands;
  fetcher: VideoLinkFetcher;
  logger: Logger;
  /** The DNA engine (default: packages/audio's worker-thread analysis). */
  analyze?: (bytes: Uint8Array, options: { filename: string; sourceByteLength: number }) => Promise<Dna>;
}

const rejected = (message: string) => ApplicationFailure.nonRetryable(message, SONG_REJECTED);

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

/** A link or audio the artist must change fails the song at once; anything else is retried. */
function asRejection(error: unknown): unknown {
  if (error instanceof VideoLinkError) return rejected(error.message);
  // A worker that timed out or died is retried; audio the engine cannot use is the artist's to change.
  if (error instanceof DnaError && !['TIMEOUT', 'WORKER_FAILED'].includes(error.code))
    return rejected(REFERENCE_MESSAGES.analysisFailed);
  return error;
}

/** The analysis workflow's activities (./workflows.ts); each is idempotent (the song records one outcome). */
export function createReferenceActivities(deps: ReferenceActivityDeps) {
  const analyze = deps.analyze ?? ((bytes, options) => analyzeInWorker(bytes, options));
  return {
    async analyseSong(songId: string): Promise<'analysed' | 'done'> {
      const song = await deps.songs.get(songId);
      if (song.status !== 'processing' || !song.audioUrl) return 'done';
      const audioUrl = song.audioUrl;
      const since = performance.now();
      try {
        const audio = await withHeartbeat(() => deps.fetcher.fetchAudio(audioUrl));
        const fetchedMs = Math.round(performance.now() - since);
        const limit = analysisByteLimit(audio.bytes, audio.bytes.length) ?? audio.bytes.length;
        const dna = await withHeartbeat(() =>
          analyze(audio.bytes.subarray(0, limit), {
            filename: audio.filename,
            sourceByteLength: audio.bytes.length,
          }),
        );
        if (dna.source.durationSeconds > MAX_REFERENCE_SECONDS) throw rejected(REFERENCE_MESSAGES.tooLong);
        const beatDna = beatDnaSchema.parse({ ...dna, durationSeconds: dna.source.durationSeconds });
        await deps.songs.analysed(songId, soundOf(beatDna));
        deps.logger.info(
          { songId, fetchedMs, ms: Math.round(performance.now() - since) },
          'reference song analysed',
        );
        return 'analysed';
      } catch (error) {
        throw asRejection(error);
      }
    },

    /** Records why the song has no matches (null: a failure the artist cannot fix). */
    async failSong(songId: string, reason: string | null): Promise<void> {
      await deps.songs.failed(songId, reason ?? REFERENCE_MESSAGES.analysisFailed);
    },
  };
}

export type ReferenceActivities = ReturnType<typeof createReferenceActivities>;
