// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { ActivityFailure, ApplicationFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { UploadActivities } from './activities';
import type { UploadFailureCode } from '../beats/beat';
import {
  ANALYSIS_FAILED_REASON,
  FINGERPRINT_MATCH_REASON,
  FINGERPRINT_PATCH,
  UPLOAD_REJECTED,
} from './reasons';

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

function failureOf(error: unknown): { reason: string; code: UploadFailureCode } {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  if (cause instanceof ApplicationFailure && cause.type === UPLOAD_REJECTED)
    return { reason: cause.message, code: 'rejected' };
  return { reason: ANALYSIS_FAILED_REASON, code: 'analysisFailed' };
}

/**
 * One upload (workflow id `catalog-upload-<beatId>`), started by finalize: files received → analysing → verify
 * the stored files → DNA → fingerprint (the stolen-beat guard) → published (catalog.BeatPublished through
 * the outbox), or failed with the reason the producer reads in Manage Beats.
 */
export async function uploadBeatWorkflow(beatId: string): Promise<UploadOutcome> {
  const begun = await quick.beginAnalysis(beatId);
  if (begun !== 'go') return { beatId, outcome: begun };
  let failure: { reason: string; code: UploadFailureCode; matchedBeatId?: string };
  try {
    await quick.verifyFiles(beatId);
    const dna = await heavy.analyseBeat(beatId);
    if (!dna) return { beatId, outcome: 'gone' };
    // Workflows that were already past this point when the step was added replay without it.
    const matchedBeatId = patched(FINGERPRINT_PATCH) ? await heavy.checkFingerprint(beatId) : null;
    if (matchedBeatId === null) {
      const published = await quick.publishBeat(beatId, dna);
      return { beatId, outcome: published ? 'published' : 'gone' };
    }
    failure = { reason: FINGERPRINT_MATCH_REASON, code: 'fingerprintMatch', matchedBeatId };
  } catch (error) {
    failure = failureOf(error);
  }
  const { reason, ...details } = failure;
  await quick.failUpload(beatId, reason, details);
  return { beatId, outcome: 'failed', reason };
}
