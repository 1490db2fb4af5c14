import { Router } from 'express';
import { centsToDollars } from '@beatmatch/contracts';
import { handleCall } from '@beatmatch/platform';
import { callerId } from '../http/caller';
import { correctRemainingTokens } from '../token/correctRemainingTokens';
import { balancesOf, nextPayoutDates } from '../ledger/balances';
import { priorMonth } from './activities';
import { closeMonth, summaryOf, type RunSummary } from './closeMonth';
import { payoutsOf } from './history';
import { computedPayouts, sendPayouts, type PayoutPorts } from './pay';

const shown = (run: RunSummary) => ({
  month: run.month,
  payouts: run.payouts,
  gross: centsToDollars(run.grossCents),
  fee: centsToDollars(run.feeCents),
});

/**
 * Wallet and Payouts History for producers (each $BEAT transfer linked on `explorer`, a block explorer's
 * base address, when one is configured); Monthly Payouts / Pay Payouts / exclude prepaid for admins.
 */
export function payoutRunsRouter(ports: PayoutPorts, explorer?: string): Router {
  const router = Router();
  const { db, schema: s } = ports;
  handleCall(router, 'get_wallet', async (_input, { req }) => {
    const now = ports.clock();
    const balances = await balancesOf(db, s, callerId(req), now);
    return {
      available: centsToDollars(balances.availableCents),
      pending: centsToDollars(balances.pendingCents),
      paid: centsToDollars(balances.paidCents),
      ...nextPayoutDates(now),
      months: balances.months.map(({ month, earnedCents }) => ({
        month,
        earned: centsToDollars(earnedCents),
      })),
    };
  });
  handleCall(router, 'payouts_history', async (_input, { req }) => ({
    payouts: await payoutsOf(db, s, callerId(req), explorer),
  }));
  // Admin calls: handleCall refuses them (403) to any caller without identity's admin role.
  handleCall(router, 'populate_payouts', async ({ month }) =>
    shown(await closeMonth(db, s, month ?? priorMonth(ports.clock()), ports.clock())),
  );
  handleCall(router, 'pay_payouts', async ({ month }) => {
    const run = month ?? priorMonth(ports.clock());
    await sendPayouts(ports, await computedPayouts(ports, run));
    return shown(await summaryOf(db, s, run));
  });
  handleCall(router, 'correct_remaining_tokens', () => correctRemainingTokens(ports));
  handleCall(router, 'payout_exclude_intercash', async ({ exclude }) => {
    await db.query(
      `INSERT INTO ${s}.run_settings (id, exclude_prepaid_cards) VALUES (true, $1)
         ON CONFLICT (id) DO UPDATE SET exclude_prepaid_cards = EXCLUDED.exclude_prepaid_cards`,
      [exclude],
    );
    return { exclude };
  });
  return router;
}
