import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PLAN_PRICES_CENTS } from '@beatmatch/contracts';
import {
  LOCAL_WEBHOOK_ALGO,
  localWebhookSignature,
  PAYPAL_WEBHOOK_HEADERS,
  PaypalSubscriptions,
  TestPaymentProvider,
  TestSubscriptionProvider,
} from '@beatmatch/platform';
import { startLocalPaypal, type LocalPaypal } from '../../../packages/platform/test/paypalServer';
import { commerceTestbed, type CommerceService, type CommerceTestbed } from './testing/harness';

/**
 * createPaypalSubscription on PostgreSQL + Kafka, against the local server speaking PayPal's
 * subscriptions contract: the approve URL for the chosen plan (its PayPal plan id from configuration),
 * the plan started once PayPal says the subscription is active, PayPal's verified webhooks renewing /
 * failing / cancelling it once per event id, a forged webhook refused; the member's cancellation
 * cancels at PayPal too. The embedded profile's local test provider does the same without PayPal.
 */
const PLAN_IDS = { producer_professional: 'P-PRODPRO123', artist: 'P-ARTIST123' };
const WEBHOOK_SECRET = 'whsec_' + 'p'.repeat(40);
let bed: CommerceTestbed;
let paypal: LocalPaypal;
let commerce: CommerceService;
let embedded: CommerceService;

const call = (...args: Parameters<CommerceTestbed['call']>) => bed.call(...args);

async function webhook(
  service: typeof commerce,
  delivery: { body: string; headers: Record<string, string> },
) {
  return request(service.app)
    .post('/webhooks/paypal')
    .set(await bed.headers())
    .set('content-type', 'application/json')
    .set(delivery.headers)
    .send(delivery.body);
}

const status = async (service: typeof commerce, userId: string, type: 'artist' | 'producer') =>
  (await call(service, '/members/status', { type }, userId)).body as Record<string, unknown>;

const published = async (userId: string) =>
  (await bed.outbox<{ producerPlan: string | null }>('commerce.EntitlementsChanged', 'userId', userId)).map(
    (payload) => payload.producerPlan,
  );

beforeAll(async () => {
  bed = await commerceTestbed('paypal', { webhookSecret: WEBHOOK_SECRET });
  paypal = await startLocalPaypal({
    plans: [
      { id: PLAN_IDS.producer_professional, price: '8.00' },
      { id: PLAN_IDS.artist, price: '4.00' },
    ],
  });
  bed.onClose(() => paypal.close());
  commerce = await bed.commerce({
    payments: new TestPaymentProvider(),
    subscriptionPayments: new PaypalSubscriptions({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiBase: paypal.url,
      webhookId: paypal.webhookId,
    }),
    paypalPlanIds: PLAN_IDS,
  });
  // The embedded profile: no PayPal credentials, the local test provider.
  embedded = await bed.commerce({ payments: new TestPaymentProvider() });
}, 60_000);

afterAll(() => bed?.close());

