import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { handleCommand, InProcessEventBus } from '@beatmatch/platform';
import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import { createReferralsService } from '../index';
import { ambassadorDecider } from '../ambassadors/businessLogic';
import { ambassadorStream } from '../ambassadors/ambassador';
import { historiesOf } from './history';
import { recordPayment, recordRefund } from './readModel';
import { lastEndedMonth, runReferralMonth } from './run';
import { monthReward } from './rule';
import { nextMonth } from './zonedMonths';

/**
 * The referral run's property (issue 23): for any sequence of subscription payments, cancellations
 * (a sub-affiliate simply stops paying), refunds, ambassador grants and revokes and runs (some twice)
 * over several months, in referrers' own time zones, the rewards posted per referrer, month and kind
 * equal the rule applied to the final history, to the cent, and a last rerun posts nothing. On real
 * PostgreSQL, through the run, the consumer's writes and the ambassador aggregate.
 */
let bed: ServiceTestbed;
let service: Awaited<ReturnType<typeof createReferralsService>>;
let now = new Date('2026-01-01T00:00:00Z');
beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'referrals_property' });
  service = await createReferralsService({
    db: bed.db,
    bus: new InProcessEventBus(),
    verifier: bed.verifier,
    logger: bed.logger,
    schema: bed.schema,
    clock: () => now,
  });
}, 60_000);
afterAll(() => bed?.close());

const START = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati'];
const REFERRERS = 2;
const SUBS = 4;

const step = fc.oneof(
  fc.record({
    op: fc.constant('pay' as const),
    sub: fc.nat(SUBS - 1),
    cents: fc.integer({ min: 1, max: 2_000 }),
    // A month of service, or a shorter stretch (a cancellation: the next period is never paid).
    periodHours: fc.oneof(
      fc.constant(24 * 30),
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 1, max: 24 * 40 }),
    ),
  }),
  fc.record({ op: fc.constant('refund' as const), nth: fc.nat(40) }),
  fc.record({ op: fc.constant('role' as const), referrer: fc.nat(REFERRERS - 1), grant: fc.boolean() }),
  fc.record({ op: fc.constant('run' as const), twice: fc.boolean() }),
);
// Steps are hours to a few weeks apart, or within 14 hours of the next UTC month's start: month ends,
// in every zone, fall between and on them.
const timed = fc.record({
  gapHours: fc.integer({ min: 1, max: 24 * 20 }),
  nearMonthEnd: fc.option(fc.integer({ min: -14, max: 14 }), { freq: 2 }),
  step,
});

/** The next time of a step: `gapHours` on, or `edgeHours` from the next UTC month's start. */
function nextTime(at: Date, gapHours: number, edgeHours: number | null): Date {
  if (edgeHours === null) return new Date(at.getTime() + gapHours * HOUR);
  const edge = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) + edgeHours * HOUR;
  return new Date(Math.max(edge, at.getTime() + HOUR));
}

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function apply(ids: { referrers: string[]; subs: string[] }, payments: string[], s: Step) {
  const schema = bed.schema;
  switch (s.op) {
    case 'pay': {
      const paymentId = `pay-${randomUUID()}`;
      payments.push(paymentId);
      const paidAt = now.toISOString();
      const periodEndsAt = new Date(now.getTime() + s.periodHours * HOUR).toISOString();
      await bed.db.transaction((tx) =>
        recordPayment(
          tx,
          schema,
          {
            paymentId,
            userId: ids.subs[s.sub]!,
            memberType: 'producer',
            plan: 'producer',
            amountCents: s.cents,
            currency: 'usd',
            paidAt,
            periodEndsAt,
          },
          now,
        ),
      );
      return;
    }
    case 'refund': {
      const paymentId = payments[s.nth % Math.max(1, payments.length)];
      if (!paymentId) return;
      const owner = await bed.db.query<{ user_id: string; amount_cents: number }>(
        `SELECT user_id, amount_cents FROM ${schema}.subscription_payments WHERE payment_id = $1`,
        [paymentId],
      );
      // A third of the payment (partial refunds add up), or all of it.
      const cents = owner.rows[0]!.amount_cents;
      const amountCents = s.nth % 2 ? Math.ceil(cents / 3) : cents;
      await bed.db.transaction((tx) =>
        recordRefund(
          tx,
          schema,
          {
            paymentId,
            userId: owner.rows[0]!.user_id,
            amountCents,
            currency: 'usd',
            reason: 'refund',
            refundedAt: now.toISOString(),
          },
          now,
        ),
      );
      return;
    }
    case 'role': {
      const userId = ids.referrers[s.referrer]!;
      await handleCommand(service.store, ambassadorStream(userId), ambassadorDecider, {
        type: s.grant ? 'grant' : 'revoke',
        userId,
        now,
      });
      return;
    }
    case 'run':
      await runReferralMonth(service.ports, lastEndedMonth(now));
      if (s.twice) await runReferralMonth(service.ports, lastEndedMonth(now));
  }
}

