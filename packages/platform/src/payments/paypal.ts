import {
  decimalToCents,
  PAYPAL_WEBHOOK_HEADERS,
  SubscriptionProviderError,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type ProviderSubscription,
  type SubscriptionPaymentsPort,
  type SubscriptionStatus,
  type SubscriptionWebhookEvent,
} from './subscriptionPort';

export interface PaypalSettings {
  /** PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET: the REST app's credentials. */
  clientId: string;
  clientSecret: string;
  /** PAYPAL_API_BASE: https://api-m.sandbox.paypal.com (default), https://api-m.paypal.com, or a local server. */
  apiBase?: string;
  /** PAYPAL_WEBHOOK_ID: the id of the webhook this app registered (verification names it). */
  webhookId: string;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  /** Milliseconds; a slower provider call fails (and the caller may retry). */
  timeoutMs?: number;
}

interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

interface PaypalSubscriptionBody {
  id: string;
  status: SubscriptionStatus;
  plan_id?: string;
  custom_id?: string;
  links?: PaypalLink[];
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { amount?: { currency_code: string; value: string }; time?: string };
  };
}

/**
 * The subscription-payment port on PayPal's REST API (Subscriptions v1), through fetch: an OAuth2
 * client-credentials token (cached until shortly before it expires), create / show / cancel a
 * subscription, and webhook verification by PayPal's own verify-webhook-signature call.
 */
export class PaypalSubscriptions implements SubscriptionPaymentsPort {
  readonly provider = 'paypal' as const;
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: PaypalSettings) {
    if (!settings.clientId || !settings.clientSecret)
      throw new Error('PayPal credentials are empty: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
    if (!settings.webhookId) throw new Error('PAYPAL_WEBHOOK_ID is empty: webhooks could not be verified');
    this.base = (settings.apiBase ?? 'https://api-m.sandbox.paypal.com').replace(/\/$/, '');
    this.fetch = settings.fetch ?? fetch;
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    const body = await this.call<PaypalSubscriptionBody>('POST', '/v1/billing/subscriptions', {
      headers: { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
      body: {
        plan_id: input.planId,
        custom_id: input.customId,
        subscriber: {
          email_address: input.subscriber.email,
          ...(input.subscriber.givenName || input.subscriber.surname
            ? {
                name: {
                  ...(input.subscriber.givenName ? { given_name: input.subscriber.givenName } : {}),
                  ...(input.subscriber.surname ? { surname: input.subscriber.surname } : {}),
                },
              }
            : {}),
        },
        application_context: {
          ...(input.brandName ? { brand_name: input.brandName } : {}),
          shipping_preference: 'NO_SHIPPING',
          user_action: 'SUBSCRIBE_NOW',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      },
    });
    const approve = body.links?.find((link) => link.rel === 'approve');
    if (!body.id || !approve)
      throw new SubscriptionProviderError('PayPal answered a subscription without an approve link', 502);
    return { subscriptionId: body.id, status: body.status, approveUrl: approve.href };
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const body = await this.call<PaypalSubscriptionBody>(
      'GET',
      `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
    );
    const last = body.billing_info?.last_payment;
    return {
      subscriptionId: body.id,
      status: body.status,
      planId: body.plan_id ?? '',
      customId: body.custom_id ?? null,
      nextBillingTime: body.billing_info?.next_billing_time ?? null,
      lastPayment: last?.amount
        ? {
            amountCents: decimalToCents(last.amount.value),
            currency: last.amount.currency_code,
            time: last.time ?? '',
          }
        : null,
    };
  }

  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
      body: { reason: reason.slice(0, 127) },
    });
  }

  async verifyWebhook(
    headers: Record<string, string | undefined>,
    rawBody: Buffer | string,
  ): Promise<SubscriptionWebhookEvent | null> {
    const text = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
    const h = PAYPAL_WEBHOOK_HEADERS;
    const fields = {
      auth_algo: headers[h.authAlgo],
      cert_url: headers[h.certUrl],
      transmission_id: headers[h.transmissionId],
      transmission_sig: headers[h.transmissionSig],
      transmission_time: headers[h.transmissionTime],
    };
    if (Object.values(fields).some((value) => !value)) return null;
    let event: SubscriptionWebhookEvent;
    try {
      event = JSON.parse(text) as SubscriptionWebhookEvent;
    } catch {
      return null;
    }
    if (typeof event !== 'object' || event === null || typeof event.id !== 'string') return null;
    // The event goes back byte for byte as it came (a re-serialised copy may not verify).
    const prefix = JSON.stringify({ ...fields, webhook_id: this.settings.webhookId });
    const payload = `${prefix.slice(0, -1)},"webhook_event":${text}}`;
    const answer = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      { rawBody: payload },
    );
    return answer.verification_status === 'SUCCESS' ? event : null;
  }

  /** An access token (OAuth2 client credentials), fetched again a minute before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await this.send(`${this.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token)
      throw new SubscriptionProviderError(
        `PayPal refused the credentials: ${body.error_description ?? response.status}`,
        response.status,
        'AUTHENTICATION_FAILURE',
      );
    const lifetimeMs = Math.max(0, ((body.expires_in ?? 0) - 60) * 1000);
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs };
    return body.access_token;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
    retried = false,
  ): Promise<T> {
    const token = await this.accessToken();
    const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
    const response = await this.send(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { body } : {}),
    });
    // An expired or revoked token: once more with a fresh one.
    if (response.status === 401 && !retried) {
      this.token = null;
      return this.call<T>(method, path, options, true);
    }
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    if (!response.ok) {
      const error = parsed as { name?: string; message?: string };
      throw new SubscriptionProviderError(
        `PayPal ${method} ${path}: ${response.status} ${error.name ?? ''} ${error.message ?? ''}`.trim(),
        response.status,
        error.name ?? null,
      );
    }
    return parsed as T;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new SubscriptionProviderError(`PayPal could not be reached: ${(error as Error).message}`, 0);
    }
  }
}
