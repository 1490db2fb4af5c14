// Workflow code runs in Temporal's deterministic sandbox: it imports only @temporalio/workflow and types.
import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { BattleActivities } from './activities';

const steps = proxyActivities<BattleActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** An admin closed the battle: stop waiting for the dates. */
export const closedByAdminSignal = defineSignal('closedByAdmin');

/** Waits until `at` (ISO) or until an admin closes the battle; true: the admin did. */
async function waitUntil(at: string, closed: () => boolean): Promise<boolean> {
  const wait = Date.parse(at) - Date.now();
  if (wait <= 0) return closed();
  return condition(closed, wait);
}

/**
 * One battle's lifecycle: open (entries and votes) until submissions close, voting until voting
 * closes (or an admin closes it sooner), then the winner is fixed and announced by mail. Every step
 * is idempotent on the battle's stream, so a retried or replayed step changes nothing twice.
 */
export async function battleLifecycle(
  battleId: string,
  submissionsCloseAt: string,
  votingClosesAt: string,
): Promise<void> {
  let closedByAdmin = false;
  setHandler(closedByAdminSignal, () => {
    closedByAdmin = true;
  });
  const closed = () => closedByAdmin;
  if (!(await waitUntil(submissionsCloseAt, closed))) await steps.closeSubmissions(battleId);
  await waitUntil(votingClosesAt, closed);
  await steps.closeBattle(battleId);
  await steps.announceWinner(battleId);
}
