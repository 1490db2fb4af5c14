import { randomUUID } from 'node:crypto';
import { startLocalPaypal, type LocalPaypal } from '../../test/paypalServer';
import { PaypalSubscriptions } from './paypal';
import { TestSubscriptionProvider } from './testSubscriptions';
import { decimalToCents, SubscriptionProviderError } from './subscriptionPort';

/**
 * The PayPal adapter against a local server speaking PayPal's subscriptions contract
 * (packages/platform/test/paypalServer.ts): what it sends (OAuth2 client credentials, Bearer token,
 * plan id, return URLs, PayPal-Request-Id) and what it reads back; webhooks verified by PayPal's
 * verify-webhook-signature call, a forged one refused. The embedded test provider keeps the same port.
 */
let paypal: LocalPaypal;
let adapter: PaypalSubscriptions;
const PLAN = 'P-5ML4271244454362WXNWU5NQ';

beforeAll(async () => {
  paypal = await startLocalPaypal({ plans: [{ id: PLAN, price: '8.00' }] });
  adapter = new PaypalSubscriptions({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    apiBase: paypal.url,
    webhookId: paypal.webhookId,
  });
});
afterAll(() => paypal?.close());

const create = (requestId: string = randomUUID()) =>
  adapter.createSubscription({
    planId: PLAN,
    customId: 'user-1',
    subscriber: { email: 'ada@example.com', givenName: 'Ada' },
    returnUrl: 'http://beatmatch.test/user/subscriptions?paypal=approved',
    cancelUrl: 'http://beatmatch.test/user/subscriptions',
    brandName: 'Beatmatch',
    requestId,
  });

