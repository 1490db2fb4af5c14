// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { UploadActivities } from './activities';
import { ANALYSIS_FAILED_REASON, UPLOAD_REJECTED } from './reasons';

/** State changes and file checks: quick, retried with backoff for about five minutes. */
const quick = proxyActivities<UploadActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 10,
  },
});
/** The DNA analysis: heartbeats every 2 s, so a dead worker's attempt is retried after 30 s. */
const heavy = proxyActivities<UploadActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 5,
  },
});

export interface UploadOutcome {
  beatId: string;
  outcome: 'published' | 'failed' | 'gone' | 'done';
  reason?: string;
}

function reasonOf(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  if (cause instanceof ApplicationFailure && cause.type === UPLOAD_REJECTED) return cause.message;
  return ANALYSIS_FAILED_REASON;
}

/**
 * One upload (workflow id `catalog-upload-<beatId>`), started by finalize: files received → analysing → verify
 * the stored files → DNA → published (catalog.BeatPublished through the outbox), or failed with the
 * reason the producer reads in Manage Beats.
 */
export async function uploadBeatWorkflow(beatId: string): Promise<UploadOutcome> {
  const begun = await quick.beginAnalysis(beatId);
  if (begun !== 'go') return { beatId, outcome: begun };
  try {
    await quick.verifyFiles(beatId);
    const dna = await heavy.analyseBeat(beatId);
    if (!dna) return { beatId, outcome: 'gone' };
    const published = await quick.publishBeat(beatId, dna);
    return { beatId, outcome: published ? 'published' : 'gone' };
  } catch (error) {
    const reason = reasonOf(error);
    await quick.failUpload(beatId, reason);
    return { beatId, outcome: 'failed', reason };
  }
}
