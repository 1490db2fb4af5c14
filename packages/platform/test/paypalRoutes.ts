import { randomBytes, randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { LOCAL_WEBHOOK_ALGO, localWebhookSignature } from '../src/payments/testSubscriptions';
import { PAYPAL_WEBHOOK_HEADERS, type SubscriptionStatus } from '../src/payments/subscriptionPort';

/** PayPal's REST contract for subscriptions as the local server (paypalServer.ts) keeps and answers it. */
export interface PaypalPlanDefinition {
  id: string;
  /** Price per month, PayPal's decimal string ("8.00"). */
  price: string;
}

export interface StoredSubscription {
  id: string;
  status: SubscriptionStatus;
  plan_id: string;
  custom_id?: string;
  subscriber: unknown;
  return_url: string;
  cancel_url: string;
  ba_token: string;
  create_time: string;
  next_billing_time: string | null;
  last_payment: { amount: { currency_code: string; value: string }; time: string } | null;
  cancel_reason?: string;
}

export interface RecordedPaypalRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

export const addMonth = (from: Date) => {
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/** The server's memory: credentials, plans, tokens handed out, subscriptions, recorded requests. */
export interface PaypalState {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  signingSecret: string;
  plans: Map<string, PaypalPlanDefinition>;
  tokens: Set<string>;
  subscriptions: Map<string, StoredSubscription>;
  byRequestId: Map<string, unknown>;
  requests: RecordedPaypalRequest[];
  base: string;
}

export const parsed = (req: Request) =>
  (req as Request & { parsed: unknown }).parsed as Record<string, unknown>;
export const error = (res: Response, status: number, name: string, message: string) =>
  res.status(status).json({ name, message, debug_id: randomBytes(6).toString('hex'), details: [] });

/** Every request is recorded (JSON bodies parsed) for the tests' assertions. */
export function recordRequests(app: express.Express, state: PaypalState) {
  app.use(express.text({ type: () => true, limit: '1mb' }));
  app.use((req, _res, next) => {
    let body: unknown = req.body;
    if (typeof req.body === 'string' && req.is('application/json')) {
      try {
        body = JSON.parse(req.body);
      } catch {
        body = req.body;
      }
    }
    state.requests.push({ method: req.method, path: req.path, headers: { ...req.headers }, body });
    (req as Request & { parsed: unknown }).parsed = body;
    next();
  });
}

/** OAuth2 client credentials; every /v1 call then needs one of the tokens handed out. */
export function oauthRoutes(app: express.Express, state: PaypalState) {
  app.post('/v1/oauth2/token', (req, res) => {
    const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`;
    if (req.header('authorization') !== expected) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    if (!req.is('application/x-www-form-urlencoded') || form.get('grant_type') !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    const token = `A21AA${randomBytes(24).toString('hex')}`;
    state.tokens.add(token);
    res.json({
      scope: 'https://uri.paypal.com/services/subscriptions',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-LOCAL',
      expires_in: 32400,
      nonce: randomUUID(),
    });
  });

  const bearer = (req: Request, res: Response, next: NextFunction) => {
    const match = /^Bearer (.+)$/.exec(req.header('authorization') ?? '');
    if (!match || !state.tokens.has(match[1]!)) {
      res
        .status(401)
        .json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    next();
  };
  app.use('/v1', bearer);
}

/** The approve page (PayPal's, outside the REST API): the buyer approves, PayPal sends them back. */
export function approvePage(app: express.Express, state: PaypalState) {
  app.get('/webapps/billing/subscriptions', (req, res) => {
    const token = String(req.query.ba_token ?? '');
    const sub = [...state.subscriptions.values()].find((candidate) => candidate.ba_token === token);
    if (!sub) {
      res.status(404).send('Unknown approval token');
      return;
    }
    if (sub.status === 'APPROVAL_PENDING') {
      sub.status = 'ACTIVE';
      const now = new Date();
      const plan = state.plans.get(sub.plan_id)!;
      sub.last_payment = { amount: { currency_code: 'USD', value: plan.price }, time: now.toISOString() };
      sub.next_billing_time = addMonth(now).toISOString();
    }
    const back = new URL(sub.return_url);
    back.searchParams.set('subscription_id', sub.id);
    back.searchParams.set('ba_token', sub.ba_token);
    back.searchParams.set('token', sub.ba_token.replace(/^BA-/, 'EC-'));
    res.redirect(302, back.toString());
  });
}

/** A subscription as PayPal's REST API shows it. */
export function view(state: PaypalState, sub: StoredSubscription) {
  return {
    id: sub.id,
    plan_id: sub.plan_id,
    status: sub.status,
    ...(sub.custom_id ? { custom_id: sub.custom_id } : {}),
    subscriber: sub.subscriber,
    create_time: sub.create_time,
    billing_info:
      sub.status === 'APPROVAL_PENDING'
        ? undefined
        : {
            ...(sub.next_billing_time ? { next_billing_time: sub.next_billing_time } : {}),
            ...(sub.last_payment ? { last_payment: sub.last_payment } : {}),
            failed_payments_count: 0,
          },
    links: [
      ...(sub.status === 'APPROVAL_PENDING'
        ? [
            {
              href: `${state.base}/webapps/billing/subscriptions?ba_token=${sub.ba_token}`,
              rel: 'approve',
              method: 'GET',
            },
          ]
        : []),
      { href: `${state.base}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' },
    ],
  };
}

export function subscriptionRoutes(app: express.Express, state: PaypalState) {
  app.post('/v1/billing/subscriptions', (req, res) => {
    const requestId = req.header('paypal-request-id');
    if (requestId && state.byRequestId.has(requestId)) {
      res.status(201).json(state.byRequestId.get(requestId));
      return;
    }
    const body = parsed(req);
    const plan = typeof body?.plan_id === 'string' ? state.plans.get(body.plan_id) : undefined;
    if (!plan) {
      error(
        res,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed: INVALID_RESOURCE_ID',
      );
      return;
    }
    const context = (body.application_context ?? {}) as Record<string, unknown>;
    if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string') {
      error(res, 400, 'INVALID_REQUEST', 'return_url and cancel_url are required');
      return;
    }
    const id = `I-${randomBytes(6).toString('hex').toUpperCase()}`;
    const sub: StoredSubscription = {
      id,
      status: 'APPROVAL_PENDING',
      plan_id: plan.id,
      ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
      subscriber: body.subscriber ?? {},
      return_url: context.return_url,
      cancel_url: context.cancel_url,
      ba_token: `BA-${randomBytes(8).toString('hex').toUpperCase()}`,
      create_time: new Date().toISOString(),
      next_billing_time: null,
      last_payment: null,
    };
    state.subscriptions.set(id, sub);
    const answer = { ...view(state, sub), status_update_time: sub.create_time };
    if (requestId) state.byRequestId.set(requestId, answer);
    res.status(201).json(answer);
  });

  app.get('/v1/billing/subscriptions/:id', (req, res) => {
    const sub = state.subscriptions.get(String(req.params.id));
    if (!sub) {
      error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      return;
    }
    res.json(view(state, sub));
  });

  app.post('/v1/billing/subscriptions/:id/cancel', (req, res) => {
    const sub = state.subscriptions.get(String(req.params.id));
    if (!sub) {
      error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      return;
    }
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') {
      error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
      return;
    }
    sub.status = 'CANCELLED';
    const reason = parsed(req)?.reason;
    if (typeof reason === 'string') sub.cancel_reason = reason;
    res.status(204).end();
  });
}

