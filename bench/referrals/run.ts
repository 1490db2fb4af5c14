/**
 * The monthly referral run at scale on PostgreSQL (`eval "$(bash deploy/local/env)"` first):
 *   npx tsx bench/referrals/run.ts [--users 100000] [--subscriptions 20000] [--referrers 5000]
 * 1. seeds, with set-based SQL, `--users` members with their codes, `--subscriptions` sub-affiliates
 *    (each referred by one of `--referrers` users, every twentieth referrer an ambassador, a tenth of
 *    them in New York or Tokyo) paying in the month run, and marks their referrers' months due;
 * 2. runs the month (runReferralMonth, as the Schedule's activity does), then reruns it with every
 *    referrer's months marked due again (all recomputed, nothing posted);
 * 3. prints what was posted.
 * Prints each step's wall time, the rewards posted, and the peak RSS; drops its schema at the end.
 */
import { randomUUID } from 'node:crypto';
import { createLogger, InProcessEventBus, InternalTokenVerifier, openPostgres } from '@beatmatch/platform';
import { generateInternalKeyPair } from '@beatmatch/platform';
import { numberArg } from '@beatmatch/testing';
import { createReferralsService } from '../../services/referrals/src/index';
import { runReferralMonth } from '../../services/referrals/src/rewards/run';

const users = numberArg('users', 100_000);
const subscriptions = numberArg('subscriptions', 20_000);
const referrers = numberArg('referrers', 5_000);
const MONTH = '2026-10';

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (eval "$(bash deploy/local/env)")');
  const db = openPostgres(url);
  const schema = `bench_referrals_${randomUUID().slice(0, 8)}`;
  const logger = createLogger('bench-referrals', 'warn', process.stderr);
  const keys = await generateInternalKeyPair();
  const service = await createReferralsService({
    db,
    bus: new InProcessEventBus(),
    logger,
    verifier: new InternalTokenVerifier(keys.publicKey),
    schema,
    clock: () => new Date('2026-11-02T13:00:00Z'),
  });
  try {
    let at = performance.now();
    await db.exec(`
      INSERT INTO ${schema}.members (user_id, email, user_name)
        SELECT 'u' || i, 'u' || i || '@example.com', 'u' || i FROM generate_series(0, ${users - 1}) i;
      INSERT INTO ${schema}.codes (code, user_id, issued_at)
        SELECT 'C' || i, 'u' || i, '2026-01-01Z' FROM generate_series(0, ${users - 1}) i;
      INSERT INTO ${schema}.attributions (user_id, referrer_id, referral_code, confirmed_at)
        SELECT 'u' || (${referrers} + i), 'u' || (i % ${referrers}), 'C' || (i % ${referrers}), '2026-09-01Z'
        FROM generate_series(0, ${subscriptions - 1}) i;
      INSERT INTO ${schema}.subscription_payments (payment_id, user_id, amount_cents, paid_at, period_ends_at)
        SELECT 'pay' || i, 'u' || (${referrers} + i), 400 + (i % 3) * 400,
               timestamptz '2026-10-01Z' + (i % 28) * interval '1 day' + interval '12 hours',
               timestamptz '2026-11-01Z' + (i % 28) * interval '1 day' + interval '12 hours'
        FROM generate_series(0, ${subscriptions - 1}) i;
      INSERT INTO ${schema}.referrer_zones (user_id, time_zone)
        SELECT 'u' || r, CASE WHEN r % 20 = 1 THEN 'America/New_York' ELSE 'Asia/Tokyo' END
        FROM generate_series(0, ${referrers - 1}) r WHERE r % 10 = 1;
      INSERT INTO ${schema}.ambassador_role_changes (user_id, at, ambassador)
        SELECT 'u' || r, '2026-06-01Z', true FROM generate_series(0, ${referrers - 1}) r WHERE r % 20 = 0;
      INSERT INTO ${schema}.reward_months_due (user_id, month, marked_at)
        SELECT 'u' || r, m, '2026-10-31Z' FROM generate_series(0, ${referrers - 1}) r,
          unnest(ARRAY['2026-09', '2026-10']) m;
      ANALYZE ${schema}.attributions; ANALYZE ${schema}.subscription_payments;`);
    console.log(
      `seed: ${users} users, ${subscriptions} sub-affiliate subscriptions, ${referrers} referrers in ${seconds(at)} s`,
    );

    at = performance.now();
    const first = await runReferralMonth(service.ports, MONTH);
    console.log(
      `run ${MONTH}: ${first.referrers} referrers, ${first.rewards} rewards, $${(first.totalCents / 100).toFixed(2)} in ${seconds(at)} s`,
    );
    await db.exec(`INSERT INTO ${schema}.reward_months_due (user_id, month, marked_at)
      SELECT 'u' || r, '${MONTH}', '2026-10-31Z' FROM generate_series(0, ${referrers - 1}) r`);
    at = performance.now();
    const again = await runReferralMonth(service.ports, MONTH);
    console.log(
      `rerun: ${again.referrers} referrers recomputed, ${again.rewards} rewards posted in ${seconds(at)} s`,
    );

    const { rows } = await db.query<{ cents: string; n: string }>(
      `SELECT sum(amount_cents)::text AS cents, count(*)::text AS n FROM ${schema}.rewards_posted`,
    );
    console.log(`posted: ${rows[0]!.n} rewards, $${(Number(rows[0]!.cents) / 100).toFixed(2)}`);
    console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    // The store kicks its (unstarted) relay after each append: let the last kick finish first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

void main();
