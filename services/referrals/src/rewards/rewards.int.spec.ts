import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  COMMERCE_TOPIC,
  IDENTITY_TOPIC,
  integrationEvent,
  REFERRAL_MESSAGES,
  type SubscriptionPaidPayload,
  type SubscriptionPaymentRefundedPayload,
  type UserRegisteredV1,
} from '@beatmatch/contracts';
import type { Caller } from '@beatmatch/platform';
import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import { createReferralsService } from '../index';

/**
 * Issue 23 items 2–4 on real PostgreSQL and Kafka: sub-affiliates from commerce's subscription payments,
 * the referral run posting each reward once (`referrals.RewardEarned` in the outbox), the ambassador's
 * share, a refund clawed back by the next month's run, and bad input answered 4xx with our messages.
 */
let bed: ServiceTestbed;
let referrals: Awaited<ReturnType<typeof createReferralsService>>;
let now = new Date('2026-11-05T12:00:00Z');
const identityTopic = `${IDENTITY_TOPIC}-rewards-test-${randomUUID()}`;
const commerceTopic = `${COMMERCE_TOPIC}-rewards-test-${randomUUID()}`;
const admin: Caller = { userId: 'admin-1', email: 'admin@example.com', roles: ['admin'] };

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'referrals_rewards' });
  referrals = await createReferralsService({
    db: bed.db,
    bus: bed.kafka('referrals-rewards-test'),
    verifier: bed.verifier,
    logger: bed.logger,
    schema: bed.schema,
    clock: () => now,
    consumer: `referrals-rewards-${randomUUID()}`,
    topic: identityTopic,
    paymentsConsumer: `referrals-payments-${randomUUID()}`,
    paymentsTopic: commerceTopic,
  });
  await referrals.start();
  bed.onClose(() => referrals.stop());
}, 60_000);
afterAll(() => bed?.close());

