import { randomUUID } from 'node:crypto';
import { PLAN_PRICES_CENTS } from '@beatmatch/contracts';
import { TestPaymentProvider, testSubscriptionId } from '@beatmatch/platform';
import { testCheckoutCompleted } from './orders/checkout';
import { testInvoiceEvent } from './orders/testEvents';
import { commerceTestbed, type CommerceService, type CommerceTestbed } from './testing/harness';

/**
 * Issue 20's money defects of the plans on PostgreSQL + Kafka: a completed plan session is spent, an
 * older provider event never undoes newer news, one trial per person per family (no 14-day trial
 * without a confirmed referral), one open lifetime checkout and a second lifetime payment given back.
 */
let bed: CommerceTestbed;
let commerce: CommerceService;
const payments = new TestPaymentProvider();
const HOUR = 3_600_000;

const call = (...args: Parameters<CommerceTestbed['call']>) => bed.call(...args);
const signed = (event: unknown) => {
  const payload = JSON.stringify(event);
  return bed.stripeWebhook(commerce, payload, commerce.signer.sign(payload));
};
const pay = (who: string, sessionId: string) =>
  call(commerce, '/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' }, who);
const plan = async (who: string) =>
  (await call(commerce, '/members/status', { type: 'artist' }, who)).body.plan as string | null;
