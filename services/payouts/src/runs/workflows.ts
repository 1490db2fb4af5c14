// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { proxyActivities, type RetryPolicy } from '@temporalio/workflow';
import type { RunActivities } from './activities';

const retry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 20,
};
/** Closing a month reads every producer's balance in one transaction (10,000 producers: seconds). */
const closing = proxyActivities<RunActivities>({ startToCloseTimeout: '5 minutes', retry });
/**
 * One payout is one provider or chain call: a short timeout, so an attempt lost with its worker
 * (killed mid-run) is retried on another within seconds; the retry is idempotent per payout.
 */
const sending = proxyActivities<RunActivities>({ startToCloseTimeout: '15 seconds', retry });

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
  const { month } = await closing.closePriorMonth();
  const payoutIds = await closing.payoutsToSend(month, kind);
  let sent = 0;
  for (const payoutId of payoutIds) if ((await sending.sendPayout(payoutId)) === 'sent') sent++;
  return { month, kind, sent };
}
