// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { proxyActivities } from '@temporalio/workflow';
import type { ReferralRunActivities } from './activities';
import type { RunSummary } from './run';

const activities = proxyActivities<ReferralRunActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '20 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 20,
  },
});

/**
 * The monthly referral run (its Schedule: the 1st at 13:00 UTC, once the month is over in every time
 * zone): each referrer's rewards for the month, posted once whatever is retried or killed.
 */
export async function monthlyReferralRun(): Promise<RunSummary> {
  return activities.runLastEndedMonth();
}
