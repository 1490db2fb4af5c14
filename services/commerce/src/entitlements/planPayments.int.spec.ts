import { randomUUID } from 'node:crypto';
import { TestPaymentProvider, testSubscriptionId } from '@beatmatch/platform';
import {
  PLAN_PRICES_CENTS,
  subscriptionPaidV1,
  subscriptionPaymentRefundedV1,
  type SubscriptionPaidPayload,
  type SubscriptionPaymentRefundedPayload,
} from '@beatmatch/contracts';
import { testCheckoutCompleted } from '../orders/checkout';
import { testChargeRefunded, testDisputeFundsWithdrawn, testInvoiceEvent } from '../orders/testEvents';
import {
  commerceTestbed,
  stripeMockPayments,
  type CommerceService,
  type CommerceTestbed,
} from '../testing/harness';
import { addMonth } from './membership';

/**
 * A plan's payments on PostgreSQL (+ stripe-mock), by Stripe-signed webhooks (issue 23, the
 * clawback): one commerce.SubscriptionPaid per provider payment — the session's first invoice is told
 * of again by invoice.paid and invoice.payment_succeeded — and one commerce.SubscriptionPaymentRefunded
 * per refund (partial: the part) or chargeback, in the outbox; a chargeback ends the plan.
 */
let bed: CommerceTestbed;
let stripe: CommerceService;
let local: CommerceService;
const localPayments = new TestPaymentProvider();
const PRICE = PLAN_PRICES_CENTS.artist_professional;

beforeAll(async () => {
  bed = await commerceTestbed('plan_payments', { webhookSecret: 'whsec_' + 'p'.repeat(40) });
  stripe = await bed.commerce({ payments: stripeMockPayments() });
  local = await bed.commerce({ payments: localPayments });
}, 60_000);
afterAll(() => bed?.close());

const send = (event: object) => {
  const payload = JSON.stringify(event);
  return bed.stripeWebhook(stripe, payload, stripe.signer.sign(payload));
};
const paymentsOf = async (userId: string) =>
  (await bed.outbox<SubscriptionPaidPayload>('commerce.SubscriptionPaid', 'userId', userId)).map((p) =>
    subscriptionPaidV1.payload.parse(p),
  );
const refundsOf = async (userId: string) =>
  (
    await bed.outbox<SubscriptionPaymentRefundedPayload>(
      'commerce.SubscriptionPaymentRefunded',
      'userId',
      userId,
    )
  ).map((p) => subscriptionPaymentRefundedV1.payload.parse(p));
const status = async (userId: string) =>
  (await bed.call(stripe, '/members/status', { type: 'artist' }, userId)).body as { subscribed: boolean };

/**
 * A paid (no trial) artist plan on Stripe: its session completes naming its first invoice, then that
 * invoice's invoice.paid and invoice.payment_succeeded arrive — their period a little past commerce's
 * own month from the completion (Stripe's clock ahead of ours by seconds).
 */
async function subscribe(userId: string) {
  const started = await bed.call(
    stripe,
    '/subscriptions/checkout',
    { type: 'artist', plan: 'artist_professional' },
    userId,
  );
  expect(started.status).toBe(200);
  const sessionId = started.body.sessionId as string;
  const unique = randomUUID().replace(/-/g, '');
  const ids = { subscriptionId: `sub_${unique}`, invoiceId: `in_${unique}`, chargeId: `ch_${unique}` };
  const completed = testCheckoutCompleted(sessionId, sessionId, PRICE, new Date(), 'subscription', {
    subscriptionId: ids.subscriptionId,
    trialDays: 0,
    invoiceId: ids.invoiceId,
  });
  expect((await send(completed)).body.outcome).toBe('paid');
  const firstInvoice = testInvoiceEvent('invoice.paid', ids.subscriptionId, {
    periodStart: new Date(),
    periodEnd: new Date(addMonth(new Date()).getTime() + 5_000),
    amountCents: PRICE,
    invoiceId: ids.invoiceId,
    chargeId: ids.chargeId,
  });
  expect((await send(firstInvoice)).status).toBe(200);
  await send({ ...firstInvoice, id: `evt_${randomUUID()}`, type: 'invoice.payment_succeeded' });
  return ids;
}

describe('commerce.SubscriptionPaid: one per provider payment', () => {
  it("a paid start and its first invoice's two events are one payment, keyed by the invoice", async () => {
    const ann = randomUUID();
    const { invoiceId } = await subscribe(ann);
    expect(await paymentsOf(ann)).toEqual([
      expect.objectContaining({ paymentId: invoiceId, amountCents: PRICE }),
    ]);
    expect((await status(ann)).subscribed).toBe(true);
  }, 60_000);
});

