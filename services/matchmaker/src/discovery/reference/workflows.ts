// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { ReferenceActivities } from './activities';
import { SONG_REJECTED } from './reasons';

/** Recording an outcome: quick, retried with backoff for about five minutes. */
const quick = proxyActivities<ReferenceActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 10,
  },
});
/** Fetching and analysing the audio: heartbeats every 2 s, so a dead worker's attempt is retried after 30 s. */
const heavy = proxyActivities<ReferenceActivities>({
  startToCloseTimeout: '8 minutes',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 4,
  },
});

/**
 * One analysed song (workflow id `<task queue>-<songId>`), started by a video-link or streaming search:
 * fetch the audio (yt-dlp) → DNA → analysed; or failed with the reason the artist reads on the track.
 */
export async function analyseSongWorkflow(songId: string): Promise<'analysed' | 'failed' | 'done'> {
  try {
    return await heavy.analyseSong(songId);
  } catch (error) {
    const cause = error instanceof ActivityFailure ? error.cause : undefined;
    const reason = cause instanceof ApplicationFailure && cause.type === SONG_REJECTED ? cause.message : null;
    await quick.failSong(songId, reason);
    return 'failed';
  }
}