/** Verifies a delivery's signature as PayPal does: only events this server signed verify. */
export function verifyRoute(app: express.Express, state: PaypalState) {
  app.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    const body = parsed(req);
    const event = body?.webhook_event;
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time'];
    if (!event || typeof body.webhook_id !== 'string' || fields.some((f) => typeof body[f] !== 'string')) {
      error(res, 400, 'VALIDATION_ERROR', 'Invalid data provided');
      return;
    }
    const expected = localWebhookSignature(
      state.signingSecret,
      body.transmission_id as string,
      body.transmission_time as string,
      body.webhook_id,
      JSON.stringify(event),
    );
    const ok =
      body.webhook_id === state.webhookId &&
      body.auth_algo === LOCAL_WEBHOOK_ALGO &&
      body.transmission_sig === expected;
    res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });
}

/** A webhook delivery about a subscription, signed by this server. */
export function signedDelivery(
  state: PaypalState,
  eventType: string,
  resource: Record<string, unknown>,
  eventId?: string,
): Delivery {
  const event = {
    id: eventId ?? `WH-${randomBytes(10).toString('hex').toUpperCase()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: eventType.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
    event_type: eventType,
    summary: eventType,
    resource,
  };
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString();
  return {
    body,
    headers: {
      [PAYPAL_WEBHOOK_HEADERS.authAlgo]: LOCAL_WEBHOOK_ALGO,
      [PAYPAL_WEBHOOK_HEADERS.certUrl]: `${state.base}/v1/notifications/certs/local`,
      [PAYPAL_WEBHOOK_HEADERS.transmissionId]: transmissionId,
      [PAYPAL_WEBHOOK_HEADERS.transmissionTime]: transmissionTime,
      [PAYPAL_WEBHOOK_HEADERS.transmissionSig]: localWebhookSignature(
        state.signingSecret,
        transmissionId,
        transmissionTime,
        state.webhookId,
        body,
      ),
    },
  };
}
