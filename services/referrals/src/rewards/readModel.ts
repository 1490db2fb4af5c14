import type { SubscriptionPaidPayload, SubscriptionPaymentRefundedPayload } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { RewardPosted } from './reward';
import { utcMonthsBetween } from './zonedMonths';

/*
 * What the referral run reads, in referrals' schema: commerce's subscription payments (every user's:
 * one may be attributed after paying), each referrer's time zone (from their dashboard), the months
 * whose rewards may have changed (`reward_months_due`), and the rewards posted (an inline projection
 * of RewardPosted).
 */
export const rewardsReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.subscription_payments (
    payment_id text PRIMARY KEY,
    user_id text NOT NULL,
    amount_cents integer NOT NULL,
    paid_at timestamptz NOT NULL,
    period_ends_at timestamptz NOT NULL,
    refunded_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS subscription_payments_by_user ON ${s}.subscription_payments (user_id);
  -- What was given back, in cents (partial refunds add up; a payment voided before this column counted
  -- as given back whole).
  ALTER TABLE ${s}.subscription_payments ADD COLUMN IF NOT EXISTS refunded_cents integer;
  UPDATE ${s}.subscription_payments
    SET refunded_cents = CASE WHEN refunded_at IS NULL THEN 0 ELSE amount_cents END
    WHERE refunded_cents IS NULL;
  ALTER TABLE ${s}.subscription_payments ALTER COLUMN refunded_cents SET DEFAULT 0;
  ALTER TABLE ${s}.subscription_payments ALTER COLUMN refunded_cents SET NOT NULL;
  CREATE TABLE IF NOT EXISTS ${s}.referrer_zones (
    user_id text PRIMARY KEY,
    time_zone text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.reward_months_due (
    user_id text NOT NULL,
    month char(7) NOT NULL,
    marked_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, month)
  );
  CREATE TABLE IF NOT EXISTS ${s}.rewards_posted (
    reward_id text PRIMARY KEY,
    user_id text NOT NULL,
    month char(7) NOT NULL,
    kind text NOT NULL,
    amount_cents integer NOT NULL,
    active integer NOT NULL,
    posted_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS rewards_posted_by_user ON ${s}.rewards_posted (user_id, month);`;

/** A day on each side: a month in any time zone (UTC-12 to UTC+14) lies within these UTC months. */
const DAY_MS = 86_400_000;
export const utcMonthsAround = (from: string, to: string) =>
  utcMonthsBetween(new Date(new Date(from).getTime() - DAY_MS), new Date(new Date(to).getTime() + DAY_MS));

/** Marks the months `userId`'s referrer may now be owed something else for (no referrer: nothing). */
export async function markReferrerMonthsDue(
  tx: SqlExecutor,
  s: string,
  userId: string,
  months: string[],
  now: Date,
) {
  await tx.query(
    `INSERT INTO ${s}.reward_months_due (user_id, month, marked_at)
     SELECT a.referrer_id, m, $3 FROM ${s}.attributions a, unnest($2::text[]) m WHERE a.user_id = $1
     ON CONFLICT (user_id, month) DO UPDATE SET marked_at = EXCLUDED.marked_at`,
    [userId, months, now],
  );
}

export async function recordPayment(tx: SqlExecutor, s: string, paid: SubscriptionPaidPayload, now: Date) {
  const { rowCount } = await tx.query(
    `INSERT INTO ${s}.subscription_payments (payment_id, user_id, amount_cents, paid_at, period_ends_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (payment_id) DO NOTHING`,
    [paid.paymentId, paid.userId, paid.amountCents, paid.paidAt, paid.periodEndsAt],
  );
  if (rowCount)
    await markReferrerMonthsDue(tx, s, paid.userId, utcMonthsAround(paid.paidAt, paid.periodEndsAt), now);
}

/**
 * A refund or chargeback adds what went back to its payment (never past the payment's amount: each
 * event arrives once, the consumer dedupes by event id); the months the payment counted in are due
 * again, so the next run claws back the difference.
 */
export async function recordRefund(
  tx: SqlExecutor,
  s: string,
  refund: SubscriptionPaymentRefundedPayload,
  now: Date,
) {
  const { rows } = await tx.query<{ paid_at: Date; period_ends_at: Date }>(
    `UPDATE ${s}.subscription_payments
     SET refunded_cents = LEAST(amount_cents, refunded_cents + $3), refunded_at = COALESCE(refunded_at, $2)
     WHERE payment_id = $1 AND refunded_cents < amount_cents RETURNING paid_at, period_ends_at`,
    [refund.paymentId, refund.refundedAt, refund.amountCents],
  );
  const voided = rows[0];
  if (voided)
    await markReferrerMonthsDue(
      tx,
      s,
      refund.userId,
      utcMonthsAround(new Date(voided.paid_at).toISOString(), new Date(voided.period_ends_at).toISOString()),
      now,
    );
}

export function rewardsProjection(s: string): InlineProjection {
  return {
    name: 'referral-rewards',
    handles: ['RewardPosted'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const { data } = recorded as unknown as RewardPosted;
        await tx.query(
          `INSERT INTO ${s}.rewards_posted (reward_id, user_id, month, kind, amount_cents, active, posted_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [data.rewardId, data.userId, data.month, data.kind, data.amountCents, data.active, data.postedAt],
        );
      }
    },
  };
}
