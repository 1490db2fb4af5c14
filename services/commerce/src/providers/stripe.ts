import Stripe from 'stripe';
import type { ProviderEvent, SessionPayment } from './providerEvent';

/** How far a webhook's signed time may be from ours (Stripe's default; PayPal's deliveries too). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Webhook signatures (Stripe's scheme: `Stripe-Signature: t=…,v1=HMAC-SHA256(t.body)`), for both the
 * Stripe adapter and the local test provider, whose pay step signs its events with the same secret
 * and hands them to the same handler as the webhook route: nothing becomes a purchase unverified.
 */
export class WebhookSigner {
  private readonly stripe: Stripe;

  constructor(
    private readonly secret: string,
    stripeSecretKey?: string,
    private readonly toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  ) {
    if (!secret)
      throw new Error('The webhook secret is empty: set STRIPE_WEBHOOK_SECRET or COMMERCE_WEBHOOK_SECRET');
    // Only the webhook helpers are used (no network): any key works when Stripe is not configured.
    this.stripe = new Stripe(stripeSecretKey ?? 'sk_test_webhooks_only', { telemetry: false });
  }

  /**
   * The verified event, or a throw (bad or missing signature, a timestamp older or — Stripe's helper
   * checks only the past — further in the future than the tolerance, not JSON).
   */
  verify(rawBody: Buffer | string, signature: string | undefined, now = new Date()): Stripe.Event {
    if (!signature) throw new Error('missing signature');
    const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (timestamp > now.getTime() / 1000 + this.toleranceSeconds)
      throw new Error('timestamp in the future beyond the tolerance');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.secret, this.toleranceSeconds);
  }

  /** A signature header for a payload (the test provider's webhooks; tests). */
  sign(payload: string, timestamp?: number): string {
    return this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.secret,
      ...(timestamp !== undefined ? { timestamp } : {}),
    });
  }
}

/** The fields of a Stripe invoice commerce reads (older and newer API versions place `subscription` apart). */
interface InvoiceFields {
  id?: string;
  /** The charge and payment intent that paid it (API versions before 2025-03; later ones list payments). */
  charge?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  payments?: { data?: Array<{ payment?: { charge?: RefField; payment_intent?: RefField } | null }> } | null;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  amount_paid?: number;
  period_end?: number;
  lines?: { data?: Array<{ period?: { end?: number } }> };
}

type RefField = string | { id: string } | null | undefined;

/** The fields of a Stripe charge commerce reads. */
interface ChargeFields {
  id?: string;
  payment_intent?: string | { id: string } | null;
  /** The invoice it paid (a plan's payment; API versions before 2025-03). */
  invoice?: string | { id: string } | null;
  amount_refunded?: number;
  refunds?: { data?: Array<{ metadata?: Record<string, string> | null }> } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const SESSION_STAGES: Record<string, 'completed' | 'paidLater' | 'expired' | 'paymentFailed'> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'paidLater',
  'checkout.session.expired': 'expired',
  'checkout.session.async_payment_failed': 'paymentFailed',
};

const PAYMENTS: Record<string, SessionPayment> = { paid: 'paid', no_payment_required: 'nothing_due' };

/** Stripe's `created`, seconds since the epoch. */
const createdAt = (event: Pick<Stripe.Event, 'created'>) =>
  Number.isFinite(event.created) ? new Date(event.created * 1000) : null;

function fromSession(type: string, session: Stripe.Checkout.Session, occurredAt: Date | null): ProviderEvent {
  return {
    kind: 'checkoutSession',
    sessionId: session.id,
    stage: SESSION_STAGES[type] ?? 'other',
    providerType: type,
    payment: PAYMENTS[session.payment_status] ?? 'unpaid',
    paymentRef: typeof session.payment_intent === 'string' ? session.payment_intent : null,
    subscriptionRef: idOf(session.subscription),
    invoiceRef: idOf(session.invoice),
    amountCents: session.amount_total ?? null,
    occurredAt,
  };
}

function fromInvoice(event: Stripe.Event): ProviderEvent {
  const invoice = event.data.object as unknown as InvoiceFields;
  const reference = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
  const occurredAt = createdAt(event);
  if (event.type === 'invoice.payment_failed')
    return { kind: 'renewalFailed', eventId: event.id, reference, occurredAt };
  const end = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
  const paidWith = (invoice.payments?.data ?? []).flatMap(({ payment }) => [
    idOf(payment?.charge),
    idOf(payment?.payment_intent),
  ]);
  return {
    kind: 'renewalPaid',
    eventId: event.id,
    paymentId: invoice.id ?? null,
    chargeRefs: [idOf(invoice.charge), idOf(invoice.payment_intent), ...paidWith].filter(
      (ref): ref is string => !!ref,
    ),
    reference,
    periodEndsAt: end === undefined ? null : new Date(end * 1000),
    amountCents: invoice.amount_paid ?? 0,
    occurredAt,
  };
}

/** A refund names its purchases in its metadata (`purchaseIds`, comma-separated), if it is for some. */
function fromCharge(event: Stripe.Event): ProviderEvent {
  const charge = event.data.object as unknown as ChargeFields;
  const named = charge.refunds?.data?.[0]?.metadata?.purchaseIds;
  return {
    kind: 'refunded',
    eventId: event.id,
    chargeRef: charge.id ?? null,
    invoiceRef: idOf(charge.invoice),
    occurredAt: createdAt(event),
    paymentRef: idOf(charge.payment_intent) ?? charge.id ?? null,
    refundedTotalCents: charge.amount_refunded,
    purchaseIds: named
      ? named
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : null,
  };
}

/** A dispute's money left the account: the disputed charge is taken back (its amount, at most). */
function fromDispute(event: Stripe.Event): ProviderEvent {
  const dispute = event.data.object as unknown as {
    charge?: RefField;
    payment_intent?: RefField;
    amount: number;
  };
  return {
    kind: 'chargedBack',
    eventId: event.id,
    provider: 'stripe',
    paymentRefs: [idOf(dispute.charge), idOf(dispute.payment_intent)].filter((ref): ref is string => !!ref),
    amountCents: dispute.amount,
    occurredAt: createdAt(event),
  };
}

/**
 * A verified Stripe event (or the local test provider's, shaped the same) in commerce's own terms:
 * checkout sessions, a plan's invoices (`invoice.paid` / `invoice.payment_succeeded`: renewed;
 * `invoice.payment_failed`: failed), refunds (`charge.refunded`) and chargebacks
 * (`charge.dispute.funds_withdrawn`: a dispute opened as a mere inquiry takes no money, so it is not one).
 */
export function fromStripe(event: Stripe.Event): ProviderEvent {
  if (event.type.startsWith('checkout.session.'))
    return fromSession(event.type, event.data.object as Stripe.Checkout.Session, createdAt(event));
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return fromInvoice(event);
    case 'charge.refunded':
      return fromCharge(event);
    case 'charge.dispute.funds_withdrawn':
      return fromDispute(event);
  }
  return { kind: 'unhandled' };
}
