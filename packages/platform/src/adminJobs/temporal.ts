import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import {
  bundleWorkflows,
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalClientHandle,
  type TemporalSettings,
  type WorkflowWorker,
} from '../workflows/temporal';
import { createAdminJobActivities } from './activities';
import type { AdminJobSteps } from './steps';
import type { adminJob } from './workflow';

/** Where a service's admin jobs run: its Temporal frontend and its own task queue. */
export interface AdminJobsWorkflows {
  temporal: TemporalSettings;
  /** e.g. catalog-admin-jobs; apps sharing one Temporal server each need their own. */
  taskQueue: string;
}

/** One workflow per job: a repeated start of the same job is refused by Temporal, not run twice. */
export const adminJobWorkflowId = (jobId: string) => `admin-job-${jobId}`;

/** Starts the job's workflow unless it has one already (another process, or a start retried): idempotent. */
export async function startAdminJob(client: TemporalClientHandle, taskQueue: string, jobId: string) {
  try {
    await client.client.workflow.start<typeof adminJob>('adminJob', {
      taskQueue,
      workflowId: adminJobWorkflowId(jobId),
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [jobId],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

export async function adminJobSettled(client: TemporalClientHandle, jobId: string): Promise<void> {
  await client.client.workflow.getHandle(adminJobWorkflowId(jobId)).result();
}

// The workflow code is the same for every service: bundled once per process.
let bundle: ReturnType<typeof bundleWorkflows> | undefined;

export function startAdminJobsWorker(
  workflows: AdminJobsWorkflows,
  steps: AdminJobSteps,
): Promise<WorkflowWorker> {
  bundle ??= bundleWorkflows(require.resolve('./workflow')).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  installTemporalRuntime('WARN'); // the worker's state changes stay out of the service's log
  return bundle.then((code) =>
    startWorkflowWorker({
      ...workflows.temporal,
      taskQueue: workflows.taskQueue,
      workflows: { bundle: code },
      activities: createAdminJobActivities(steps),
      // A stopping service gives its step a moment, then hands it back to Temporal for another worker.
      tuning: { shutdownGraceTime: '2 seconds', shutdownForceTime: '10 seconds' },
    }),
  );
}

export { openTemporalClient };
