import { randomUUID } from 'node:crypto';
import { integrationEvent, REFERRALS_TOPIC, type ReferralConfirmedPayload } from '@beatmatch/contracts';
import { TestPaymentProvider } from '@beatmatch/platform';
import { commerceTestbed, type CommerceService, type CommerceTestbed } from '../testing/harness';

/**
 * The ambassador's trial on PostgreSQL + Kafka: commerce offers 14 days only to a user referrals
 * confirmed (`referrals.ReferralConfirmed`, redelivered or not); a client asking for it without one,
 * or after a plan of the family started on a trial, gets none.
 */
let bed: CommerceTestbed;
let commerce: CommerceService;
const referralsTopic = `${REFERRALS_TOPIC}-commerce-test-${randomUUID()}`;

beforeAll(async () => {
  bed = await commerceTestbed('referrals', { webhookSecret: 'whsec_' + 'r'.repeat(40) });
  commerce = await bed.commerce({
    payments: new TestPaymentProvider(),
    consumer: `commerce-referrals-catalog-${randomUUID()}`,
    referralsTopics: [referralsTopic],
    referralsConsumer: `commerce-referrals-test-${randomUUID()}`,
  });
  await commerce.start();
}, 60_000);
afterAll(() => bed?.close());

async function confirmReferral(userId: string) {
  const payload: ReferralConfirmedPayload = {
    userId,
    referrerId: `ambassador-${randomUUID()}`,
    referralCode: 'AMBCODE2',
    confirmedAt: new Date().toISOString(),
  };
  const event = integrationEvent('referrals.ReferralConfirmed', 1, payload, new Date());
  await bed.bus.publish(referralsTopic, [
    { key: userId, event },
    { key: userId, event }, // redelivered
  ]);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { rows } = await bed.db.query(
      `SELECT 1 FROM ${bed.schema}.confirmed_referrals WHERE user_id = $1`,
      [userId],
    );
    if (rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the referral of ${userId} never reached commerce`);
}

async function trialDaysAskedForAmbassador(userId: string) {
  const started = await bed.call(
    commerce,
    '/subscriptions/checkout',
    { type: 'producer', plan: 'producer', ambassadorTrial: true },
    userId,
  );
  expect(started.status).toBe(200);
  const { rows } = await bed.db.query<{ trial_days: number }>(
    `SELECT trial_days FROM ${bed.schema}.subscription_sessions WHERE session_id = $1`,
    [started.body.sessionId],
  );
  return rows[0]!.trial_days;
}

it('gives the 14-day trial to a confirmed referral only', async () => {
  const referred = randomUUID();
  const unreferred = randomUUID();
  expect(await trialDaysAskedForAmbassador(referred)).toBe(0);
  await confirmReferral(referred);
  expect(await trialDaysAskedForAmbassador(referred)).toBe(14);
  expect(await trialDaysAskedForAmbassador(unreferred)).toBe(0);
});
