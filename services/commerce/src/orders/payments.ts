import Stripe from 'stripe';

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
    private readonly toleranceSeconds = 300,
  ) {
    if (!secret)
      throw new Error('The webhook secret is empty: set STRIPE_WEBHOOK_SECRET or COMMERCE_WEBHOOK_SECRET');
    // Only the webhook helpers are used (no network): any key works when Stripe is not configured.
    this.stripe = new Stripe(stripeSecretKey ?? 'sk_test_webhooks_only', { telemetry: false });
  }

  /** The verified event, or a throw (bad or missing signature, stale timestamp, not JSON). */
  verify(rawBody: Buffer | string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('missing signature');
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
