/*
 * A payment provider's event as commerce's domain sees it: our own shape, whoever sent it. The
 * adapters (./stripe.ts, ./paypal.ts) turn the providers' payloads into these; ./dispatcher.ts turns
 * each into the domain command it means. No provider's types reach past the adapters.
 */

/** Where a checkout session's payment stands: paid, nothing due yet (a plan on trial), or not paid. */
export type SessionPayment = 'paid' | 'nothing_due' | 'unpaid';

/** A hosted payment session (an order, a monthly plan or the lifetime membership) moved on. */
export interface CheckoutSessionSettled {
  kind: 'checkoutSession';
  sessionId: string;
  /** completed, or paid later (a delayed method), expired, or that later payment failed. */
  stage: 'completed' | 'paidLater' | 'expired' | 'paymentFailed' | 'other';
  /** The provider's own name for the event: logs, and the reason an order's payment failed. */
  providerType: string;
  payment: SessionPayment;
  /** The provider's payment (null: the session stands for it). */
  paymentRef: string | null;
  /** A plan's subscription at the provider (null: billed under the session). */
  subscriptionRef: string | null;
  /** A plan's first invoice, the payment the session took (null: none, or not said). */
  invoiceRef: string | null;
  /** What was charged, integer cents (null: the provider did not say). */
  amountCents: number | null;
  /** When the provider says it happened (its event's time): an older event never undoes newer news. */
  occurredAt: Date | null;
}

/** A payment of an order given back, in part or whole. */
export interface PaymentRefunded {
  kind: 'refunded';
  eventId: string;
  paymentRef: string | null;
  /** The payment's refunded total so far (cumulative); undefined: the provider did not say. */
  refundedTotalCents: number | undefined;
  /** The purchases the refund is for; null: every purchase not refunded yet. */
  purchaseIds: string[] | null;
  /** The refunded charge's own id and its invoice (a plan's payment), when the provider says them. */
  chargeRef: string | null;
  invoiceRef: string | null;
  occurredAt: Date | null;
}

/**
 * A payment taken back through the bank (a chargeback): the disputed charge's money left the
 * account. `amountCents`: how much was taken back.
 */
export interface PaymentChargedBack {
  kind: 'chargedBack';
  eventId: string;
  /** Who took the payment (the plan's billing there is stopped). */
  provider: 'stripe' | 'paypal';
  /** The provider's refs of the payment (its charge, payment intent or sale): any one names it. */
  paymentRefs: string[];
  amountCents: number;
  occurredAt: Date | null;
}

/** A plan's payment given back by the provider's refund of it (PayPal's: one refund per event). */
export interface PlanPaymentRefundedAtProvider {
  kind: 'planPaymentRefunded';
  eventId: string;
  paymentRefs: string[];
  /** What this refund gave back, integer cents. */
  amountCents: number;
  occurredAt: Date | null;
}

/** A plan's renewal was paid: its period runs to `periodEndsAt` (null: the provider did not say). */
export interface RenewalPaid {
  kind: 'renewalPaid';
  eventId: string;
  /** The provider's payment (Stripe's invoice): one payment, however many events tell of it. */
  paymentId: string | null;
  /** Other refs a refund or chargeback of it may name (its charge, payment intent). */
  chargeRefs: string[];
  reference: string | null;
  periodEndsAt: Date | null;
  amountCents: number;
  occurredAt: Date | null;
}

/** A plan's renewal payment failed: the plan ends at once. */
export interface RenewalFailed {
  kind: 'renewalFailed';
  eventId: string;
  reference: string | null;
  occurredAt: Date | null;
}

/** A provider-billed subscription (PayPal's) was activated after the member approved it. */
export interface SubscriptionActivated {
  kind: 'subscriptionActivated';
  reference: string | null;
  /** The provider's plan it runs on, when the event names it. */
  providerPlanId: string | null;
}

/** A billing cycle of a provider-billed subscription (PayPal's) was paid, the first one too. */
export interface SubscriptionPaymentCompleted {
  kind: 'subscriptionPaymentCompleted';
  eventId: string;
  /** The provider's payment (PayPal's sale id): its refunds name it. */
  paymentId: string | null;
  reference: string | null;
  amountCents: number | null;
  /** When it was paid (null: now). */
  paidAt: string | null;
}

/** The provider ended a subscription (cancelled or expired there). */
export interface SubscriptionCancelled {
  kind: 'subscriptionCancelled';
  reference: string | null;
}

export type ProviderEvent =
  | CheckoutSessionSettled
  | PaymentRefunded
  | PaymentChargedBack
  | PlanPaymentRefundedAtProvider
  | RenewalPaid
  | RenewalFailed
  | SubscriptionActivated
  | SubscriptionPaymentCompleted
  | SubscriptionCancelled
  | { kind: 'unhandled' };

/** What an event did to the domain; each provider's webhook answers it in its own words. */
export type ProviderEventOutcome =
  | 'orderPaid'
  | 'orderPaymentFailed'
  | 'purchasesRefunded'
  | 'planStarted'
  | 'lifetimeBought'
  | 'planRenewed'
  | 'renewalFailed'
  | 'planCancelled'
  | 'planPaymentRefunded'
  | 'ignored';