/** The referrers, their zones and who referred whom (sub i is referred by referrer i mod 2). */
async function world(zones: string[]) {
  const tag = randomUUID().slice(0, 8);
  const referrers = zones.map((_, i) => `r${i}-${tag}`);
  const subs = Array.from({ length: SUBS }, (_, i) => `s${i}-${tag}`);
  for (const [i, zone] of zones.entries())
    await bed.db.query(`INSERT INTO ${bed.schema}.referrer_zones (user_id, time_zone) VALUES ($1, $2)`, [
      referrers[i],
      zone,
    ]);
  for (const [i, sub] of subs.entries())
    await bed.db.query(
      `INSERT INTO ${bed.schema}.attributions (user_id, referrer_id, referral_code, confirmed_at)
       VALUES ($1, $2, 'CODE', $3)`,
      [sub, referrers[i % REFERRERS], new Date(START).toISOString()],
    );
  return { referrers, subs };
}

async function postedCents(referrers: string[]) {
  const { rows } = await bed.db.query<{ user_id: string; month: string; kind: string; cents: string }>(
    `SELECT user_id, month, kind, SUM(amount_cents)::text AS cents FROM ${bed.schema}.rewards_posted
     WHERE user_id = ANY($1::text[]) GROUP BY user_id, month, kind`,
    [referrers],
  );
  return new Map(rows.map((row) => [`${row.user_id} ${row.month} ${row.kind}`, Number(row.cents)]));
}

it('posts, per referrer, month and kind, exactly what the rule gives on the final history', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom(...ZONES), { minLength: REFERRERS, maxLength: REFERRERS }),
      fc.array(timed, { minLength: 1, maxLength: 30 }),
      async (zones, steps) => {
        now = new Date(START);
        const ids = await world(zones);
        const payments: string[] = [];
        for (const { gapHours, nearMonthEnd, step: s } of steps) {
          now = nextTime(now, gapHours, nearMonthEnd);
          await apply(ids, payments, s);
        }
        // The last run, once every period paid for is over everywhere.
        now = new Date(now.getTime() + 24 * 45 * HOUR);
        const lastMonth = lastEndedMonth(now);
        await runReferralMonth(service.ports, lastMonth);
        const posted = await postedCents(ids.referrers);
        const histories = await historiesOf(bed.db, bed.schema, ids.referrers);
        for (const referrer of ids.referrers)
          for (let month = '2026-01'; month <= lastMonth; month = nextMonth(month)) {
            const rule = monthReward(histories.get(referrer)!, month);
            expect([month, posted.get(`${referrer} ${month} affiliate`) ?? 0]).toEqual([
              month,
              rule.affiliateCents,
            ]);
            expect([month, posted.get(`${referrer} ${month} revShare`) ?? 0]).toEqual([
              month,
              rule.revShareCents,
            ]);
          }
        expect(await runReferralMonth(service.ports, lastMonth)).toMatchObject({ rewards: 0 });
      },
    ),
    { numRuns: 40 },
  );
}, 600_000);
