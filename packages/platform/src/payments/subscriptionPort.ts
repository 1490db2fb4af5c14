/**
 * The subscription-payment port (commerce's createPaypalSubscription): a provider-billed monthly plan
 * the buyer approves on the provider's page, then renewed, failed or cancelled by the provider's
 * verified webhooks. Adapters: PayPal's REST API (paypal.ts; whenever PAYPAL_CLIENT_ID is set) and a
 * local test provider (testSubscriptions.ts; the embedded profile without PayPal credentials).
 */
export interface CreateSubscriptionInput {
  /** The provider's plan id (PayPal: P-…), from configuration. */
  planId: string;
  /** Our reference (the member's user id): comes back on the subscription as custom_id. */
  customId: string;
  subscriber: { email: string; givenName?: string; surname?: string };
  /** Where the provider sends the buyer after approving / cancelling on its page. */
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
  /** Retrying with the same id never creates a second subscription (PayPal-Request-Id). */
  requestId: string;
}

/** PayPal's subscription statuses. */
export type SubscriptionStatus =
  'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface ProviderSubscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  planId: string;
  customId: string | null;
  /** When the next payment is due (the end of the paid period), if the provider says. */
  nextBillingTime: string | null;
  /** The last payment, in integer cents. */
  lastPayment: { amountCents: number; currency: string; time: string } | null;
}

export interface CreatedSubscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  /** Where to send the buyer to approve the subscription (links[rel=approve]). */
  approveUrl: string;
}

/** A webhook event as PayPal sends it (the fields commerce reads). */
export interface SubscriptionWebhookEvent {
  id: string;
  event_type: string;
  create_time?: string;
  resource_type?: string;
  resource: Record<string, unknown>;
}

export interface SubscriptionPaymentsPort {
  readonly provider: 'paypal' | 'test';
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  /**
   * The event when the webhook's transmission headers verify for these exact body bytes (PayPal: its
   * verify-webhook-signature call), else null. Never trust a body that did not verify.
   */
  verifyWebhook(
    headers: Record<string, string | undefined>,
    rawBody: Buffer | string,
  ): Promise<SubscriptionWebhookEvent | null>;
}

/** The transmission headers PayPal signs a webhook delivery with (lower case, as Node reads them). */
export const PAYPAL_WEBHOOK_HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

export class SubscriptionProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status (0: it could not be reached). */
    readonly status: number,
    /** The provider's error name (PayPal: RESOURCE_NOT_FOUND, UNPROCESSABLE_ENTITY, …). */
    readonly issue: string | null = null,
  ) {
    super(message);
    this.name = 'SubscriptionProviderError';
  }
}

/** "8.00" (PayPal's decimal strings) → 800 cents, without floating point. */
export function decimalToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new SubscriptionProviderError(`not an amount: '${value}'`, 0);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
