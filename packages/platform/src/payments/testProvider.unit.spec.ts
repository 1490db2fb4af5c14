import { TestPaymentProvider } from './testProvider';
import { TEST_PORTAL_QUERY } from '@beatmatch/contracts';
import { checkoutTotalCents, PaymentInputError } from './port';

describe('checkoutTotalCents', () => {
  it('adds unit prices times quantities in integer cents', () => {
    expect(
      checkoutTotalCents([
        { name: 'MP3 lease', unitAmountCents: 2999, quantity: 2 },
        { name: 'Service fee', unitAmountCents: 299, quantity: 1 },
      ]),
    ).toBe(6297);
  });

  it('refuses fractional cents, zero quantities and empty carts', () => {
    expect(() => checkoutTotalCents([{ name: 'x', unitAmountCents: 0.5, quantity: 1 }])).toThrow(
      PaymentInputError,
    );
    expect(() => checkoutTotalCents([{ name: 'x', unitAmountCents: 100, quantity: 0 }])).toThrow(
      /quantity of x/,
    );
    expect(() => checkoutTotalCents([])).toThrow(/at least one line item/);
  });
});

describe('TestPaymentProvider (embedded profile)', () => {
  const checkout = (customerId: string, idempotencyKey?: string) => ({
    customerId,
    currency: 'usd',
    lineItems: [{ name: 'Beat', unitAmountCents: 1000, quantity: 1 }],
    successUrl: 'http://127.0.0.1:8080/cart/success?from=cart',
    cancelUrl: 'http://127.0.0.1:8080/cart',
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  it('sends the buyer straight to the success URL with the session id', async () => {
    const payments = new TestPaymentProvider();
    const { customerId } = await payments.createCustomer({ userId: 'u1', email: 'a@example.com' });
    const session = await payments.createCheckoutSession(checkout(customerId));
    const url = new URL(session.url);
    expect(url.pathname).toBe('/cart/success');
    expect(url.searchParams.get('from')).toBe('cart');
    expect(url.searchParams.get('session_id')).toBe(session.sessionId);
    expect(session.amountTotalCents).toBe(1000);
  });

  it('returns the same session for a repeated idempotency key and a new one otherwise', async () => {
    const payments = new TestPaymentProvider();
    const { customerId } = await payments.createCustomer({ userId: 'u2', email: 'b@example.com' });
    const first = await payments.createCheckoutSession(checkout(customerId, 'order-7'));
    const again = await payments.createCheckoutSession(checkout(customerId, 'order-7'));
    const other = await payments.createCheckoutSession(checkout(customerId, 'order-8'));
    expect(again.sessionId).toBe(first.sessionId);
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('succeeds payment intents at once, for known customers only', async () => {
    const payments = new TestPaymentProvider();
    const { customerId } = await payments.createCustomer({ userId: 'u3', email: 'c@example.com' });
    await expect(
      payments.createPaymentIntent({ customerId, amountCents: 500, currency: 'usd' }),
    ).resolves.toMatchObject({
      amountCents: 500,
      status: 'succeeded',
    });
    await expect(
      payments.createPaymentIntent({ customerId: 'cus_nobody', amountCents: 500, currency: 'usd' }),
    ).rejects.toThrow(/No such customer/);
  });

  it("answers its billing portal on the return URL (the plan page), with a plan's next charge", async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const payments = new TestPaymentProvider(() => now);
    const { customerId } = await payments.createCustomer({ userId: 'u9', email: 'p@example.com' });
    const returnUrl = 'http://127.0.0.1:8080/user/subscriptions';
    const before = new URL((await payments.createPortalSession({ customerId, returnUrl })).url);
    expect(before.origin + before.pathname).toBe(returnUrl);
    expect(before.searchParams.get(TEST_PORTAL_QUERY.session)).toMatch(/^bps_test_\w+$/);
    expect(before.searchParams.has(TEST_PORTAL_QUERY.nextCharge)).toBe(false);

    const plan = (trialDays: number) => ({
      ...checkout(customerId),
      recurring: { interval: 'month' as const, trialDays },
    });
    await payments.createCheckoutSession(plan(7));
    const trial = new URL((await payments.createPortalSession({ customerId, returnUrl })).url);
    expect(trial.searchParams.get(TEST_PORTAL_QUERY.nextCharge)).toBe('2026-12-02');
    await payments.createCheckoutSession(plan(0));
    const paid = new URL((await payments.createPortalSession({ customerId, returnUrl })).url);
    expect(paid.searchParams.get(TEST_PORTAL_QUERY.nextCharge)).toBe('2026-12-25');
  });
});
