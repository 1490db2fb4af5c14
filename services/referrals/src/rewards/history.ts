import type { SqlExecutor } from '@beatmatch/platform';
import type { ReferrerHistory, SubAffiliatePayment } from './rule';
import type { RewardKind } from './reward';

/** Months are UTC for a referrer who never opened the dashboard with a time zone. */
export const DEFAULT_ZONE = 'UTC';

/** What each referrer was posted so far, per month: the amount per kind and the stream's version. */
export interface Posted {
  cents: Record<RewardKind, number>;
  version: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The rule's input for each of `referrers`, in four queries however many they are. */
export async function historiesOf(
  db: SqlExecutor,
  s: string,
  referrers: string[],
): Promise<Map<string, ReferrerHistory>> {
  const histories = new Map<
    string,
    ReferrerHistory & { subAffiliates: string[]; payments: SubAffiliatePayment[] }
  >();
  for (const id of referrers)
    histories.set(id, { zone: DEFAULT_ZONE, subAffiliates: [], payments: [], roleChanges: [] });
  const zones = await db.query<{ user_id: string; time_zone: string }>(
    `SELECT user_id, time_zone FROM ${s}.referrer_zones WHERE user_id = ANY($1::text[])`,
    [referrers],
  );
  for (const row of zones.rows) histories.get(row.user_id)!.zone = row.time_zone;
  const referred = await db.query<{ referrer_id: string; user_id: string }>(
    `SELECT referrer_id, user_id FROM ${s}.attributions WHERE referrer_id = ANY($1::text[])`,
    [referrers],
  );
  for (const row of referred.rows) histories.get(row.referrer_id)!.subAffiliates.push(row.user_id);
  const payments = await db.query<{
    referrer_id: string;
    payment_id: string;
    user_id: string;
    amount_cents: number;
    paid_at: Date;
    period_ends_at: Date;
    refunded_cents: number;
  }>(
    `SELECT a.referrer_id, p.payment_id, p.user_id, p.amount_cents, p.paid_at, p.period_ends_at, p.refunded_cents
     FROM ${s}.attributions a JOIN ${s}.subscription_payments p USING (user_id)
     WHERE a.referrer_id = ANY($1::text[])`,
    [referrers],
  );
  for (const row of payments.rows)
    histories.get(row.referrer_id)!.payments.push({
      paymentId: row.payment_id,
      userId: row.user_id,
      amountCents: Number(row.amount_cents),
      paidAt: iso(row.paid_at),
      periodEndsAt: iso(row.period_ends_at),
      refundedCents: row.refunded_cents,
    });
  const roles = await db.query<{ user_id: string; at: Date; ambassador: boolean }>(
    `SELECT user_id, at, ambassador FROM ${s}.ambassador_role_changes WHERE user_id = ANY($1::text[]) ORDER BY at`,
    [referrers],
  );
  for (const row of roles.rows)
    (histories.get(row.user_id)!.roleChanges as { at: string; ambassador: boolean }[]).push({
      at: iso(row.at),
      ambassador: row.ambassador,
    });
  return histories;
}

const postedKey = (userId: string, month: string) => `${userId} ${month}`;

/** What was posted to `referrers`, keyed by `postedKey(userId, month)`. */
export async function postedTo(db: SqlExecutor, s: string, referrers: string[]) {
  const { rows } = await db.query<{
    user_id: string;
    month: string;
    kind: RewardKind;
    cents: string;
    n: string;
  }>(
    `SELECT user_id, month, kind, SUM(amount_cents)::text AS cents, COUNT(*)::text AS n
     FROM ${s}.rewards_posted WHERE user_id = ANY($1::text[]) GROUP BY user_id, month, kind`,
    [referrers],
  );
  const posted = new Map<string, Posted>();
  for (const row of rows) {
    const key = postedKey(row.user_id, row.month);
    const entry = posted.get(key) ?? { cents: { affiliate: 0, revShare: 0 }, version: 0 };
    entry.cents[row.kind] += Number(row.cents);
    entry.version += Number(row.n);
    posted.set(key, entry);
  }
  return (userId: string, month: string): Posted =>
    posted.get(postedKey(userId, month)) ?? { cents: { affiliate: 0, revShare: 0 }, version: 0 };
}
