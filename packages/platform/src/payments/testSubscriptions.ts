import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  PAYPAL_WEBHOOK_HEADERS,
  SubscriptionProviderError,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type ProviderSubscription,
  type SubscriptionPaymentsPort,
  type SubscriptionWebhookEvent,
} from './subscriptionPort';

/** The algorithm name the local providers put in PAYPAL-AUTH-ALGO (PayPal's own is SHA256withRSA). */
export const LOCAL_WEBHOOK_ALGO = 'HMACSHA256';

/**
 * The string a local provider signs, laid out as PayPal's: transmission id | time | webhook id | a
 * digest of the body (PayPal: CRC32 of the body, signed with its certificate's key; here HMAC-SHA256
 * with a secret only the provider and its verifier share).
 */
export function localWebhookSignature(
  secret: string,
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string,
): string {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  return createHmac('sha256', secret)
    .update(`${transmissionId}|${transmissionTime}|${webhookId}|${digest}`)
    .digest('base64');
}

/**
 * The embedded profile's subscription provider (no PayPal credentials): a subscription is active the
 * moment it is created (as the test payment provider's payments succeed at once), its "approve page"
 * is the return URL itself with PayPal's query (subscription_id, ba_token): being this app's own
 * address, the plan page shows PayPal's approval step there before it goes on (frontends/common's
 * PaypalApprovalDialog). Request ids behave as PayPal-Request-Id. Webhooks it signs (signWebhook)
 * verify; anything else does not.
 */
export class TestSubscriptionProvider implements SubscriptionPaymentsPort {
  readonly provider = 'test' as const;
  private readonly subscriptions = new Map<string, ProviderSubscription>();
  private readonly byRequestId = new Map<string, CreatedSubscription>();
  private readonly webhookId = 'WH-TEST';

  constructor(private readonly secret: string = randomBytes(32).toString('hex')) {
    if (!secret) throw new Error('The test subscription provider needs a webhook secret');
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    const known = this.byRequestId.get(input.requestId);
    if (known) return known;
    const subscriptionId = `I-TEST${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
    const now = new Date();
    const next = new Date(now.getTime());
    next.setUTCMonth(next.getUTCMonth() + 1);
    this.subscriptions.set(subscriptionId, {
      subscriptionId,
      status: 'ACTIVE',
      planId: input.planId,
      customId: input.customId,
      nextBillingTime: next.toISOString(),
      lastPayment: null,
    });
    const url = new URL(input.returnUrl);
    url.searchParams.set('subscription_id', subscriptionId);
    url.searchParams.set('ba_token', `BA-TEST${subscriptionId.slice(6)}`);
    const created = { subscriptionId, status: 'APPROVAL_PENDING' as const, approveUrl: url.toString() };
    this.byRequestId.set(input.requestId, created);
    return created;
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const found = this.subscriptions.get(subscriptionId);
    if (!found)
      throw new SubscriptionProviderError(
        `No such subscription: '${subscriptionId}'`,
        404,
        'RESOURCE_NOT_FOUND',
      );
    return { ...found };
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    const found = await this.getSubscription(subscriptionId);
    if (found.status === 'CANCELLED')
      throw new SubscriptionProviderError(
        'The subscription is cancelled already',
        422,
        'UNPROCESSABLE_ENTITY',
      );
    this.subscriptions.set(subscriptionId, { ...found, status: 'CANCELLED' });
  }

  async verifyWebhook(
    headers: Record<string, string | undefined>,
    rawBody: Buffer | string,
  ): Promise<SubscriptionWebhookEvent | null> {
    const text = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
    const h = PAYPAL_WEBHOOK_HEADERS;
    const id = headers[h.transmissionId];
    const time = headers[h.transmissionTime];
    const sig = headers[h.transmissionSig];
    if (!id || !time || !sig || headers[h.authAlgo] !== LOCAL_WEBHOOK_ALGO) return null;
    const expected = Buffer.from(localWebhookSignature(this.secret, id, time, this.webhookId, text));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const event = JSON.parse(text) as SubscriptionWebhookEvent;
      return typeof event?.id === 'string' ? event : null;
    } catch {
      return null;
    }
  }

  /** The transmission headers of a delivery of this body (tests and tools, as PayPal would send them). */
  signWebhook(rawBody: string): Record<string, string> {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    return {
      [PAYPAL_WEBHOOK_HEADERS.authAlgo]: LOCAL_WEBHOOK_ALGO,
      [PAYPAL_WEBHOOK_HEADERS.certUrl]: 'local:test-subscription-provider',
      [PAYPAL_WEBHOOK_HEADERS.transmissionId]: transmissionId,
      [PAYPAL_WEBHOOK_HEADERS.transmissionTime]: transmissionTime,
      [PAYPAL_WEBHOOK_HEADERS.transmissionSig]: localWebhookSignature(
        this.secret,
        transmissionId,
        transmissionTime,
        this.webhookId,
        rawBody,
      ),
    };
  }
}
