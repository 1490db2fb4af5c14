import { PAYOUT_DAYS } from '@beatmatch/contracts';
import type { SqlExecutor } from '@beatmatch/platform';
import { accounts, monthOf } from './ledger';

export interface ProducerBalances {
  availableCents: number;
  pendingCents: number;
  paidCents: number;
  months: { month: string; earnedCents: number }[];
}

/**
 * A producer's balances from the ledger: pending is the running month's earnings, available what is
 * owed for closed months (negative after a refund of paid earnings), paid what was sent after fees.
 */
export async function balancesOf(
  db: SqlExecutor,
  s: string,
  producerId: string,
  now: Date,
): Promise<ProducerBalances> {
  const { rows } = await db.query<{ account: string; month: string; kind: string; cents: string }>(
    `SELECT e.account, e.month, t.kind, SUM(e.amount_cents)::text AS cents
     FROM ${s}.ledger_entries e JOIN ${s}.ledger_transfers t USING (transfer_id)
     WHERE e.account = ANY($1::text[])
     GROUP BY e.account, e.month, t.kind`,
    [[accounts.earnings(producerId), accounts.paid(producerId)]],
  );
  const current = monthOf(now);
  const earned = new Map<string, number>();
  const totals = { availableCents: 0, pendingCents: 0, paidCents: 0 };
  for (const row of rows) {
    const cents = Number(row.cents);
    if (row.account === accounts.paid(producerId)) totals.paidCents += cents;
    else if (row.month >= current) totals.pendingCents += cents;
    else totals.availableCents += cents;
    if (row.kind === 'sale' || row.kind === 'refund')
      earned.set(row.month, (earned.get(row.month) ?? 0) + cents);
  }
  const months = [...earned]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, earnedCents]) => ({ month, earnedCents }));
  return { ...totals, months };
}

/** The next date (UTC, YYYY-MM-DD) falling on `day` of a month, today included. */
export function nextPayoutDate(now: Date, day: number): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const date = now.getUTCDate() <= day ? new Date(Date.UTC(y, m, day)) : new Date(Date.UTC(y, m + 1, day));
  return date.toISOString().slice(0, 10);
}

export const nextPayoutDates = (now: Date) => ({
  nextTokenPayout: nextPayoutDate(now, PAYOUT_DAYS.token),
  nextFiatPayout: nextPayoutDate(now, PAYOUT_DAYS.fiat),
});