const trialDays = async (sessionId: string) => {
  const { rows } = await bed.db.query<{ trial_days: number }>(
    `SELECT trial_days FROM ${bed.schema}.subscription_sessions WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0]!.trial_days;
};
const eventsOf = async (who: string, type: string) => {
  const { rows } = await bed.db.query<{ data: unknown }>(
    `SELECT data FROM ${bed.schema}.events WHERE stream_name = $1 AND type = $2`,
    [`membership:${who}`, type],
  );
  return rows.map((row) => row.data);
};
const openPlan = async (who: string, body: Record<string, unknown> = {}) => {
  const started = await call(
    commerce,
    '/subscriptions/checkout',
    { type: 'artist', plan: 'artist', ...body },
    who,
  );
  expect(started.status).toBe(200);
  return started.body.sessionId as string;
};
const cancel = (who: string) => call(commerce, '/subscriptions/cancel', { type: 'artist' }, who);

beforeAll(async () => {
  bed = await commerceTestbed('memberships', { webhookSecret: 'whsec_' + 'p'.repeat(40) });
  commerce = await bed.commerce({ payments, consumer: `commerce-memberships-${randomUUID()}` });
  await commerce.start();
}, 60_000);

afterAll(() => bed?.close());

describe('a plan never comes back without a new payment (issue 20, 2)', () => {
  it('a completed session is spent: paid again or its completion redelivered after cancel, the plan stays cancelled', async () => {
    const member = randomUUID();
    const sessionId = await openPlan(member);
    expect((await pay(member, sessionId)).status).toBe(200);
    expect(await plan(member)).toBe('artist');
    expect((await cancel(member)).status).toBe(200);

    const old = testCheckoutCompleted(
      sessionId,
      sessionId,
      PLAN_PRICES_CENTS.artist,
      new Date(),
      'subscription',
      {
        subscriptionId: testSubscriptionId(sessionId),
        trialDays: 0,
      },
    );
    expect((await signed(old)).status).toBe(200);
    expect((await pay(member, sessionId)).status).toBe(200);
    expect(await plan(member)).toBeNull();
    expect(await eventsOf(member, 'PlanStarted')).toHaveLength(1);
  });

  it("an event older than the plan's latest news changes nothing (a failed renewal after the later paid one)", async () => {
    const member = randomUUID();
    const sessionId = await openPlan(member);
    await pay(member, sessionId);
    const reference = testSubscriptionId(sessionId);
    const now = Date.now();
    const period = { periodStart: new Date(now), periodEnd: new Date(now + 720 * HOUR), amountCents: 400 };
    expect((await signed(testInvoiceEvent('invoice.paid', reference, period))).status).toBe(200);
    const earlierFailure = testInvoiceEvent('invoice.payment_failed', reference, {
      ...period,
      now: new Date(now - HOUR),
    });
    expect((await signed(earlierFailure)).body.outcome).toBe('ignored');
    expect(await plan(member)).toBe('artist');
  });
});

describe('trials (issue 20, 3)', () => {
  it('no 14-day trial without a confirmed referral; one week-long trial per family, ever', async () => {
    const member = randomUUID();
    expect(await trialDays(await openPlan(member, { ambassadorTrial: true }))).toBe(0);
    const trial = await openPlan(member, { weekTrial: true });
    expect(await trialDays(trial)).toBe(7);
    await pay(member, trial);
    expect(await plan(member)).toBe('artist');
    await cancel(member);
    expect(await trialDays(await openPlan(member, { weekTrial: true }))).toBe(0);
    expect(await trialDays(await openPlan(member, { ambassadorTrial: true, weekTrial: true }))).toBe(0);
    // The other family's trial is its own.
    const producer = await call(
      commerce,
      '/subscriptions/checkout',
      { type: 'producer', plan: 'producer', weekTrial: true },
      member,
    );
    expect(await trialDays(producer.body.sessionId as string)).toBe(7);
  });
});

describe('one trial per person per family, also for trial checkouts opened before either is paid (issue 20, 3)', () => {
  it('a second trial checkout of the plan answers the open one', async () => {
    const member = randomUUID();
    const first = await openPlan(member, { weekTrial: true });
    expect(await openPlan(member, { weekTrial: true })).toBe(first);
    const [one, two] = await Promise.all([
      openPlan(member, { plan: 'artist_unlimited', weekTrial: true }),
      openPlan(member, { plan: 'artist_unlimited', weekTrial: true }),
    ]);
    expect(one).toBe(two);
    expect(one).not.toBe(first);
  });

  it('a second trial paid after the first started starts nothing, and its subscription is cancelled at the provider', async () => {
    const member = randomUUID();
    const first = await openPlan(member, { weekTrial: true });
    const other = await openPlan(member, { plan: 'artist_unlimited', weekTrial: true });
    expect(await trialDays(other)).toBe(7);
    await pay(member, first);
    expect(await plan(member)).toBe('artist');
    await cancel(member);

    expect((await pay(member, other)).status).toBe(200);
    expect(await plan(member)).toBeNull();
    const subscriptionId = testSubscriptionId(other);
    expect(payments.cancelledSubscriptions).toContain(subscriptionId);
    const again = testCheckoutCompleted(
      other,
      other,
      PLAN_PRICES_CENTS.artist_unlimited,
      new Date(),
      'subscription',
      {
        subscriptionId,
        trialDays: 7,
      },
    );
    expect((await signed(again)).status).toBe(200);
    expect(await plan(member)).toBeNull();
    expect(await eventsOf(member, 'PlanStarted')).toHaveLength(1);
    expect(await eventsOf(member, 'TrialRefused')).toEqual([
      expect.objectContaining({ memberType: 'artist', plan: 'artist_unlimited', reference: subscriptionId }),
    ]);
  });
});

describe('the lifetime membership is bought once (issue 20, 4)', () => {
  it('a second checkout answers the open session; a second payment is refunded and grants nothing', async () => {
    const member = randomUUID();
    const first = await call(commerce, '/lifetime/checkout', { type: 'artist' }, member);
    const second = await call(commerce, '/lifetime/checkout', { type: 'producer' }, member);
    expect(second.body).toEqual(first.body);
    const sessionId = first.body.sessionId as string;
    expect((await pay(member, sessionId)).status).toBe(200);
    const published = (await bed.outbox('commerce.EntitlementsChanged', 'userId', member)).length;

    const again = testCheckoutCompleted(sessionId, 'second', 14_900, new Date(), 'subscription');
    for (let delivery = 0; delivery < 2; delivery++) expect((await signed(again)).status).toBe(200);
    expect(await eventsOf(member, 'LifetimeBought')).toHaveLength(1);
    expect(await eventsOf(member, 'LifetimePaymentRefunded')).toEqual([
      expect.objectContaining({ reference: 'pi_test_second', amountCents: 14_900 }),
    ]);
    expect(payments.refunds.filter((refund) => refund.paymentRef === 'pi_test_second')).toHaveLength(1);
    expect((await bed.outbox('commerce.EntitlementsChanged', 'userId', member)).length).toBe(published);
  });
});
