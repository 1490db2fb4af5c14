import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { IDENTITY_TOPIC, integrationEvent, type UserRegisteredV1 } from '@beatmatch/contracts';
import type { Caller } from '@beatmatch/platform';
import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import { createReferralsService } from '../index';

/**
 * Referrals on real PostgreSQL and Kafka, fed identity's registrations on a fresh topic: every user gets
 * a code (beatmatch_get_referral_link), and only a sign-up whose `ref` is a real code of someone else is
 * attributed, once — with one `referrals.ReferralConfirmed` in the outbox; a bogus `ref` gets none.
 */
let bed: ServiceTestbed;
let referrals: Awaited<ReturnType<typeof createReferralsService>>;
const topic = `${IDENTITY_TOPIC}-referrals-test-${randomUUID()}`;

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'referrals_api' });
  referrals = await createReferralsService({
    db: bed.db,
    bus: bed.kafka('referrals-test'),
    verifier: bed.verifier,
    logger: bed.logger,
    schema: bed.schema,
    consumer: `referrals-test-${randomUUID()}`,
    topic,
  });
  await referrals.start();
  bed.onClose(() => referrals.stop());
}, 60_000);
afterAll(() => bed?.close());

const publisher = () => bed.kafka(`identity-test-${randomUUID()}`);

async function register(userId: string, ref: string | null) {
  const at = new Date();
  const event = integrationEvent<UserRegisteredV1>(
    'identity.UserRegistered',
    1,
    {
      userId,
      username: userId,
      email: `${userId}@example.com`,
      referralCode: ref,
      registeredAt: at.toISOString(),
    },
    at,
  );
  await publisher().publish(topic, [{ key: userId, event }]);
  return event;
}

async function linkOf(caller: Caller) {
  return request(referrals.app)
    .post('/referral-link')
    .set(await bed.headers(caller))
    .send({});
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (const deadline = Date.now() + 30_000; ;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const codeOf = (userId: string) =>
  eventually(
    () => referrals.queries.codeOf(userId),
    (code) => code !== null,
  );

async function refusalsOf(userId: string) {
  const { rows } = await bed.db.query<{ reason: string }>(
    `SELECT data->>'reason' AS reason FROM ${bed.schema}.events WHERE stream_name = $1 AND type = 'ReferralRefused' ORDER BY stream_position`,
    [`member:${userId}`],
  );
  return rows.map((row) => row.reason);
}

async function confirmations() {
  const { rows } = await bed.db.query<{ event: { payload: Record<string, string> } }>(
    `SELECT event FROM ${bed.schema}.outbox WHERE event->>'type' = 'referrals.ReferralConfirmed' ORDER BY id`,
  );
  return rows.map((row) => row.event.payload);
}

it('issues each registered user one code, answered to that user only', async () => {
  const userId = `u-${randomUUID()}`;
  const registered = await register(userId, null);
  const code = await codeOf(userId);
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await publisher().publish(topic, [
    { key: userId, event: registered },
    { key: userId, event: { ...registered, id: randomUUID() } },
  ]);
  const answer = await linkOf({ userId, email: `${userId}@example.com` });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ data: code });
  expect((await linkOf({ userId: `u-${randomUUID()}` })).body).toEqual({ data: null });
  expect((await linkOf({})).status).toBe(401);
});

it('attributes a sign-up to a real code once; a bogus ref and a second attribution are refused', async () => {
  const ambassador = `amb-${randomUUID()}`;
  await register(ambassador, null);
  const code = await codeOf(ambassador);
  const fan = `fan-${randomUUID()}`;
  const bogus = `bogus-${randomUUID()}`;
  await register(fan, ` ${code!.toLowerCase()} `);
  await register(bogus, 'ANYTHING-BOGUS');
  const referred = await eventually(
    () => referrals.queries.referredBy(ambassador),
    (users) => users.length > 0,
  );
  expect(referred).toEqual([fan]);
  expect(
    await eventually(
      () => refusalsOf(bogus),
      (reasons) => reasons.length > 0,
    ),
  ).toEqual(['unknownCode']);
  // referral_status: what the trial offer asks (issue 23 item 1): the fan was referred, the bogus ref not.
  const statusOf = async (userId: string) =>
    request(referrals.app)
      .post('/referral-status')
      .set(await bed.headers({ userId }))
      .send({});
  expect((await statusOf(fan)).body).toEqual({ referred: true });
  expect((await statusOf(bogus)).body).toEqual({ referred: false });

  // The same person registered again with another real code (a redelivery under a new id): refused.
  const other = `other-${randomUUID()}`;
  await register(other, null);
  await register(fan, await codeOf(other));
  expect(
    await eventually(
      () => refusalsOf(fan),
      (reasons) => reasons.length > 0,
    ),
  ).toEqual(['alreadyReferred']);
  expect(await referrals.queries.referredBy(other)).toEqual([]);

  const confirmed = (await confirmations()).filter((payload) => [fan, bogus].includes(payload.userId!));
  expect(confirmed).toEqual([
    expect.objectContaining({ userId: fan, referrerId: ambassador, referralCode: code }),
  ]);
});
