import { Context } from '@temporalio/activity';
import type { AdminJobSteps, StepOutcome } from './steps';

/** How often a running step tells Temporal its worker is alive (well under the heartbeat timeout). */
const HEARTBEAT_EVERY_MS = 5_000;

export interface AdminJobActivities {
  adminJobStep(jobId: string): Promise<StepOutcome>;
  failAdminJob(jobId: string, reason: string): Promise<void>;
}

/**
 * The activities of the adminJob workflow over a service's steps. A step heartbeats while it runs and
 * gives up at once when cancelled (the worker shutting down): the attempt fails, Temporal retries it on
 * another worker, and the abandoned step stops before its next item.
 */
export function createAdminJobActivities(steps: AdminJobSteps): AdminJobActivities {
  return {
    async adminJobStep(jobId) {
      const context = Context.current();
      const pulse = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
      try {
        const stepping = steps.step(jobId, () => context.cancellationSignal.aborted);
        stepping.catch(() => undefined); // an abandoned step's late failure is nobody's to handle
        return await Promise.race([stepping, context.cancelled]);
      } finally {
        clearInterval(pulse);
      }
    },
    failAdminJob: (jobId, reason) => steps.fail(jobId, reason),
  };
}