describe('createPaypalSubscription on PayPal (local contract server)', () => {
  it('answers the approve URL for the plan, starts the plan once PayPal activated it', async () => {
    const ann = randomUUID();
    const bob = randomUUID();
    const path = '/subscriptions/paypal';
    expect((await call(commerce, path, { type: 'producer', plan: 'producer_professional' })).status).toBe(
      401,
    );
    expect((await call(commerce, path, { type: 'producer' }, ann)).status).toBe(400);
    expect((await call(commerce, path, { type: 'producer', plan: 'artist' }, ann)).status).toBe(400);
    // No PayPal plan id configured for this plan.
    const unconfigured = await call(commerce, path, { type: 'producer', plan: 'producer_unlimited' }, ann);
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.message).toBe('PayPal is not available for this plan.');

    paypal.requests.length = 0;
    const created = await call(commerce, path, { type: 'producer', plan: 'producer_professional' }, ann);
    expect(created.status).toBe(200);
    const subId = created.body.subId as string;
    expect(subId).toMatch(/^I-/);
    expect(created.body.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/webapps\/billing\/subscriptions\?ba_token=/,
    );
    const sent = paypal.requests.find((r) => r.path === '/v1/billing/subscriptions')!;
    expect(sent.headers['paypal-request-id']).toMatch(/^paypal-/);
    expect(sent.body).toMatchObject({
      plan_id: PLAN_IDS.producer_professional,
      custom_id: ann,
      subscriber: { email_address: `${ann}@example.com` },
      application_context: {
        return_url: 'http://beatmatch.test/user/subscriptions?paypal=approved&type=producer',
        cancel_url: 'http://beatmatch.test/user/subscriptions',
      },
    });

    // Not approved yet: nothing starts.
    const early = await call(commerce, path, { type: 'producer', subId }, ann);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('PayPal has not activated this subscription yet.');
    expect((await status(commerce, ann, 'producer')).subscribed).toBe(false);

    const back = new URL(await paypal.approve(created.body.url as string));
    expect(back.searchParams.get('subscription_id')).toBe(subId);
    // Someone else's subscription, or the wrong type: not found.
    expect((await call(commerce, path, { type: 'producer', subId }, bob)).status).toBe(404);
    expect((await call(commerce, path, { type: 'artist', subId }, ann)).status).toBe(404);

    const confirmed = await call(commerce, path, { type: 'producer', subId }, ann);
    expect(confirmed.body).toEqual({ message: 'created', plan: 'producer_professional' });
    expect(await status(commerce, ann, 'producer')).toEqual({
      subscribed: true,
      lifer: false,
      paypal: true,
      plan: 'producer_professional',
      paypalPlans: ['producer_professional'],
    });
    // The plans PayPal can bill: those with a configured PayPal plan id, for each type.
    expect((await status(commerce, ann, 'producer')).paypalPlans).toEqual(['producer_professional']);
    expect((await status(commerce, ann, 'artist')).paypalPlans).toEqual(['artist']);
    // Again (the page reloads): the same plan, nothing new.
    expect((await call(commerce, path, { type: 'producer', subId }, ann)).body.message).toBe('created');
    expect(await published(ann)).toEqual(['producer_professional']);
  });

  it("PayPal's verified webhooks renew, fail and revive the plan, once per event; forged ones are refused", async () => {
    const cy = randomUUID();
    const path = '/subscriptions/paypal';
    const created = await call(commerce, path, { type: 'producer', plan: 'producer_professional' }, cy);
    const subId = created.body.subId as string;
    await paypal.approve(created.body.url as string);

    // The activation event starts the plan (no confirm call needed); delivered twice, applied once.
    const activated = paypal.delivery('BILLING.SUBSCRIPTION.ACTIVATED', paypal.resource(subId));
    expect((await webhook(commerce, activated)).body.outcome).toBe('started');
    expect((await webhook(commerce, activated)).body.outcome).toBe('duplicate');
    expect((await status(commerce, cy, 'producer')).plan).toBe('producer_professional');

    // Forged: body altered, signature made up, no signature. Never applied.
    const failed = paypal.paymentFailed(subId);
    expect((await webhook(commerce, { ...failed, body: failed.body.replace('"1.0"', '"1.1"') })).status).toBe(
      400,
    );
    const forged = {
      ...failed,
      headers: { ...failed.headers, 'paypal-transmission-sig': Buffer.from('x').toString('base64') },
    };
    expect((await webhook(commerce, forged)).status).toBe(400);
    expect((await webhook(commerce, { body: failed.body, headers: {} })).status).toBe(400);
    expect((await status(commerce, cy, 'producer')).subscribed).toBe(true);

    // A billing cycle paid: the period runs to PayPal's next billing time.
    const sale = paypal.salePaid(subId);
    expect((await webhook(commerce, sale)).body.outcome).toBe('renewed');
    expect((await webhook(commerce, sale)).body.outcome).toBe('duplicate');
    const { rows } = await bed.db.query<{ producer_period_ends_at: Date }>(
      `SELECT producer_period_ends_at FROM ${bed.schema}.memberships WHERE user_id = $1`,
      [cy],
    );
    expect(rows[0]!.producer_period_ends_at.toISOString()).toBe(
      new Date(paypal.subscriptions.get(subId)!.next_billing_time!).toISOString(),
    );

    // A failed payment ends the plan at once; PayPal's later successful retry revives it. (A failure
    // made before the sale above is older than it and rightly ignored: commerce never moves a plan
    // back in time, so this one is made after the sale.)
    const failedLater = paypal.paymentFailed(subId);
    expect((await webhook(commerce, failedLater)).body.outcome).toBe('failed');
    expect((await webhook(commerce, failedLater)).body.outcome).toBe('duplicate');
    expect((await status(commerce, cy, 'producer')).subscribed).toBe(false);
    expect((await webhook(commerce, paypal.salePaid(subId))).body.outcome).toBe('renewed');
    expect((await status(commerce, cy, 'producer')).plan).toBe('producer_professional');

    // Cancelled at PayPal (by the buyer there): the plan ends; a repeat changes nothing.
    const cancelled = paypal.delivery('BILLING.SUBSCRIPTION.CANCELLED', paypal.resource(subId));
    expect((await webhook(commerce, cancelled)).body.outcome).toBe('cancelled');
    expect((await status(commerce, cy, 'producer')).subscribed).toBe(false);
    const again = paypal.delivery('BILLING.SUBSCRIPTION.CANCELLED', paypal.resource(subId));
    expect((await webhook(commerce, again)).body.outcome).toBe('ignored');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await published(cy)).toEqual([
      'producer_professional',
      'producer_professional',
      null,
      'producer_professional',
      null,
    ]);
  });

  it("the member's cancellation cancels the subscription at PayPal too", async () => {
    const dee = randomUUID();
    const path = '/subscriptions/paypal';
    const created = await call(commerce, path, { type: 'artist', plan: 'artist' }, dee);
    const subId = created.body.subId as string;
    await paypal.approve(created.body.url as string);
    expect((await call(commerce, path, { type: 'artist', subId }, dee)).body.message).toBe('created');
    expect((await status(commerce, dee, 'artist')).paypal).toBe(true);

    expect((await call(commerce, '/subscriptions/cancel', { type: 'artist' }, dee)).body.message).toBe(
      'success',
    );
    expect(paypal.subscriptions.get(subId)!.status).toBe('CANCELLED');
    expect(paypal.subscriptions.get(subId)!.cancel_reason).toBe('Cancelled by the member');
    expect((await status(commerce, dee, 'artist')).subscribed).toBe(false);
    // PayPal's own CANCELLED event that follows changes nothing more.
    const cancelled = paypal.delivery('BILLING.SUBSCRIPTION.CANCELLED', paypal.resource(subId));
    expect((await webhook(commerce, cancelled)).body.outcome).toBe('ignored');
  });
});

