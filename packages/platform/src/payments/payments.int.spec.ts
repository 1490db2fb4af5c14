import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type Stripe from 'stripe';
import { requireEnv, startRecordingProxy, type RecordingProxy } from '@beatmatch/testing';
import { createStripeClient, StripePayments } from './stripe';
import { TestPaymentProvider } from './testProvider';
import { createStripeWebhookRouter } from './webhook';
import { PaymentInputError, type PaymentsPort } from './port';

/**
 * The payments contract on both adapters: Stripe through the stripe npm client against stripe-mock
 * (STRIPE_API_BASE, from deploy/local/up), and the embedded test provider.
 */
const targets: Array<[string, () => PaymentsPort]> = [
  [
    'Stripe on stripe-mock (STRIPE_API_BASE)',
    () =>
      new StripePayments(
        createStripeClient({
          secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_beatmatch',
          apiBase: requireEnv('STRIPE_API_BASE'),
        }),
      ),
  ],
  ['built-in test provider (embedded)', () => new TestPaymentProvider()],
];

describe.each(targets)('PaymentsPort: %s', (_name, create) => {
  let payments: PaymentsPort;
  beforeAll(() => {
    payments = create();
  });

  it('creates a customer', async () => {
    const { customerId } = await payments.createCustomer({
      userId: randomUUID(),
      email: 'ada@example.com',
      name: 'Ada',
    });
    expect(customerId).toMatch(/^cus_/);
  });

  it('creates a hosted checkout session for beat licences', async () => {
    const { customerId } = await payments.createCustomer({ userId: randomUUID(), email: 'bo@example.com' });
    const session = await payments.createCheckoutSession({
      customerId,
      currency: 'usd',
      lineItems: [
        { name: 'Night Drive — MP3 lease', unitAmountCents: 2999, quantity: 1 },
        { name: 'Service fee', unitAmountCents: 299, quantity: 1 },
      ],
      successUrl: 'http://127.0.0.1:8080/cart/success',
      cancelUrl: 'http://127.0.0.1:8080/cart',
      metadata: { orderId: 'order-1' },
      idempotencyKey: randomUUID(),
    });
    expect(session.sessionId).toMatch(/^cs_/);
    expect(session.url).toMatch(/^https?:\/\//);
    expect(Number.isInteger(session.amountTotalCents)).toBe(true);
  });

  it('creates a hosted checkout session for a monthly plan with a trial', async () => {
    const { customerId } = await payments.createCustomer({ userId: randomUUID(), email: 'di@example.com' });
    const session = await payments.createCheckoutSession({
      customerId,
      currency: 'usd',
      lineItems: [{ name: 'Producer Professional', unitAmountCents: 800, quantity: 1 }],
      successUrl: 'http://127.0.0.1:8080/user/subscriptions?redirect_status=succeeded',
      cancelUrl: 'http://127.0.0.1:8080/user/subscriptions',
      metadata: { kind: 'subscription' },
      recurring: { interval: 'month', trialDays: 7 },
      idempotencyKey: randomUUID(),
    });
    expect(session.sessionId).toMatch(/^cs_/);
    expect(session.url).toMatch(/^https?:\/\//);
  });

  it('answers a billing page URL for a customer', async () => {
    const { customerId } = await payments.createCustomer({ userId: randomUUID(), email: 'ed@example.com' });
    const portal = await payments.createPortalSession({
      customerId,
      returnUrl: 'http://127.0.0.1:8080/user/subscriptions',
    });
    expect(portal.url).toMatch(/^https?:\/\//);
  });

  it('creates a payment intent in integer cents', async () => {
    const { customerId } = await payments.createCustomer({ userId: randomUUID(), email: 'cy@example.com' });
    const intent = await payments.createPaymentIntent({
      customerId,
      amountCents: 3298,
      currency: 'usd',
      metadata: { orderId: 'order-2' },
    });
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    expect(intent.clientSecret).toBeTruthy();
    expect(Number.isInteger(intent.amountCents)).toBe(true);
    expect(intent.status).toEqual(expect.any(String));
  });

  it('refuses amounts that are not positive whole cents before calling the provider', async () => {
    await expect(
      payments.createPaymentIntent({ customerId: 'cus_x', amountCents: 12.5, currency: 'usd' }),
    ).rejects.toBeInstanceOf(PaymentInputError);
    await expect(
      payments.createPaymentIntent({ customerId: 'cus_x', amountCents: 0, currency: 'usd' }),
    ).rejects.toBeInstanceOf(PaymentInputError);
    await expect(
      payments.createCheckoutSession({
        customerId: 'cus_x',
        currency: 'usd',
        lineItems: [],
        successUrl: 'http://x/s',
        cancelUrl: 'http://x/c',
      }),
    ).rejects.toBeInstanceOf(PaymentInputError);
    await expect(
      payments.createCheckoutSession({
        customerId: 'cus_x',
        currency: 'usd',
        lineItems: [{ name: 'Plan', unitAmountCents: 400, quantity: 1 }],
        successUrl: 'http://x/s',
        cancelUrl: 'http://x/c',
        recurring: { interval: 'month', trialDays: -7 },
      }),
    ).rejects.toBeInstanceOf(PaymentInputError);
  });
});

describe('StripePayments: what it sends to Stripe (recorded in front of stripe-mock)', () => {
  let proxy: RecordingProxy;
  let payments: StripePayments;
  beforeAll(async () => {
    proxy = await startRecordingProxy(requireEnv('STRIPE_API_BASE'));
    payments = new StripePayments(
      createStripeClient({ secretKey: 'sk_test_beatmatch', apiBase: proxy.url, maxNetworkRetries: 0 }),
    );
  });
  afterAll(() => proxy.close());
  beforeEach(() => {
    proxy.requests.length = 0;
  });
  const only = (path: string) => {
    const sent = proxy.requests.filter((r) => r.method === 'POST' && r.path === path);
    expect(sent).toHaveLength(1);
    return sent[0]!;
  };

  it('creates the customer with e-mail, name and the user id as metadata, idempotent per user', async () => {
    const userId = randomUUID();
    const { customerId } = await payments.createCustomer({ userId, email: 'ada@example.com', name: 'Ada' });
    expect(customerId).toMatch(/^cus_/);
    const sent = only('/v1/customers');
    expect(sent.form).toEqual({ email: 'ada@example.com', name: 'Ada', 'metadata[userId]': userId });
    expect(sent.headers['idempotency-key']).toBe(`customer-${userId}`);
  });

  it('sends no name when none is given', async () => {
    const userId = randomUUID();
    await payments.createCustomer({ userId, email: 'bo@example.com' });
    expect(only('/v1/customers').form).toEqual({ email: 'bo@example.com', 'metadata[userId]': userId });
  });

  it('sends each line item with its own quantity, unit amount in cents, currency and name', async () => {
    const idempotencyKey = randomUUID();
    await payments.createCheckoutSession({
      customerId: 'cus_test_1',
      currency: 'usd',
      lineItems: [
        { name: 'Night Drive — WAV lease', unitAmountCents: 4999, quantity: 2 },
        { name: 'Service fee', unitAmountCents: 299, quantity: 1 },
      ],
      successUrl: 'http://127.0.0.1:8080/cart/success',
      cancelUrl: 'http://127.0.0.1:8080/cart',
      metadata: { orderId: 'order-7' },
      idempotencyKey,
    });
    const sent = only('/v1/checkout/sessions');
    expect(sent.form).toEqual({
      mode: 'payment',
      customer: 'cus_test_1',
      success_url: 'http://127.0.0.1:8080/cart/success',
      cancel_url: 'http://127.0.0.1:8080/cart',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][product_data][name]': 'Night Drive — WAV lease',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '299',
      'line_items[1][price_data][product_data][name]': 'Service fee',
      'metadata[orderId]': 'order-7',
    });
    expect(sent.headers['idempotency-key']).toBe(idempotencyKey);
  });

  it('opens a monthly plan as a subscription-mode session: a recurring monthly price and the trial days', async () => {
    const idempotencyKey = randomUUID();
    const session = await payments.createCheckoutSession({
      customerId: 'cus_test_3',
      currency: 'usd',
      lineItems: [{ name: 'Producer Unlimited', unitAmountCents: 1500, quantity: 1 }],
      successUrl: 'http://127.0.0.1:8080/user/subscriptions?redirect_status=succeeded',
      cancelUrl: 'http://127.0.0.1:8080/user/subscriptions',
      metadata: { kind: 'subscription', plan: 'producer_unlimited' },
      recurring: { interval: 'month', trialDays: 14 },
      idempotencyKey,
    });
    expect(session.sessionId).toMatch(/^cs_/);
    const sent = only('/v1/checkout/sessions');
    expect(sent.form).toEqual({
      mode: 'subscription',
      customer: 'cus_test_3',
      success_url: 'http://127.0.0.1:8080/user/subscriptions?redirect_status=succeeded',
      cancel_url: 'http://127.0.0.1:8080/user/subscriptions',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Producer Unlimited',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[kind]': 'subscription',
      'metadata[plan]': 'producer_unlimited',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][kind]': 'subscription',
      'subscription_data[metadata][plan]': 'producer_unlimited',
    });
    expect(sent.headers['idempotency-key']).toBe(idempotencyKey);
  });

  it('sends no trial for a plan without one, and refuses a trial that is not whole days before calling Stripe', async () => {
    await payments.createCheckoutSession({
      customerId: 'cus_test_4',
      currency: 'usd',
      lineItems: [{ name: 'Marketplace Pro Independent', unitAmountCents: 400, quantity: 1 }],
      successUrl: 'http://127.0.0.1:8080/user/marketplace_pro?redirect_status=succeeded',
      cancelUrl: 'http://127.0.0.1:8080/user/marketplace_pro',
      recurring: { interval: 'month' },
    });
    const sent = only('/v1/checkout/sessions').form;
    expect(sent.mode).toBe('subscription');
    expect(sent['line_items[0][price_data][recurring][interval]']).toBe('month');
    expect(Object.keys(sent).filter((key) => key.startsWith('subscription_data'))).toEqual([]);
    proxy.requests.length = 0;
    await expect(
      payments.createCheckoutSession({
        customerId: 'cus_test_4',
        currency: 'usd',
        lineItems: [{ name: 'Marketplace Pro Independent', unitAmountCents: 400, quantity: 1 }],
        successUrl: 'http://x/s',
        cancelUrl: 'http://x/c',
        recurring: { interval: 'month', trialDays: 1.5 },
      }),
    ).rejects.toBeInstanceOf(PaymentInputError);
    expect(proxy.requests).toEqual([]);
  });

  it("sends the payment intent's amount in cents, currency, customer and metadata", async () => {
    const intent = await payments.createPaymentIntent({
      customerId: 'cus_test_2',
      amountCents: 3298,
      currency: 'eur',
      metadata: { orderId: 'order-8' },
    });
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    expect(only('/v1/payment_intents').form).toEqual({
      amount: '3298',
      currency: 'eur',
      customer: 'cus_test_2',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[orderId]': 'order-8',
    });
  });

  it('opens a Billing Portal session for the customer, back to the plan page', async () => {
    const portal = await payments.createPortalSession({
      customerId: 'cus_test_5',
      returnUrl: 'http://127.0.0.1:8080/user/marketplace_pro',
    });
    expect(portal.url).toMatch(/^https?:\/\//);
    expect(only('/v1/billing_portal/sessions').form).toEqual({
      customer: 'cus_test_5',
      return_url: 'http://127.0.0.1:8080/user/marketplace_pro',
    });
  });

  it('cancels a subscription at once, with no proration and no final invoice (a trial charged nothing)', async () => {
    await payments.cancelSubscription('sub_trial_2');
    const sent = proxy.requests.filter((r) => r.path.startsWith('/v1/subscriptions/sub_trial_2'));
    expect(sent.map((r) => r.method)).toEqual(['GET', 'DELETE']);
    // A DELETE carries its parameters in the query.
    const query = new URL(sent[1]!.path, 'http://stripe').searchParams;
    expect([query.get('prorate'), query.get('invoice_now')]).toEqual(['false', 'false']);
  });

  it('sends nothing for amounts that are not positive whole cents', async () => {
    await expect(
      payments.createPaymentIntent({ customerId: 'cus_x', amountCents: 12.5, currency: 'usd' }),
    ).rejects.toBeInstanceOf(PaymentInputError);
    expect(proxy.requests).toEqual([]);
  });
});

describe('Stripe client against stripe-mock', () => {
  it('surfaces Stripe API errors (a parameter the API does not know) as StripeInvalidRequestError', async () => {
    const stripe = createStripeClient({
      secretKey: 'sk_test_beatmatch',
      apiBase: requireEnv('STRIPE_API_BASE'),
      maxNetworkRetries: 0,
    });
    await expect(
      stripe.customers.create({ not_a_parameter: 'x' } as unknown as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
  });
});

describe('Stripe webhook endpoint', () => {
  const secret = process.env.STRIPE_WEBHOOK_SECRET ?? `whsec_test_${randomUUID().replace(/-/g, '')}`;
  const stripe = createStripeClient({ secretKey: 'sk_test_beatmatch' });
  const handled: Stripe.Event[] = [];
  let failNext = false;
  const app = express();
  app.use(
    '/webhooks/stripe',
    createStripeWebhookRouter({
      stripe,
      secret,
      async onEvent(event) {
        if (failNext) {
          failNext = false;
          throw new Error('database down');
        }
        handled.push(event);
      },
    }),
  );

  const event = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_test_1', object: 'checkout.session', metadata: { orderId: 'order-1' } } },
    });
  const sign = (payload: string, withSecret = secret, timestamp?: number) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: withSecret,
      ...(timestamp ? { timestamp } : {}),
    });

  beforeEach(() => {
    handled.length = 0;
  });

  it('accepts a correctly signed event and hands it to the handler', async () => {
    const payload = event('evt_signed');
    const response = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(payload))
      .send(payload);
    expect(response.status).toBe(200);
    expect(handled.map((e) => [e.id, e.type])).toEqual([['evt_signed', 'checkout.session.completed']]);
  });

  it('rejects an event signed with another secret with 400', async () => {
    const payload = event('evt_forged');
    const response = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(payload, 'whsec_someone_else'))
      .send(payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid Stripe webhook signature');
    expect(handled).toEqual([]);
  });

  it('rejects a body changed after signing with 400', async () => {
    const header = sign(event('evt_original'));
    const response = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(event('evt_tampered'));
    expect(response.status).toBe(400);
    expect(handled).toEqual([]);
  });

  it('rejects a missing signature and a replayed old one with 400', async () => {
    const payload = event('evt_unsigned');
    const missing = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(missing.status).toBe(400);
    const old = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(payload, secret, Math.floor(Date.now() / 1000) - 3600))
      .send(payload);
    expect(old.status).toBe(400);
    expect(handled).toEqual([]);
  });

  it('answers 500 when the handler fails, so that Stripe retries the delivery', async () => {
    const payload = event('evt_retry');
    failNext = true;
    const first = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(payload))
      .send(payload);
    expect(first.status).toBe(500);
    const retry = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(payload))
      .send(payload);
    expect(retry.status).toBe(200);
    expect(handled.map((e) => e.id)).toEqual(['evt_retry']);
  });
});
