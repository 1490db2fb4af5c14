import express from 'express';
import { z } from 'zod';
import { CATALOG_TOPIC } from '@beatmatch/contracts';
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
  type SqlDatabase,
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

export const COMMERCE_SCHEMA = 'commerce';

export interface CommerceServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  blobs: () => Promise<BlobStore>;
  payments: Infrastructure['payments'];
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
      processedEventsSchema(s),
  );
  const relay = new OutboxRelay(db, s, bus, logger, { pollMs: options.relayPollMs ?? 1000 });
  const store = new PostgresEventStore(
    db,
    s,
    [ordersProjection(s), membershipProjection(s)],
    () => void relay.kick(),
  );
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
          const found =
            (await subscriptionSession(db, s, sessionId)) ?? (await lifetimeSession(db, s, sessionId));
          return found ? { userId: found.user_id, amountCents: found.amount_cents } : null;
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
  inner.use(entitlementsRouter(db, s));
  inner.use(subscriptionsRouter(subscriptionDeps));
  inner.use(lifetimeRouter(subscriptionDeps));
  finalize();
  // The webhook reads its body raw (the signature covers the bytes), so it sits ahead of the JSON parser.
  const app = express();
  app.disable('x-powered-by');
  app.post('/webhooks/stripe', requireGatewayCaller(options.verifier), ...webhookRoute(checkout, logger));
  app.use(inner);
  // Errors of the webhook route (the inner app has its own handler): problem+json, never a stack.
  app.use(problemHandler);

  let subscription: Subscription | undefined;
  return {
    app,
    store,
    carts,
    checkout,
    signer,
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
    },
    async stop() {
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
      publicUrl: infrastructure.publicUrl,
      clock: infrastructure.clock,
      relayPollMs: infrastructure.relayPollMs,
    }),
});
