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
 * Payouts go out in batches, a few at once; each batch heartbeats after every payout, so a batch lost
 * with its worker (killed mid-run) is retried on another within seconds — idempotent per payout.
 */
const sending = proxyActivities<RunActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry,
});
const BATCH = 100;
const BATCHES_AT_ONCE = 4;

export interface MonthlyRunOutcome {
  month: string;
  kind: 'token' | 'fiat';
  sent: number;
}

/**
 * One monthly run (started by its Schedule: $BEAT on the 1st, fiat on the 15th): closes the prior
 * month (once, whichever run comes first), then sends that month's computed payouts of its kind in
 * batches. Every step is idempotent per payout, so a killed worker or a second trigger pays
 * nobody twice.
 */
export async function monthlyPayoutRun(kind: 'token' | 'fiat'): Promise<MonthlyRunOutcome> {
  const { month } = await closing.closePriorMonth();
  const payoutIds = await closing.payoutsToSend(month, kind);
  const batches: string[][] = [];
  for (let at = 0; at < payoutIds.length; at += BATCH) batches.push(payoutIds.slice(at, at + BATCH));
  let sent = 0;
  for (let at = 0; at < batches.length; at += BATCHES_AT_ONCE) {
    const counts = await Promise.all(
      batches.slice(at, at + BATCHES_AT_ONCE).map((batch) => sending.sendPayouts(batch)),
    );
    sent += counts.reduce((sum, count) => sum + count, 0);
  }
  return { month, kind, sent };
}
