/**
 * The payments port (commerce): customers, hosted checkout and payment intents, in integer cents
 * (ARCHITECTURE.md rule 6). Adapters: Stripe (distributed, or whenever Stripe keys are set) and a
 * built-in test provider (embedded profile).
 */
export interface CreateCustomerInput {
  /** Our user id, kept on the provider's customer for reconciliation. */
  userId: string;
  email: string;
  name?: string;
}

export interface CheckoutLineItem {
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  customerId: string;
  currency: string;
  lineItems: CheckoutLineItem[];
  successUrl: string;
  cancelUrl: string;
  /** e.g. { orderId }: comes back on the completion event. */
  metadata?: Record<string, string>;
  /** Retrying with the same key never creates a second session. */
  idempotencyKey?: string;
  /**
   * A monthly plan instead of a one-time payment: the line items are the price of each month and the
   * provider bills them again every month (Stripe: a `subscription`-mode session; its renewals come as
   * `invoice.*` events under the subscription's id). `trialDays`: the first payment is due after them.
   */
  recurring?: { interval: 'month'; trialDays?: number };
}

export interface CheckoutSession {
  sessionId: string;
  /** Where to send the buyer. */
  url: string;
  amountTotalCents: number;
  currency: string;
}

export interface CreatePaymentIntentInput {
  customerId: string;
  amountCents: number;
  currency: string;
  metadata?: Record<string, string>;
  idempotencyKey?: string;
}

export interface PaymentIntent {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** Stripe's status words: requires_payment_method, processing, succeeded, canceled, ... */
  status: string;
}

export interface CreatePortalSessionInput {
  customerId: string;
  /** Where the provider's page sends the customer back (the plan page). */
  returnUrl: string;
}

export interface RefundPaymentInput {
  /** The provider's payment (Stripe: the payment intent) to give money back from. */
  paymentRef: string;
  amountCents: number;
  /** e.g. { orderId, reason }: kept on the provider's refund. */
  metadata?: Record<string, string>;
  /** Retrying with the same key never refunds twice. */
  idempotencyKey: string;
}

export interface PaymentsPort {
  readonly provider: 'stripe' | 'test';
  createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }>;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /**
   * Where the customer manages their billing (Stripe: a Billing Portal session's URL). The test
   * provider has no such page: it answers the return URL (the plan page manages the plan itself).
   */
  createPortalSession(input: CreatePortalSessionInput): Promise<{ url: string }>;
  /** Gives (part of) a payment back to the payer; the same idempotency key refunds once. */
  refundPayment(input: RefundPaymentInput): Promise<{ refundId: string }>;
  /**
   * Ends a subscription a plan's session started, at once and with nothing more charged (Stripe:
   * subscriptions.cancel, no proration; one already cancelled counts as done, so it may be asked again).
   */
  cancelSubscription(subscriptionRef: string): Promise<void>;
}

export class PaymentInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentInputError';
  }
}

/** Money is integer cents, always positive; checked before any provider sees it. */
export function assertAmountCents(amountCents: number, what = 'amount'): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentInputError(`${what} must be a positive whole number of cents, got ${amountCents}`);
  }
  return amountCents;
}

export function checkoutTotalCents(lineItems: CheckoutLineItem[]): number {
  if (lineItems.length === 0) throw new PaymentInputError('a checkout needs at least one line item');
  return lineItems.reduce((total, item) => {
    assertAmountCents(item.unitAmountCents, `price of ${item.name}`);
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0)
      throw new PaymentInputError(`quantity of ${item.name} must be a positive whole number`);
    return total + item.unitAmountCents * item.quantity;
  }, 0);
}