describe("a PayPal plan's payments (issue 23, the clawback)", () => {
  it('the sale is the payment (the activation is none); a refund publishes its part once; a reversal ends the plan and cancels it at PayPal', async () => {
    const eve = randomUUID();
    const path = '/subscriptions/paypal';
    const created = await call(commerce, path, { type: 'artist', plan: 'artist' }, eve);
    const subId = created.body.subId as string;
    await paypal.approve(created.body.url as string);
    const activated = paypal.delivery('BILLING.SUBSCRIPTION.ACTIVATED', paypal.resource(subId));
    expect((await webhook(commerce, activated)).body.outcome).toBe('started');
    const paymentsOf = () => bed.outbox<{ paymentId: string }>('commerce.SubscriptionPaid', 'userId', eve);
    const refundsOf = () =>
      bed.outbox<{ paymentId: string; amountCents: number; reason: string }>(
        'commerce.SubscriptionPaymentRefunded',
        'userId',
        eve,
      );
    expect(await paymentsOf()).toEqual([]);

    const sale = paypal.salePaid(subId);
    const saleId = (JSON.parse(sale.body) as { resource: { id: string } }).resource.id;
    expect((await webhook(commerce, sale)).body.outcome).toBe('renewed');
    expect((await paymentsOf()).map((payment) => payment.paymentId)).toEqual([saleId]);

    const refund = paypal.delivery('PAYMENT.SALE.REFUNDED', {
      id: `REFUND-${randomUUID()}`,
      sale_id: saleId,
      state: 'completed',
      amount: { total: '1.00', currency: 'USD' },
    });
    expect((await webhook(commerce, refund)).body.outcome).toBe('refunded');
    expect((await webhook(commerce, refund)).body.outcome).toBe('duplicate');
    expect((await status(commerce, eve, 'artist')).subscribed).toBe(true);

    const reversed = paypal.delivery('PAYMENT.SALE.REVERSED', {
      id: saleId,
      state: 'reversed',
      amount: { total: '-50.00', currency: 'USD' },
    });
    expect((await webhook(commerce, reversed)).body.outcome).toBe('refunded');
    const refunds = await refundsOf();
    expect(refunds.map(({ paymentId, amountCents, reason }) => [paymentId, reason, amountCents])).toEqual([
      [saleId, 'refund', 100],
      // What was left of the sale, never more.
      [saleId, 'chargeback', PLAN_PRICES_CENTS.artist - 100],
    ]);
    expect((await status(commerce, eve, 'artist')).subscribed).toBe(false);
    expect(paypal.subscriptions.get(subId)!.status).toBe('CANCELLED');
    expect(paypal.subscriptions.get(subId)!.cancel_reason).toBe('Payment charged back');
  });
});