describe('commerce.SubscriptionPaymentRefunded', () => {
  it('a refund (in parts) publishes each refunded part once; the plan runs on', async () => {
    const bob = randomUUID();
    const { invoiceId, chargeId } = await subscribe(bob);
    const part = testChargeRefunded(`pi_${randomUUID()}`, {
      amountCents: PRICE,
      amountRefunded: 300,
      chargeId,
    });
    expect((await send(part)).body.outcome).toBe('paid');
    // Stripe delivers it again: nothing more.
    expect((await send(part)).body.outcome).toBe('ignored');
    const rest = testChargeRefunded(`pi_${randomUUID()}`, {
      amountCents: PRICE,
      amountRefunded: PRICE,
      chargeId,
      invoiceId,
    });
    expect((await send(rest)).body.outcome).toBe('paid');
    expect(await refundsOf(bob)).toEqual([
      expect.objectContaining({ paymentId: invoiceId, userId: bob, amountCents: 300, reason: 'refund' }),
      expect.objectContaining({
        paymentId: invoiceId,
        userId: bob,
        amountCents: PRICE - 300,
        reason: 'refund',
      }),
    ]);
    expect((await status(bob)).subscribed).toBe(true);
  }, 60_000);

  it('a chargeback publishes once and ends the plan; a later renewal does not revive it', async () => {
    const cat = randomUUID();
    const { invoiceId, chargeId, subscriptionId } = await subscribe(cat);
    const dispute = testDisputeFundsWithdrawn(chargeId, { amountCents: PRICE });
    expect((await send(dispute)).body.outcome).toBe('paid');
    expect((await send(dispute)).body.outcome).toBe('ignored');
    // The same dispute told again under another event id: one chargeback per payment.
    expect((await send({ ...dispute, id: `evt_${randomUUID()}` })).body.outcome).toBe('ignored');
    expect(await refundsOf(cat)).toEqual([
      expect.objectContaining({ paymentId: invoiceId, amountCents: PRICE, reason: 'chargeback' }),
    ]);
    expect((await status(cat)).subscribed).toBe(false);
    const entitlements = await bed.outbox<{ artistPlan: string | null }>(
      'commerce.EntitlementsChanged',
      'userId',
      cat,
    );
    expect(entitlements.at(-1)!.artistPlan).toBeNull();
    const later = testInvoiceEvent('invoice.paid', subscriptionId, {
      periodStart: addMonth(new Date()),
      periodEnd: addMonth(addMonth(new Date())),
      amountCents: PRICE,
    });
    expect((await send(later)).body.outcome).toBe('ignored');
    expect((await status(cat)).subscribed).toBe(false);
    expect(await paymentsOf(cat)).toHaveLength(1);
  }, 60_000);

  it('a dispute of an unknown charge changes nothing; an unreadable one is 400, never 500', async () => {
    const unknown = testDisputeFundsWithdrawn(`ch_${randomUUID()}`, { amountCents: 500 });
    const ignored = await send(unknown);
    expect(ignored.status).toBe(200);
    expect(ignored.body.outcome).toBe('ignored');
    const noAmount = { ...unknown, id: `evt_${randomUUID()}`, data: { object: { charge: 'ch_1' } } };
    const refused = await send(noAmount);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('WEBHOOK_MALFORMED');
  }, 60_000);
});

describe("the local test provider (the embedded profile's payments)", () => {
  it("its session's payment is the subscription's; a later invoice charged back ends the plan and cancels the subscription", async () => {
    const dan = randomUUID();
    const started = await bed.call(local, '/subscriptions/checkout', { type: 'artist', plan: 'artist' }, dan);
    const sessionId = started.body.sessionId as string;
    const pay = { sessionId, cardNumber: '4242424242424242' };
    expect((await bed.call(local, '/checkout/test-pay', pay, dan)).body.redirect_status).toBe('succeeded');
    const reference = testSubscriptionId(sessionId);
    const next = addMonth(new Date());
    const chargeId = `ch_${randomUUID()}`;
    const renewal = testInvoiceEvent('invoice.paid', reference, {
      periodStart: next,
      periodEnd: addMonth(next),
      amountCents: PLAN_PRICES_CENTS.artist,
      invoiceId: `in_${randomUUID()}`,
      chargeId,
    });
    const signed = JSON.stringify(renewal);
    expect((await bed.stripeWebhook(local, signed, local.signer.sign(signed))).body.outcome).toBe('paid');
    expect((await paymentsOf(dan)).map((p) => p.paymentId)).toEqual([reference, renewal.data.object.id]);

    const dispute = JSON.stringify(
      testDisputeFundsWithdrawn(chargeId, { amountCents: PLAN_PRICES_CENTS.artist }),
    );
    expect((await bed.stripeWebhook(local, dispute, local.signer.sign(dispute))).body.outcome).toBe('paid');
    expect(await refundsOf(dan)).toEqual([
      expect.objectContaining({ paymentId: renewal.data.object.id, reason: 'chargeback' }),
    ]);
    expect(localPayments.cancelledSubscriptions).toContain(reference);
    const mine = await bed.call(local, '/members/status', { type: 'artist' }, dan);
    expect(mine.body.subscribed).toBe(false);
  }, 60_000);
});