describe('PayPal adapter on the local PayPal contract server', () => {
  it('takes a client-credentials token, then creates a subscription with the plan and return URLs', async () => {
    paypal.requests.length = 0;
    const created = await create('req-1');
    expect(created.subscriptionId).toMatch(/^I-/);
    expect(created.status).toBe('APPROVAL_PENDING');
    expect(created.approveUrl).toMatch(/\/webapps\/billing\/subscriptions\?ba_token=BA-/);

    const [token, post] = paypal.requests;
    expect(token!.path).toBe('/v1/oauth2/token');
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
    );
    expect(token!.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(token!.body).toBe('grant_type=client_credentials');
    expect(post!.path).toBe('/v1/billing/subscriptions');
    expect(post!.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(post!.headers['paypal-request-id']).toBe('req-1');
    expect(post!.body).toEqual({
      plan_id: PLAN,
      custom_id: 'user-1',
      subscriber: { email_address: 'ada@example.com', name: { given_name: 'Ada' } },
      application_context: {
        brand_name: 'Beatmatch',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: 'http://beatmatch.test/user/subscriptions?paypal=approved',
        cancel_url: 'http://beatmatch.test/user/subscriptions',
      },
    });
  });

  it('reuses its token, and the same PayPal-Request-Id never creates a second subscription', async () => {
    paypal.requests.length = 0;
    const first = await create('req-same');
    const again = await create('req-same');
    expect(again).toEqual(first);
    expect(paypal.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(0);
    expect([...paypal.subscriptions.values()].filter((s) => s.id === first.subscriptionId)).toHaveLength(1);
  });

  it('fetches a new token when PayPal no longer accepts the old one', async () => {
    paypal.revokeTokens();
    paypal.requests.length = 0;
    await create();
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/billing/subscriptions',
      'POST /v1/oauth2/token',
      'POST /v1/billing/subscriptions',
    ]);
  });

  it('reads a subscription before and after approval, and cancels it', async () => {
    const created = await create();
    const pending = await adapter.getSubscription(created.subscriptionId);
    expect(pending).toMatchObject({ status: 'APPROVAL_PENDING', planId: PLAN, customId: 'user-1' });
    expect(pending.lastPayment).toBeNull();

    const back = new URL(await paypal.approve(created.approveUrl));
    expect(`${back.origin}${back.pathname}`).toBe('http://beatmatch.test/user/subscriptions');
    expect(back.searchParams.get('subscription_id')).toBe(created.subscriptionId);
    expect(back.searchParams.get('paypal')).toBe('approved');

    const active = await adapter.getSubscription(created.subscriptionId);
    expect(active.status).toBe('ACTIVE');
    expect(active.lastPayment).toEqual({ amountCents: 800, currency: 'USD', time: expect.any(String) });
    expect(Date.parse(active.nextBillingTime!)).toBeGreaterThan(Date.now());

    await adapter.cancelSubscription(created.subscriptionId, 'Cancelled by the member');
    const cancelRequest = paypal.requests.at(-1)!;
    expect(cancelRequest.path).toBe(`/v1/billing/subscriptions/${created.subscriptionId}/cancel`);
    expect(cancelRequest.body).toEqual({ reason: 'Cancelled by the member' });
    expect((await adapter.getSubscription(created.subscriptionId)).status).toBe('CANCELLED');
    // Cancelling twice: PayPal's 422 comes back as a provider error.
    await expect(adapter.cancelSubscription(created.subscriptionId, 'again')).rejects.toMatchObject({
      status: 422,
    });
  });

  it("answers PayPal's errors as provider errors (unknown plan, unknown subscription, bad credentials)", async () => {
    await expect(
      adapter.createSubscription({
        planId: 'P-NOPE',
        customId: 'u',
        subscriber: { email: 'a@example.com' },
        returnUrl: 'http://x.test/r',
        cancelUrl: 'http://x.test/c',
        requestId: randomUUID(),
      }),
    ).rejects.toMatchObject({ status: 422, issue: 'UNPROCESSABLE_ENTITY' });
    await expect(adapter.getSubscription('I-UNKNOWN')).rejects.toMatchObject({
      status: 404,
      issue: 'RESOURCE_NOT_FOUND',
    });
    const wrong = new PaypalSubscriptions({
      clientId: paypal.clientId,
      clientSecret: 'wrong',
      apiBase: paypal.url,
      webhookId: paypal.webhookId,
    });
    await expect(wrong.getSubscription('I-X')).rejects.toBeInstanceOf(SubscriptionProviderError);
  });

  it('verifies a webhook through verify-webhook-signature, passing the event as it came', async () => {
    const created = await create();
    await paypal.approve(created.approveUrl);
    const delivery = paypal.delivery(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypal.resource(created.subscriptionId),
    );
    paypal.requests.length = 0;
    const event = await adapter.verifyWebhook(delivery.headers, Buffer.from(delivery.body));
    expect(event).toMatchObject({
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource: { id: created.subscriptionId, status: 'ACTIVE' },
    });
    const verify = paypal.requests.at(-1)!;
    expect(verify.path).toBe('/v1/notifications/verify-webhook-signature');
    expect(verify.headers.authorization).toMatch(/^Bearer /);
    expect(verify.body).toEqual({
      auth_algo: delivery.headers['paypal-auth-algo'],
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: paypal.webhookId,
      webhook_event: JSON.parse(delivery.body),
    });
  });

  it('refuses a forged webhook: altered body, made-up signature, missing headers', async () => {
    const created = await create();
    const delivery = paypal.delivery(
      'BILLING.SUBSCRIPTION.CANCELLED',
      paypal.resource(created.subscriptionId),
    );
    const altered = delivery.body.replace(created.subscriptionId, 'I-SOMEONEELSE');
    expect(await adapter.verifyWebhook(delivery.headers, altered)).toBeNull();
    expect(
      await adapter.verifyWebhook(
        { ...delivery.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
        delivery.body,
      ),
    ).toBeNull();
    paypal.requests.length = 0;
    const { 'paypal-transmission-sig': _sig, ...unsigned } = delivery.headers;
    expect(await adapter.verifyWebhook(unsigned, delivery.body)).toBeNull();
    // Nothing to verify: PayPal is not even asked.
    expect(paypal.requests).toHaveLength(0);
    // The same delivery, untouched, verifies.
    expect(await adapter.verifyWebhook(delivery.headers, delivery.body)).not.toBeNull();
  });
});

describe('TestSubscriptionProvider (embedded profile)', () => {
  it('approves at once: the approve URL is the return URL with subscription_id; idempotent per request id', async () => {
    const provider = new TestSubscriptionProvider('secret-'.repeat(6));
    const input = {
      planId: 'P-TEST-artist',
      customId: 'user-2',
      subscriber: { email: 'b@example.com' },
      returnUrl: 'http://beatmatch.test/user/marketplace_pro',
      cancelUrl: 'http://beatmatch.test/user/marketplace_pro',
      requestId: 'r-1',
    };
    const created = await provider.createSubscription(input);
    expect(await provider.createSubscription(input)).toEqual(created);
    expect(new URL(created.approveUrl).searchParams.get('subscription_id')).toBe(created.subscriptionId);
    expect(await provider.getSubscription(created.subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      planId: 'P-TEST-artist',
      customId: 'user-2',
    });
    await provider.cancelSubscription(created.subscriptionId);
    expect((await provider.getSubscription(created.subscriptionId)).status).toBe('CANCELLED');
  });

  it('verifies only the webhooks it signed', async () => {
    const provider = new TestSubscriptionProvider('secret-'.repeat(6));
    const other = new TestSubscriptionProvider('другой-'.repeat(6));
    const body = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.SALE.COMPLETED', resource: {} });
    expect(await provider.verifyWebhook(provider.signWebhook(body), body)).toMatchObject({ id: 'WH-1' });
    expect(await provider.verifyWebhook(other.signWebhook(body), body)).toBeNull();
    expect(await provider.verifyWebhook(provider.signWebhook(body), body.replace('WH-1', 'WH-2'))).toBeNull();
    expect(await provider.verifyWebhook({}, body)).toBeNull();
  });
});

describe('decimalToCents', () => {
  it('reads PayPal amounts without floating point', () => {
    expect(decimalToCents('8.00')).toBe(800);
    expect(decimalToCents('10')).toBe(1000);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('4.99')).toBe(499);
    expect(() => decimalToCents('4.999')).toThrow();
    expect(() => decimalToCents('-1')).toThrow();
  });
});
