import { centsToDollars } from '@beatmatch/contracts';
import type { SqlExecutor } from '@beatmatch/platform';
import { DEFAULT_ZONE, historiesOf } from './history';
import { monthReward } from './rule';
import { monthIn } from './zonedMonths';

/*
 * The referral dashboard's figures (producer-side spec §2, §3): this month so far by the same rule the
 * run applies, and the months the run posted (what the payouts ledger credited).
 */

/** The caller's zone: the one their browser sent now (remembered for the run), else the last known. */
export async function zoneOf(db: SqlExecutor, s: string, userId: string, sent: string | null | undefined) {
  if (sent) {
    await db.query(
      `INSERT INTO ${s}.referrer_zones (user_id, time_zone) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`,
      [userId, sent],
    );
    return sent;
  }
  const { rows } = await db.query<{ time_zone: string }>(
    `SELECT time_zone FROM ${s}.referrer_zones WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.time_zone ?? DEFAULT_ZONE;
}

/** This month so far (in `zone`): active and inactive sub-affiliates and the rewards they make. */
export async function thisMonth(db: SqlExecutor, s: string, userId: string, zone: string, now: Date) {
  const history = (await historiesOf(db, s, [userId])).get(userId)!;
  const month = monthIn(now, zone);
  return { month, reward: monthReward({ ...history, zone }, month) };
}

/** Month by month, newest first: the running month so far, then every month the run posted. */
export async function rewardMonths(db: SqlExecutor, s: string, userId: string, zone: string, now: Date) {
  const { month: current, reward } = await thisMonth(db, s, userId, zone, now);
  const { rows } = await db.query<{ month: string; affiliate: string; rev_share: string; active: number }>(
    `SELECT month,
            SUM(amount_cents) FILTER (WHERE kind = 'affiliate')::text AS affiliate,
            SUM(amount_cents) FILTER (WHERE kind = 'revShare')::text AS rev_share,
            (array_agg(active ORDER BY posted_at DESC, reward_id DESC))[1] AS active
     FROM ${s}.rewards_posted WHERE user_id = $1 AND month < $2 GROUP BY month ORDER BY month DESC`,
    [userId, current],
  );
  const shown = (month: string, active: number, affiliate: number, revShare: number, final: boolean) => ({
    month,
    active,
    affiliate: centsToDollars(affiliate),
    revShare: centsToDollars(revShare),
    total: centsToDollars(affiliate + revShare),
    final,
  });
  return [
    shown(current, reward.active, reward.affiliateCents, reward.revShareCents, false),
    ...rows.map((row) =>
      shown(row.month, Number(row.active), Number(row.affiliate ?? 0), Number(row.rev_share ?? 0), true),
    ),
  ];
}
