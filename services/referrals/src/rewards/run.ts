import { ConcurrencyError, type EventStore, type SqlDatabase } from '@beatmatch/platform';
import { historiesOf, postedTo } from './history';
import { publishRewards, rewardIdOf, rewardStream, type RewardKind, type RewardPosted } from './reward';
import { monthReward } from './rule';
import { nextMonth, previousMonth } from './zonedMonths';

export interface RunPorts {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  clock: () => Date;
}

export interface RunSummary {
  month: string;
  /** Referrers whose months were due. */
  referrers: number;
  /** Rewards posted now (none on a rerun). */
  rewards: number;
  totalCents: number;
}

/** Referrers handled per batch: their histories are read in a few queries. */
const BATCH = 1_000;
const APPENDS_AT_ONCE = 8;
const KINDS: RewardKind[] = ['affiliate', 'revShare'];

/**
 * The last month that is over in every time zone (UTC+14 to UTC-12): the run's default month. The
 * Schedule fires on the 1st at 13:00 UTC, just after.
 */
export function lastEndedMonth(now: Date): string {
  return previousMonth(new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 7));
}

/** Whether `month` is over in every time zone at `now`. */
export const monthIsOver = (month: string, now: Date) => month <= lastEndedMonth(now);

/**
 * The monthly referral run for `month`: every (referrer, month ≤ `month`) marked due since — new
 * payments, refunds, role changes — gets the rule's amount on its whole history, and what differs from
 * what was posted before is posted now (a clawback is a negative reward). Each referrer-month is one
 * append at the version read, so a rerun, a retried activity or two runs at once post it once.
 */
export async function runReferralMonth(
  ports: RunPorts,
  month: string,
  /** Called after each batch (the activity's heartbeat: a killed worker's run moves on soon). */
  progress: (done: number) => void = () => {},
): Promise<RunSummary> {
  const { db, schema: s } = ports;
  const startedAt = ports.clock();
  const { rows } = await db.query<{ user_id: string; month: string }>(
    `SELECT user_id, month FROM ${s}.reward_months_due WHERE month < $1 ORDER BY user_id, month`,
    [nextMonth(month)],
  );
  const due = new Map<string, string[]>();
  for (const row of rows) due.set(row.user_id, [...(due.get(row.user_id) ?? []), row.month]);
  const referrers = [...due.keys()];
  const summary: RunSummary = { month, referrers: referrers.length, rewards: 0, totalCents: 0 };
  for (let at = 0; at < referrers.length; at += BATCH) {
    const batch = referrers.slice(at, at + BATCH);
    const histories = await historiesOf(db, s, batch);
    const posted = await postedTo(db, s, batch);
    const settled: { userId: string; month: string }[] = [];
    const work = batch.flatMap((userId) => due.get(userId)!.map((dueMonth) => ({ userId, dueMonth })));
    // A few appends at once: each is its own stream and transaction (one at a time waits on commits).
    for (let next = 0; next < work.length; next += APPENDS_AT_ONCE)
      await Promise.all(
        work.slice(next, next + APPENDS_AT_ONCE).map(async ({ userId, dueMonth }) => {
          const reward = monthReward(histories.get(userId)!, dueMonth);
          const events = rewardsOwed(userId, dueMonth, reward, posted, startedAt);
          if (!(await appendOnce(ports, userId, dueMonth, events, posted(userId, dueMonth).version))) return;
          settled.push({ userId, month: dueMonth });
          summary.rewards += events.length;
          summary.totalCents += events.reduce((sum, event) => sum + event.data.amountCents, 0);
        }),
      );
    await settle(ports, settled, startedAt);
    progress(at + batch.length);
  }
  return summary;
}

function rewardsOwed(
  userId: string,
  month: string,
  reward: ReturnType<typeof monthReward>,
  posted: Awaited<ReturnType<typeof postedTo>>,
  now: Date,
): RewardPosted[] {
  const before = posted(userId, month);
  const target: Record<RewardKind, number> = {
    affiliate: reward.affiliateCents,
    revShare: reward.revShareCents,
  };
  return KINDS.filter((kind) => target[kind] !== before.cents[kind]).map((kind) => ({
    type: 'RewardPosted',
    data: {
      rewardId: rewardIdOf(userId, month, before.version, kind),
      userId,
      month,
      kind,
      amountCents: target[kind] - before.cents[kind],
      active: reward.active,
      postedAt: now.toISOString(),
    },
  }));
}

/** Appends at the version read; false when another run appended first (its own rule, same history). */
async function appendOnce(
  ports: RunPorts,
  userId: string,
  month: string,
  events: RewardPosted[],
  version: number,
) {
  if (events.length === 0) return true;
  try {
    await ports.store.appendToStream(rewardStream(userId, month), events, {
      expectedVersion: version,
      outbox: { topic: publishRewards.topic, messages: publishRewards.map(events) },
    });
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

/** Clears the marks handled; a mark set again while the run went (a later payment) stays due. */
async function settle(ports: RunPorts, settled: { userId: string; month: string }[], startedAt: Date) {
  if (settled.length === 0) return;
  await ports.db.query(
    `DELETE FROM ${ports.schema}.reward_months_due d
     USING unnest($1::text[], $2::text[]) AS done(user_id, month)
     WHERE d.user_id = done.user_id AND d.month = done.month AND d.marked_at <= $3`,
    [settled.map((row) => row.userId), settled.map((row) => row.month), startedAt],
  );
}
