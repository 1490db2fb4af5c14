import { AFFILIATE_REWARD_CENTS, revShareTier } from '@beatmatch/contracts';
import { monthInterval } from './zonedMonths';

/*
 * The referral reward rule (producer-side spec §4, §9; issue 23 items 2–3), pure: what a referrer
 * earns for one month from the whole history known now. The run posts the difference between this
 * and what it posted before, so a later refund is clawed back and a rerun posts nothing.
 */

/** A subscription payment of one of the referrer's sub-affiliates. */
export interface SubAffiliatePayment {
  paymentId: string;
  userId: string;
  amountCents: number;
  paidAt: string;
  /** End of the period it paid for. */
  periodEndsAt: string;
  /**
   * Given back so far (refunds, chargebacks), integer cents: the share counts only what was kept, and a
   * payment given back whole counts for nothing.
   */
  refundedCents: number;
}

export interface ReferrerHistory {
  /** The referrer's time zone (IANA): months are theirs. */
  zone: string;
  /** The referrer's sub-affiliates (users they referred). */
  subAffiliates: readonly string[];
  payments: readonly SubAffiliatePayment[];
  /** Ambassador role changes, oldest first. */
  roleChanges: readonly { at: string; ambassador: boolean }[];
}

export interface MonthReward {
  /** Sub-affiliates with a paid (not trial, not given back whole) period overlapping the month. */
  active: number;
  /** Referred but not active in the month (the spec's signUps). */
  inactive: number;
  ambassador: boolean;
  /** Subscription revenue of the sub-affiliates paid in the month, less what was given back. */
  revenueCents: number;
  affiliateCents: number;
  revShareCents: number;
}

/** Ambassador at the end of the month: the role it ended with. */
function ambassadorAt(history: ReferrerHistory, end: Date): boolean {
  let ambassador = false;
  for (const change of history.roleChanges) if (new Date(change.at) < end) ambassador = change.ambassador;
  return ambassador;
}

/** The share in whole cents, half up (integer arithmetic: no float rounding drift). */
export const shareCents = (revenueCents: number, percent: number) =>
  Math.floor((revenueCents * percent + 50) / 100);

/** What `history`'s referrer earns for `month` (YYYY-MM, in their zone). */
export function monthReward(history: ReferrerHistory, month: string): MonthReward {
  const { start, end } = monthInterval(month, history.zone);
  const activeUsers = new Set<string>();
  let revenueCents = 0;
  for (const payment of history.payments) {
    const keptCents = payment.amountCents - payment.refundedCents;
    if (keptCents <= 0) continue;
    const paidAt = new Date(payment.paidAt);
    if (paidAt < end && new Date(payment.periodEndsAt) > start) activeUsers.add(payment.userId);
    if (paidAt >= start && paidAt < end) revenueCents += keptCents;
  }
  const active = activeUsers.size;
  const ambassador = ambassadorAt(history, end);
  return {
    active,
    inactive: history.subAffiliates.length - active,
    ambassador,
    revenueCents,
    affiliateCents: active * AFFILIATE_REWARD_CENTS,
    revShareCents: ambassador ? shareCents(revenueCents, revShareTier(active).percent) : 0,
  };
}
