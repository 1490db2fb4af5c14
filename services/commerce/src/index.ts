import express from 'express';
import { z } from 'zod';
import { ARTIST_PLANS, CATALOG_TOPIC, PRODUCER_PLANS } from '@beatmatch/contracts';
import {
  createServiceApp,
  defineService,
  eventStoreSchema,
  OutboxRelay,
  PostgresEventStore,
  problemHandler,
  processedEventsSchema,
  requireGatewayCaller,
  subscribeToContracts,
  type BlobStore,
  type EventBus,
  type Infrastructure,
  type InternalTokenVerifier,
  type Logger,
  PaypalSubscriptions,
  TestSubscriptionProvider,
  type SubscriptionPaymentsPort,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { beatsProjectionSchema, catalogHandlers } from './beats/projection';
import { CartService } from './cart/service';
import { cartRouter } from './cart/api';
import { checkoutRouter, webhookRoute } from './orders/checkout';
import { CommerceCheckout } from './orders/webhooks';
import { WebhookSigner } from './orders/payments';
import { ordersProjection, ordersReadModelSchema } from './orders/readModel';
import { purchasesRouter } from './purchases/api';
import { membershipProjection, membershipsSchema } from './entitlements/membership';
import { entitlementsRouter } from './entitlements/api';
import {
  startPlan,
  subscriptionSession,
  subscriptionSessionsSchema,
  subscriptionsRouter,
} from './entitlements/subscriptions';
import { lifetimeRouter, lifetimeSession, lifetimeSessionsSchema } from './entitlements/lifetime';
import {
  cancelAtPaypal,
  paypalPlanEnvVar,
  paypalPlanIds,
  paypalRouter,
  paypalSchema,
  paypalWebhookRoute,
  type PaypalPlanIds,
} from './entitlements/paypal';
import { subscribeToClaims } from './guests/claims';

export const COMMERCE_SCHEMA = 'commerce';

export interface CommerceServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  blobs: () => Promise<BlobStore>;
  payments: Infrastructure['payments'];
  /** createPaypalSubscription's provider: PayPal, or (unset) the local test provider. */
  subscriptionPayments?: SubscriptionPaymentsPort;
  /** PayPal's plan id of each plan (PAYPAL_PLAN_<PLAN>); unset: the test provider's P-TEST-<plan>. */
  paypalPlanIds?: PaypalPlanIds;
  /** The secret webhook signatures are checked with (Stripe's whsec_…, or the local provider's). */
  webhookSecret: string;
  /** Only for webhook helpers; the payments port has its own client. */
  stripeSecretKey?: string;
  publicUrl: () => string;
  clock?: () => Date;
  relayPollMs?: number;
  /** The schema of commerce's tables (tests use their own). */
  schema?: string;
  /** Consumer group and topics of the catalog projection (tests use fresh ones). */
  consumer?: string;
  topics?: string[];
  /** Consumer group and topics of guest purchase claims (identity's topic; tests use fresh ones). */
  claimsConsumer?: string;
  claimsTopics?: string[];
}

