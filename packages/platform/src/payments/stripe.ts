import Stripe from 'stripe';
import {
  assertAmountCents,
  checkoutTotalCents,
  type CheckoutSession,
  type CreateCheckoutInput,
  type CreateCustomerInput,
  type CreatePaymentIntentInput,
  type CreatePortalSessionInput,
  type PaymentIntent,
  type PaymentsPort,
  type RefundPaymentInput,
  PaymentInputError,
} from './port';

export interface StripeSettings {
  /** STRIPE_SECRET_KEY (sk_test_... against stripe-mock). */
  secretKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:12111 for stripe-mock; Stripe's own API when unset. */
  apiBase?: string;
  maxNetworkRetries?: number;
}

/** A Stripe client for our settings; STRIPE_API_BASE redirects it (stripe-mock in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'beatmatch' },
  };
  if (settings.apiBase) {
    const base = new URL(settings.apiBase);
    Object.assign(config, {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    });
  }
  return new Stripe(settings.secretKey, config);
}

/** The payments port on Stripe through the stripe npm client. */
export class StripePayments implements PaymentsPort {
  readonly provider = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { userId: input.userId } },
      { idempotencyKey: `customer-${input.userId}` },
    );
    return { customerId: customer.id };
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    const total = checkoutTotalCents(input.lineItems);
    const recurring = input.recurring;
    const trialDays = recurring?.trialDays ?? 0;
    if (recurring && (!Number.isSafeInteger(trialDays) || trialDays < 0))
      throw new PaymentInputError(`trial days must be a whole number of days, got ${trialDays}`);
    const session = await this.stripe.checkout.sessions.create(
      {
        // A plan is a Stripe subscription (billed again each month: invoice.* webhooks); carts and the
        // lifetime membership are one payment.
        mode: recurring ? 'subscription' : 'payment',
        customer: input.customerId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        line_items: input.lineItems.map((item) => ({
          quantity: item.quantity,
          price_data: {
            currency: input.currency,
            unit_amount: item.unitAmountCents,
            product_data: { name: item.name },
            ...(recurring ? { recurring: { interval: recurring.interval } } : {}),
          },
        })),
        ...(input.metadata ? { metadata: input.metadata } : {}),
        ...(recurring
          ? {
              subscription_data: {
                ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
                // Kept on the subscription too, so its invoices can be traced without the session.
                ...(input.metadata ? { metadata: input.metadata } : {}),
              },
            }
          : {}),
      },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
    return {
      sessionId: session.id,
      url: session.url ?? '',
      // Our total is authoritative (fees are computed on the server only); Stripe's is kept when present.
      amountTotalCents: session.amount_total ?? total,
      currency: session.currency ?? input.currency,
    };
  }

  /** A Stripe Billing Portal session for the customer (cancel, payment method, invoices). */
  async createPortalSession(input: CreatePortalSessionInput): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  /** A Stripe refund of the payment intent (charge.refunded follows as a webhook). */
  async refundPayment(input: RefundPaymentInput): Promise<{ refundId: string }> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: input.paymentRef,
        amount: assertAmountCents(input.amountCents),
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  /** Cancels the subscription now (a trialing one has charged nothing: nothing to refund). */
  async cancelSubscription(subscriptionRef: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionRef);
    if (subscription.status === 'canceled') return;
    await this.stripe.subscriptions.cancel(subscriptionRef, { prorate: false, invoice_now: false });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    assertAmountCents(input.amountCents);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        customer: input.customerId,
        automatic_payment_methods: { enabled: true },
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
    return {
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret ?? '',
      amountCents: intent.amount,
      currency: intent.currency,
      status: intent.status,
    };
  }
}