const publisher = () => bed.kafka(`test-publisher-${randomUUID()}`);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (const deadline = Date.now() + 30_000; ;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function register(userId: string, ref: string | null) {
  const at = new Date();
  const payload = {
    userId,
    username: userId,
    email: `${userId}@example.com`,
    referralCode: ref,
    registeredAt: at.toISOString(),
  };
  const event = integrationEvent<UserRegisteredV1>('identity.UserRegistered', 1, payload, at);
  await publisher().publish(identityTopic, [{ key: userId, event }]);
  return eventually(
    () => referrals.queries.codeOf(userId),
    (code) => code !== null,
  );
}

async function paid(payment: Omit<SubscriptionPaidPayload, 'currency' | 'memberType' | 'plan'>) {
  const payload: SubscriptionPaidPayload = {
    ...payment,
    currency: 'usd',
    memberType: 'producer',
    plan: 'producer_professional',
  };
  const event = integrationEvent('commerce.SubscriptionPaid', 1, payload, new Date(payment.paidAt));
  await publisher().publish(commerceTopic, [{ key: payment.userId, event }]);
}

async function refunded(refund: Omit<SubscriptionPaymentRefundedPayload, 'currency' | 'reason'>) {
  const payload: SubscriptionPaymentRefundedPayload = { ...refund, currency: 'usd', reason: 'chargeback' };
  const event = integrationEvent(
    'commerce.SubscriptionPaymentRefunded',
    1,
    payload,
    new Date(refund.refundedAt),
  );
  await publisher().publish(commerceTopic, [{ key: refund.userId, event }]);
}

const call = async (path: string, caller: Caller, body: object = {}) =>
  request(referrals.app)
    .post(path)
    .set(await bed.headers(caller))
    .send(body);

async function rewardsTo(userId: string) {
  const { rows } = await bed.db.query<{
    event: { payload: { month: string; kind: string; amountCents: number } };
  }>(
    `SELECT event FROM ${bed.schema}.outbox WHERE event->>'type' = 'referrals.RewardEarned'
       AND event->'payload'->>'userId' = $1 ORDER BY id`,
    [userId],
  );
  return rows.map(({ event }) => `${event.payload.month} ${event.payload.kind} ${event.payload.amountCents}`);
}

const paymentCount = async (userId: string) =>
  (await bed.db.query(`SELECT 1 FROM ${bed.schema}.subscription_payments WHERE user_id = $1`, [userId])).rows
    .length;
const refundedCount = async (userId: string) =>
  (
    await bed.db.query(
      `SELECT 1 FROM ${bed.schema}.subscription_payments WHERE user_id = $1 AND refunded_at IS NOT NULL`,
      [userId],
    )
  ).rows.length;

it('posts $0.50 per active sub-affiliate and the ambassador share once; a refund is clawed back next month', async () => {
  const a = `a-${randomUUID()}`;
  const code = await register(a, null);
  const [paying, trial] = [`paying-${randomUUID()}`, `trial-${randomUUID()}`];
  await register(paying, code);
  await register(trial, code);
  await eventually(
    () => referrals.queries.referredBy(a),
    (users) => users.length === 2,
  );
  const user = { userId: a, email: `${a}@example.com` };
  expect((await call('/referral-data', user, { timeZone: 'UTC' })).body).toEqual({
    total: 0,
    signUps: 2,
    isAmbassador: false,
    kickback: '0.00',
  });

  const paymentId = `in_${randomUUID()}`;
  await paid({
    paymentId,
    userId: paying,
    amountCents: 800,
    paidAt: '2026-11-04T10:00:00Z',
    periodEndsAt: '2026-12-04T10:00:00Z',
  });
  await eventually(
    () => paymentCount(paying),
    (n) => n === 1,
  );
  expect((await call('/referral-data', user)).body).toEqual({
    total: 1,
    signUps: 1,
    isAmbassador: false,
    kickback: '0.50',
  });

  now = new Date('2026-11-20T12:00:00Z');
  expect((await call('/admin/ambassadors/grant', admin, { email: `${a}@example.com` })).status).toBe(200);
  expect((await call('/referral-data', user)).body).toEqual({
    total: 1,
    signUps: 1,
    isAmbassador: true,
    kickback: '1.30',
  });

  now = new Date('2026-12-02T13:00:00Z');
  const run = await call('/admin/populate', admin, {});
  expect(run.status).toBe(200);
  expect(run.body).toMatchObject({ month: '2026-11' });
  expect(await rewardsTo(a)).toEqual(['2026-11 affiliate 50', '2026-11 revShare 80']);
  // A rerun (or the Schedule after the button) posts nothing more.
  expect((await call('/admin/populate', admin, { month: '2026-11' })).body).toMatchObject({ rewards: 0 });
  expect(await rewardsTo(a)).toEqual(['2026-11 affiliate 50', '2026-11 revShare 80']);

  // Charged back in December: the December run takes November's rewards back.
  now = new Date('2026-12-10T12:00:00Z');
  await refunded({ paymentId, userId: paying, amountCents: 800, refundedAt: now.toISOString() });
  await eventually(
    () => refundedCount(paying),
    (n) => n === 1,
  );
  now = new Date('2027-01-01T13:00:00Z');
  expect((await call('/admin/populate', admin, {})).body).toMatchObject({ month: '2026-12' });
  expect(await rewardsTo(a)).toEqual([
    '2026-11 affiliate 50',
    '2026-11 revShare 80',
    '2026-11 affiliate -50',
    '2026-11 revShare -80',
  ]);
  const months = (await call('/rewards', user)).body.months as { month: string; total: string }[];
  expect(months.map(({ month, total }) => `${month} ${total}`)).toEqual(['2027-01 0.00', '2026-11 0.00']);
});

it('keeps applications in the admin queue until granted', async () => {
  const u = `applicant-${randomUUID()}`;
  await register(u, null);
  const user = { userId: u, email: `${u}@example.com` };
  expect((await call('/ambassador/apply', user, { message: '  I host a beat podcast ' })).body).toEqual({
    status: 'pending',
  });
  const queue = (await call('/admin/ambassadors', admin)).body;
  expect(queue.applications).toContainEqual(
    expect.objectContaining({ userId: u, message: 'I host a beat podcast' }),
  );
  const granted = (await call('/admin/ambassadors/grant', admin, { email: `${u}@example.com` })).body;
  expect(granted.applications.map((row: { userId: string }) => row.userId)).not.toContain(u);
  expect(granted.ambassadors).toContainEqual(
    expect.objectContaining({ userId: u, email: `${u}@example.com` }),
  );
  const again = await call('/ambassador/apply', user, { message: 'again' });
  expect(again.status).toBe(409);
  expect(again.body.detail ?? again.body.title).toBe(REFERRAL_MESSAGES.alreadyAmbassador);
  await call('/admin/ambassadors/revoke', admin, { email: `${u}@example.com` });
  expect((await call('/referral-data', user)).body.isAmbassador).toBe(false);
});

it('answers bad input with a 4xx and our message, never a 500, and writes nothing', async () => {
  const user = { userId: `bad-${randomUUID()}` };
  expect((await call('/referral-data', user, { timeZone: 'Mars/Olympus' })).status).toBe(400);
  const empty = await call('/ambassador/apply', user, { message: '   ' });
  expect(empty.status).toBe(400);
  expect(JSON.stringify(empty.body)).toContain(REFERRAL_MESSAGES.applicationText);
  expect((await call('/ambassador/apply', user, { message: 'x'.repeat(1001) })).status).toBe(400);
  expect((await call('/admin/populate', admin, { month: 'November' })).status).toBe(400);
  expect((await call('/admin/populate', admin, { month: '2025-13' })).status).toBe(400);
  const early = await call('/admin/populate', admin, { month: '2027-01' });
  expect(early.status).toBe(409);
  expect(JSON.stringify(early.body)).toContain(REFERRAL_MESSAGES.monthNotOver);
  const nobody = await call('/admin/ambassadors/grant', admin, { email: 'nobody@example.com' });
  expect(nobody.status).toBe(404);
  expect((await call('/admin/ambassadors/grant', admin, { email: 'not-an-email' })).status).toBe(400);
  expect((await call('/admin/populate', user, {})).status).toBe(403);
  const { rows } = await bed.db.query(
    `SELECT 1 FROM ${bed.schema}.ambassador_applications WHERE user_id = $1`,
    [user.userId],
  );
  expect(rows).toEqual([]);
});
