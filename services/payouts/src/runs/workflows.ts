// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { proxyActivities } from '@temporalio/workflow';
import type { RunActivities } from './activities';

const activities = proxyActivities<RunActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 20,
  },
});

export interface MonthlyRunOutcome {
  month: string;
  kind: 'token' | 'fiat';
  sent: number;
}

/**
 * One monthly run (started by its Schedule: $BEAT on the 1st, fiat on the 15th): closes the prior
 * month (once, whichever run comes first), then sends that month's computed payouts of its kind one
 * activity each. Every step is idempotent per payout, so a killed worker or a second trigger pays
 * nobody twice.
 */
export async function monthlyPayoutRun(kind: 'token' | 'fiat'): Promise<MonthlyRunOutcome> {
  const { month } = await activities.closePriorMonth();
  const payoutIds = await activities.payoutsToSend(month, kind);
  let sent = 0;
  for (const payoutId of payoutIds) if ((await activities.sendPayout(payoutId)) === 'sent') sent++;
  return { month, kind, sent };
}
