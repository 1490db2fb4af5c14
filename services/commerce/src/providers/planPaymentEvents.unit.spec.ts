import type Stripe from 'stripe';
import type { SubscriptionWebhookEvent } from '@beatmatch/platform';
import { fromPaypal } from './paypal';
import { assertPaypalShape } from './paypalShape';
import { fromStripe } from './stripe';
import { assertStripeShape, MalformedEvent } from './stripeShape';

/* The providers' news of a plan's payment in commerce's terms: which refs name the payment, how much went back. */
const stripeEvent = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', type, created: 1_790_000_000, data: { object } }) as unknown as Stripe.Event;
const paypalEvent = (event_type: string, resource: Record<string, unknown>): SubscriptionWebhookEvent => ({
  id: 'WH-1',
  event_type,
  create_time: '2026-11-26T02:00:00Z',
  resource,
});

describe('Stripe', () => {
  it("an invoice names its payment by its id, and the charge and payment intent that paid it (either API version's place)", () => {
    const older = stripeEvent('invoice.paid', {
      id: 'in_1',
      subscription: 'sub_1',
      charge: 'ch_1',
      payment_intent: { id: 'pi_1' },
      amount_paid: 800,
      lines: { data: [{ period: { end: 1_792_000_000 } }] },
    });
    const newer = stripeEvent('invoice.paid', {
      id: 'in_2',
      parent: { subscription_details: { subscription: 'sub_1' } },
      payments: { data: [{ payment: { payment_intent: 'pi_2' } }] },
      amount_paid: 800,
    });
    for (const event of [older, newer]) expect(() => assertStripeShape(event)).not.toThrow();
    expect(fromStripe(older)).toMatchObject({
      paymentId: 'in_1',
      chargeRefs: ['ch_1', 'pi_1'],
      reference: 'sub_1',
    });
    expect(fromStripe(newer)).toMatchObject({ paymentId: 'in_2', chargeRefs: ['pi_2'], reference: 'sub_1' });
  });

  it("a dispute's withdrawn funds are a chargeback of its charge; an inquiry's opening is not", () => {
    const withdrawn = stripeEvent('charge.dispute.funds_withdrawn', { charge: 'ch_1', amount: 800 });
    expect(fromStripe(withdrawn)).toMatchObject({
      kind: 'chargedBack',
      provider: 'stripe',
      paymentRefs: ['ch_1'],
      amountCents: 800,
    });
    expect(fromStripe(stripeEvent('charge.dispute.created', { charge: 'ch_1', amount: 800 }))).toEqual({
      kind: 'unhandled',
    });
    expect(() =>
      assertStripeShape(stripeEvent('charge.dispute.funds_withdrawn', { charge: 'ch_1' })),
    ).toThrow(MalformedEvent);
  });
});

describe('PayPal', () => {
  it('a sale refunded names the sale and the refund; reversed (a negative amount) is a chargeback of its size', () => {
    const refunded = paypalEvent('PAYMENT.SALE.REFUNDED', {
      id: 'R-1',
      sale_id: 'S-1',
      amount: { total: '1.50' },
    });
    const reversed = paypalEvent('PAYMENT.SALE.REVERSED', { id: 'S-1', amount: { total: '-8.00' } });
    for (const event of [refunded, reversed]) expect(() => assertPaypalShape(event)).not.toThrow();
    expect(fromPaypal(refunded)).toMatchObject({
      kind: 'planPaymentRefunded',
      paymentRefs: ['S-1', 'R-1'],
      amountCents: 150,
    });
    expect(fromPaypal(reversed)).toMatchObject({
      kind: 'chargedBack',
      provider: 'paypal',
      paymentRefs: ['S-1'],
      amountCents: 800,
    });
    expect(() =>
      assertPaypalShape(paypalEvent('PAYMENT.SALE.REFUNDED', { sale_id: 'S-1', amount: { total: 'lots' } })),
    ).toThrow(MalformedEvent);
  });
});
