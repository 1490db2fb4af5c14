import { randomUUID } from 'node:crypto';

/**
 * Provider events shaped as Stripe sends them (the fields commerce reads), for the local test provider's
 * tests and tools: renewals and failed renewals of a plan (`invoice.paid`, `invoice.payment_failed`),
 * refunds (`charge.refunded`) and chargebacks (`charge.dispute.funds_withdrawn`). Sign them with the service's WebhookSigner and post them to the
 * webhook route, as the provider would.
 */
const envelope = (type: string, object: Record<string, unknown>, now: Date, id?: string) => ({
  id: id ?? `evt_test_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type,
  created: Math.floor(now.getTime() / 1000),
  api_version: '2024-06-20',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/** A plan's renewal invoice: `reference` is the plan's (the subscription, or its checkout session's id). */
export function testInvoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_succeeded' | 'invoice.payment_failed',
  reference: string,
  options: {
    periodStart: Date;
    periodEnd: Date;
    amountCents: number;
    now?: Date;
    eventId?: string;
    /** The invoice (a new one unless said) and the charge that paid it. */
    invoiceId?: string;
    chargeId?: string;
  },
) {
  const now = options.now ?? new Date();
  const paid = type !== 'invoice.payment_failed';
  return envelope(
    type,
    {
      id: options.invoiceId ?? `in_test_${randomUUID().replace(/-/g, '')}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      charge: paid ? (options.chargeId ?? null) : null,
      subscription: reference,
      status: paid ? 'paid' : 'open',
      paid,
      amount_due: options.amountCents,
      amount_paid: paid ? options.amountCents : 0,
      currency: 'usd',
      lines: {
        object: 'list',
        data: [
          {
            object: 'line_item',
            amount: options.amountCents,
            period: {
              start: Math.floor(options.periodStart.getTime() / 1000),
              end: Math.floor(options.periodEnd.getTime() / 1000),
            },
          },
        ],
      },
    },
    now,
    options.eventId,
  );
}

/**
 * A refunded charge: `paymentRef` is the order's payment (its payment intent); `amountRefunded` is the
 * charge's refunded total so far (Stripe's amount_refunded is cumulative). A refund made for some of
 * the order's purchases names them in its metadata (`purchaseIds`, comma-separated).
 */
export function testChargeRefunded(
  paymentRef: string,
  options: {
    amountCents: number;
    amountRefunded: number;
    purchaseIds?: string[];
    now?: Date;
    eventId?: string;
    /** A plan's charge: its own id and the invoice it paid. */
    chargeId?: string;
    invoiceId?: string;
  },
) {
  const now = options.now ?? new Date();
  const refundId = `re_test_${randomUUID().replace(/-/g, '')}`;
  return envelope(
    'charge.refunded',
    {
      id: options.chargeId ?? `ch_test_${paymentRef.replace(/^pi_test_/, '')}`,
      object: 'charge',
      payment_intent: paymentRef,
      invoice: options.invoiceId ?? null,
      amount: options.amountCents,
      amount_refunded: options.amountRefunded,
      refunded: options.amountRefunded >= options.amountCents,
      currency: 'usd',
      refunds: {
        object: 'list',
        data: [
          {
            id: refundId,
            object: 'refund',
            payment_intent: paymentRef,
            metadata: options.purchaseIds ? { purchaseIds: options.purchaseIds.join(',') } : {},
          },
        ],
      },
    },
    now,
    options.eventId,
  );
}

/** A dispute whose money left the account (`charge.dispute.funds_withdrawn`): the charge taken back. */
export function testDisputeFundsWithdrawn(
  chargeId: string,
  options: { amountCents: number; now?: Date; eventId?: string },
) {
  return envelope(
    'charge.dispute.funds_withdrawn',
    {
      id: `dp_test_${randomUUID().replace(/-/g, '')}`,
      object: 'dispute',
      charge: chargeId,
      payment_intent: null,
      amount: options.amountCents,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
    },
    options.now ?? new Date(),
    options.eventId,
  );
}
