// Workflow code runs in Temporal's sandbox: it imports only @temporalio/workflow and types.
import { ActivityFailure, continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { AdminJobActivities } from './activities';

const { adminJobStep, failAdminJob } = proxyActivities<AdminJobActivities>({
  // A step is ITEMS_PER_STEP items (a beat's analysis may take minutes); the heartbeat is the worker's
  // pulse, so the step of a killed worker is retried elsewhere after heartbeatTimeout, not an hour.
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2 },
});

/** Steps before the run continues as new, keeping each run's history short on jobs of many items. */
const STEPS_PER_RUN = 500;

const reasonOf = (error: unknown) =>
  error instanceof ActivityFailure && error.cause ? error.cause.message : String(error);

/**
 * A maintenance job: one activity per step until the job says it is finished. A step still failing
 * after the retry policy's attempts ends the job failed, with its reason as the result line.
 */
export async function adminJob(jobId: string): Promise<void> {
  for (let step = 0; step < STEPS_PER_RUN; step += 1) {
    try {
      if ((await adminJobStep(jobId)).finished) return;
    } catch (error) {
      await failAdminJob(jobId, reasonOf(error));
      return;
    }
  }
  await continueAsNew<typeof adminJob>(jobId);
}