/** Composition root of commerce: event store, read models, outbox relay, the catalog projection, HTTP. */
export async function createCommerceService(options: CommerceServiceOptions) {
  const { db, bus, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const s = options.schema ?? COMMERCE_SCHEMA;
  await db.exec(
    eventStoreSchema(s) +
      beatsProjectionSchema(s) +
      ordersReadModelSchema(s) +
      membershipsSchema(s) +
      subscriptionSessionsSchema(s) +
      lifetimeSessionsSchema(s) +
      paypalSchema(s) +
      processedEventsSchema(s),
  );
  const relay = new OutboxRelay(db, s, bus, logger, { pollMs: options.relayPollMs ?? 1000 });
  const projections = [ordersProjection(s), membershipProjection(s)];
  const store = new PostgresEventStore(db, s, projections, () => void relay.kick());
  const carts = new CartService(db, s, store, clock);
  const signer = new WebhookSigner(options.webhookSecret, options.stripeSecretKey);
  const subscriptionDeps = {
    db,
    schema: s,
    store,
    payments: options.payments,
    publicUrl: options.publicUrl,
    clock,
  };
  const paypal = options.subscriptionPayments ?? new TestSubscriptionProvider(options.webhookSecret);
  const paypalDeps = {
    subscriptions: subscriptionDeps,
    paypal,
    planIds: options.paypalPlanIds ?? paypalPlanIds({}, paypal.provider),
    logger,
  };
  const checkout = new CommerceCheckout(
    {
      db,
      schema: s,
      store,
      carts,
      payments: options.payments,
      signer,
      publicUrl: options.publicUrl,
      clock,
      logger,
      subscriptions: {
        // The test provider's card form pays plan and lifetime sessions alike.
        find: async (sessionId: string) => {
          const plan = await subscriptionSession(db, s, sessionId);
          if (plan)
            return {
              userId: plan.user_id,
              amountCents: plan.amount_cents,
              plan: { trialDays: plan.trial_days },
            };
          const lifetime = await lifetimeSession(db, s, sessionId);
          return lifetime
            ? { userId: lifetime.user_id, amountCents: lifetime.amount_cents, plan: null }
            : null;
        },
        paid: async (sessionId: string, reference: string) => {
          const found = await subscriptionSession(db, s, sessionId);
          if (found) await startPlan(subscriptionDeps, found, reference);
        },
      },
    },
    { db, schema: s, subscriptions: subscriptionDeps, logger },
  );

  const { app: inner, finalize } = createServiceApp({
    name: 'commerce',
    logger,
    verifier: options.verifier,
    readiness: [() => db.query('SELECT 1')],
  });
  inner.use(cartRouter(carts));
  inner.use(checkoutRouter(checkout));
  inner.use(purchasesRouter({ db, schema: s, blobs: options.blobs, publicUrl: options.publicUrl }));
  inner.use(entitlementsRouter(db, s, Object.keys(paypalDeps.planIds)));
  inner.use(
    subscriptionsRouter(subscriptionDeps, (userId, type) => cancelAtPaypal(paypalDeps, userId, type)),
  );
  inner.use(paypalRouter(paypalDeps));
  inner.use(lifetimeRouter(subscriptionDeps));
  finalize();
  // The webhook reads its body raw (the signature covers the bytes), so it sits ahead of the JSON parser.
  const app = express();
  app.disable('x-powered-by');
  app.post('/webhooks/stripe', requireGatewayCaller(options.verifier), ...webhookRoute(checkout, logger));
  app.post('/webhooks/paypal', requireGatewayCaller(options.verifier), ...paypalWebhookRoute(paypalDeps));
  app.use(inner);
  // Errors of the webhook route (the inner app has its own handler): problem+json, never a stack.
  app.use(problemHandler);

  let subscription: Subscription | undefined;
  let claims: Subscription | undefined;
  return {
    app,
    store,
    carts,
    checkout,
    signer,
    paypal,
    relay,
    async start() {
      relay.start();
      subscription = await subscribeToContracts({
        bus,
        db,
        logger,
        schema: s,
        consumer: options.consumer ?? 'commerce.catalog-projection',
        topics: options.topics ?? [CATALOG_TOPIC],
        handlers: catalogHandlers(s),
      });
      claims = await subscribeToClaims({
        bus,
        db,
        logger,
        schema: s,
        // Inside the dedupe's transaction (one connection in PGlite): claims and the mark commit together.
        storeIn: (tx: SqlExecutor) =>
          new PostgresEventStore(
            {
              query: (text, params) => tx.query(text, params),
              transaction: (fn) => fn(tx),
              exec: () => Promise.reject(new Error('no migrations inside a consumer transaction')),
              close: () => Promise.resolve(),
            },
            s,
            projections,
            () => void relay.kick(),
          ),
        clock,
        ...(options.claimsConsumer ? { consumer: options.claimsConsumer } : {}),
        ...(options.claimsTopics ? { topics: options.claimsTopics } : {}),
      });
    },
    async stop() {
      await claims?.stop();
      await subscription?.stop();
      await relay.stop();
    },
  };
}

/** Commerce for the service kit: both profiles hand in the infrastructure. */
export const service = defineService({
  name: 'commerce',
  config: {
    /** Stripe's webhook signing secret (whsec_…); unset: the generated COMMERCE_WEBHOOK_SECRET. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Signs the local test provider's webhooks (generated once per data directory). */
    COMMERCE_WEBHOOK_SECRET: z.string().min(32),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /**
     * PayPal's REST app (createPaypalSubscription); unset: the local test provider. PAYPAL_API_BASE:
     * https://api-m.paypal.com live, the sandbox when unset. PAYPAL_WEBHOOK_ID: the registered webhook's id.
     */
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: z.url().optional(),
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    /** PayPal's plan id (P-…) of each plan: PAYPAL_PLAN_ARTIST, …_ARTIST_PROFESSIONAL, …_PRODUCER_UNLIMITED. */
    ...Object.fromEntries(
      [...ARTIST_PLANS, ...PRODUCER_PLANS].map((plan) => [
        paypalPlanEnvVar(plan),
        z.string().min(1).optional(),
      ]),
    ),
  },
  secrets: ['COMMERCE_WEBHOOK_SECRET'],
  create: (infrastructure, config) =>
    createCommerceService({
      db: infrastructure.db,
      bus: infrastructure.bus,
      verifier: infrastructure.verifier,
      logger: infrastructure.logger,
      blobs: infrastructure.blobs,
      payments: infrastructure.payments,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? config.COMMERCE_WEBHOOK_SECRET,
      ...(config.STRIPE_SECRET_KEY ? { stripeSecretKey: config.STRIPE_SECRET_KEY } : {}),
      ...paypalOptions(config),
      publicUrl: infrastructure.publicUrl,
      clock: infrastructure.clock,
      relayPollMs: infrastructure.relayPollMs,
    }),
});

/** PayPal when PAYPAL_CLIENT_ID is set, else the local test provider (embedded profile). */
function paypalOptions(config: Record<string, unknown>) {
  const env = config as Record<string, string | undefined>;
  const subscriptionPayments: SubscriptionPaymentsPort = env.PAYPAL_CLIENT_ID
    ? new PaypalSubscriptions({
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
        webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
        ...(env.PAYPAL_API_BASE ? { apiBase: env.PAYPAL_API_BASE } : {}),
      })
    : new TestSubscriptionProvider(env.COMMERCE_WEBHOOK_SECRET);
  return { subscriptionPayments, paypalPlanIds: paypalPlanIds(env, subscriptionPayments.provider) };
}