describe('createPaypalSubscription in the embedded profile (local test provider)', () => {
  it('approves at once: the approve URL is the plan page; the plan starts; its signed webhooks apply', async () => {
    const eve = randomUUID();
    const path = '/subscriptions/paypal';
    const created = await call(embedded, path, { type: 'artist', plan: 'artist_unlimited' }, eve);
    expect(created.status).toBe(200);
    const subId = created.body.subId as string;
    const url = new URL(created.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe('http://beatmatch.test/user/marketplace_pro');
    expect(url.searchParams.get('subscription_id')).toBe(subId);
    expect((await call(embedded, path, { type: 'artist', subId }, eve)).body).toEqual({
      message: 'created',
      plan: 'artist_unlimited',
    });
    expect(await status(embedded, eve, 'artist')).toMatchObject({ paypal: true, plan: 'artist_unlimited' });

    const provider = embedded.paypal as TestSubscriptionProvider;
    const event = JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      resource: { id: subId, status: 'ACTIVE' },
    });
    const otherProvider = new TestSubscriptionProvider('x'.repeat(40));
    expect((await webhook(embedded, { body: event, headers: otherProvider.signWebhook(event) })).status).toBe(
      400,
    );
    expect((await status(embedded, eve, 'artist')).subscribed).toBe(true);
    expect(
      (await webhook(embedded, { body: event, headers: provider.signWebhook(event) })).body.outcome,
    ).toBe('failed');
    expect((await status(embedded, eve, 'artist')).subscribed).toBe(false);
  });
});

describe('PayPal webhooks that verify but can not be read, or come from the future (issue 20, 6)', () => {
  /** The embedded provider's transmission headers, sent at `at` (its webhook id is WH-TEST). */
  const sentAt = (body: string, at: Date | string) => {
    const transmissionId = randomUUID();
    const transmissionTime = typeof at === 'string' ? at : at.toISOString();
    const h = PAYPAL_WEBHOOK_HEADERS;
    return {
      [h.authAlgo]: LOCAL_WEBHOOK_ALGO,
      [h.certUrl]: 'local:test-subscription-provider',
      [h.transmissionId]: transmissionId,
      [h.transmissionTime]: transmissionTime,
      [h.transmissionSig]: localWebhookSignature(
        WEBHOOK_SECRET,
        transmissionId,
        transmissionTime,
        'WH-TEST',
        body,
      ),
    };
  };
  const subscribed = async (member: string) => {
    const created = await call(embedded, '/subscriptions/paypal', { type: 'artist', plan: 'artist' }, member);
    const subId = created.body.subId as string;
    await call(embedded, '/subscriptions/paypal', { type: 'artist', subId }, member);
    expect((await status(embedded, member, 'artist')).subscribed).toBe(true);
    return subId;
  };

  it('answers 400 WEBHOOK_MALFORMED to a verified event of the wrong shape, never 500, and applies nothing', async () => {
    const member = randomUUID();
    const subId = await subscribed(member);
    const event = (eventType: unknown, resource: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ id: `WH-${randomUUID()}`, event_type: eventType, resource, ...extra });
    const malformed = [
      event('PAYMENT.SALE.COMPLETED', { billing_agreement_id: subId, amount: { total: 'lots' } }),
      event('PAYMENT.SALE.COMPLETED', { billing_agreement_id: subId, create_time: 'yesterday' }),
      event('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: subId }, { create_time: 'yesterday' }),
      event('BILLING.SUBSCRIPTION.CANCELLED', { id: 7 }),
      event('BILLING.SUBSCRIPTION.ACTIVATED', 'I-NOT-AN-OBJECT'),
      event(42, { id: subId }),
    ];
    for (const body of malformed) {
      const answer = await webhook(embedded, { body, headers: sentAt(body, new Date()) });
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({
        body,
        status: 400,
        code: 'WEBHOOK_MALFORMED',
      });
    }
    expect((await status(embedded, member, 'artist')).subscribed).toBe(true);
  });

  it('refuses a transmission time further in the future than the tolerance (300 s), or one that is no time', async () => {
    const member = randomUUID();
    const subId = await subscribed(member);
    const failed = JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      resource: { id: subId },
    });
    const inAnHour = sentAt(failed, new Date(Date.now() + 3_600_000));
    expect((await webhook(embedded, { body: failed, headers: inAnHour })).status).toBe(400);
    const noTime = sentAt(failed, 'soon');
    expect((await webhook(embedded, { body: failed, headers: noTime })).status).toBe(400);
    expect((await status(embedded, member, 'artist')).subscribed).toBe(true);
    // Within the tolerance (a clock a minute fast): applied.
    const aMinuteAhead = sentAt(failed, new Date(Date.now() + 60_000));
    expect((await webhook(embedded, { body: failed, headers: aMinuteAhead })).body.outcome).toBe('failed');
  });
});
