import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import {
  addMonth,
  approvePage,
  oauthRoutes,
  recordRequests,
  signedDelivery,
  subscriptionRoutes,
  verifyRoute,
  view,
  type Delivery,
  type PaypalPlanDefinition,
  type PaypalState,
  type RecordedPaypalRequest,
  type StoredSubscription,
} from './paypalRoutes';

export type { Delivery, PaypalPlanDefinition, RecordedPaypalRequest } from './paypalRoutes';

/**
 * Test code: a local server speaking PayPal's documented REST contract for subscriptions, for contract
 * tests of the PayPal adapter. OAuth2 client credentials (`POST /v1/oauth2/token`, Basic auth), Bearer
 * tokens on every other call, `POST /v1/billing/subscriptions` (idempotent per PayPal-Request-Id; 201
 * with links[rel=approve]), the approve page (`GET /webapps/billing/subscriptions?ba_token=…`, which
 * activates and redirects to the return URL with subscription_id), `GET /v1/billing/subscriptions/{id}`,
 * `POST …/{id}/cancel` (204), and `POST /v1/notifications/verify-webhook-signature`. Its webhooks are
 * signed with a secret only it knows (PayPal signs with its certificate's key; the verify call is the
 * same either way), so only events it produced verify. Every request is recorded for assertions.
 */
export interface LocalPaypal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: RecordedPaypalRequest[];
  subscriptions: Map<string, StoredSubscription>;
  /** Approves a subscription as the buyer would on PayPal's page; answers where PayPal sends them. */
  approve(approveUrl: string): Promise<string>;
  /** A billing cycle paid: moves next_billing_time a month on, answers a PAYMENT.SALE.COMPLETED delivery. */
  salePaid(subscriptionId: string): Delivery;
  /** A failed payment: answers a BILLING.SUBSCRIPTION.PAYMENT.FAILED delivery. */
  paymentFailed(subscriptionId: string): Delivery;
  /** The subscription as PayPal shows it (a webhook's resource). */
  resource(subscriptionId: string): Record<string, unknown>;
  /** Any event about a subscription, signed (BILLING.SUBSCRIPTION.ACTIVATED, …CANCELLED). */
  delivery(eventType: string, resource: Record<string, unknown>, eventId?: string): Delivery;
  /** Revokes every token handed out (the adapter must fetch a new one). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startLocalPaypal(options: { plans: PaypalPlanDefinition[] }): Promise<LocalPaypal> {
  const state: PaypalState = {
    clientId: `local-client-${randomUUID()}`,
    clientSecret: randomBytes(24).toString('hex'),
    webhookId: `WH-${randomUUID().slice(0, 8).toUpperCase()}`,
    signingSecret: randomBytes(32).toString('hex'),
    plans: new Map(options.plans.map((plan) => [plan.id, plan])),
    tokens: new Set(),
    subscriptions: new Map(),
    byRequestId: new Map(),
    requests: [],
    base: '',
  };
  const app = express();
  recordRequests(app, state);
  oauthRoutes(app, state);
  approvePage(app, state);
  subscriptionRoutes(app, state);
  verifyRoute(app, state);
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { plans, subscriptions } = state;
  const delivery = (eventType: string, resource: Record<string, unknown>, eventId?: string) =>
    signedDelivery(state, eventType, resource, eventId);
  const known = (subscriptionId: string) => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    return sub;
  };

  return {
    url: state.base,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    webhookId: state.webhookId,
    requests: state.requests,
    subscriptions,
    async approve(approveUrl) {
      const response = await fetch(approveUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`approve failed: ${response.status}`);
      return location;
    },
    salePaid(subscriptionId) {
      const sub = known(subscriptionId);
      const now = new Date();
      const price = plans.get(sub.plan_id)!.price;
      sub.last_payment = { amount: { currency_code: 'USD', value: price }, time: now.toISOString() };
      sub.next_billing_time = addMonth(new Date(sub.next_billing_time ?? now)).toISOString();
      return delivery('PAYMENT.SALE.COMPLETED', {
        id: randomBytes(8).toString('hex').toUpperCase(),
        state: 'completed',
        amount: { total: price, currency: 'USD', details: { subtotal: price } },
        payment_mode: 'INSTANT_TRANSFER',
        billing_agreement_id: sub.id,
        ...(sub.custom_id ? { custom: sub.custom_id } : {}),
        create_time: now.toISOString(),
      });
    },
    paymentFailed(subscriptionId) {
      const sub = known(subscriptionId);
      return delivery('BILLING.SUBSCRIPTION.PAYMENT.FAILED', {
        ...view(state, sub),
        billing_info: { failed_payments_count: 1, next_billing_time: sub.next_billing_time },
      });
    },
    resource: (subscriptionId) => view(state, known(subscriptionId)),
    delivery,
    revokeTokens() {
      state.tokens.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
