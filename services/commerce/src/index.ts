import { z } from 'zod';
import { ARTIST_PLANS, CATALOG_TOPIC, PRODUCER_PLANS } from '@beatmatch/contracts';
import {
  defineService,
  openEventSourced,
  type EventSourcedCore,
  subscribeToContracts,
  TestSubscriptionProvider,
  type BlobStore,
  type EventBus,
  type Infrastructure,
  type InternalTokenVerifier,
  type Logger,
  type SubscriptionPaymentsPort,
  type SqlDatabase,
} from '@beatmatch/platform';
import { beatsProjectionSchema, catalogHandlers } from './beats/projection';
import { CartService } from './cart/service';
import { cartRouter } from './cart/api';
import { Checkout } from './orders/checkout';
import { checkoutRouter } from './orders/api';
import { ordersProjection, ordersReadModelSchema } from './orders/readModel';
import { purchasesRouter } from './purchases/api';
import { membershipProjection, membershipsSchema } from './entitlements/readModel';
import { entitlementsRouter } from './entitlements/api';
import { subscriptionSessionsSchema } from './entitlements/subscriptions';
import { lifetimeSessionsSchema } from './entitlements/lifetime';
import { paypalPlanEnvVar, paypalPlanIds, paypalSchema, type PaypalPlanIds } from './entitlements/paypal';
import {
  confirmedReferralsSchema,
  subscribeToClaims,
  subscribeToReferrals,
} from './integration/subscriptions';
import { WebhookSigner } from './providers/stripe';
import { stripeReceiver, webhookRoutes } from './providers/webhooks';

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
  /** Consumer group and topics of confirmed referrals (referrals' topic; tests use fresh ones). */
  referralsConsumer?: string;
  referralsTopics?: string[];
}

/** Composition root of commerce (the service kit): store, read models, relay, subscriptions, HTTP. */
export async function createCommerceService(options: CommerceServiceOptions) {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const core = await openEventSourced(options, {
    name: 'commerce',
    schema: options.schema ?? COMMERCE_SCHEMA,
    readModels: [
      beatsProjectionSchema,
      ordersReadModelSchema,
      membershipsSchema,
      subscriptionSessionsSchema,
      lifetimeSessionsSchema,
      paypalSchema,
      confirmedReferralsSchema,
    ],
    projections: (s) => [ordersProjection(s), membershipProjection(s)],
  });
  const { store, schema: s } = core;
  const carts = new CartService(db, s, store, clock);
  const signer = new WebhookSigner(options.webhookSecret, options.stripeSecretKey);
  const subscriptionDeps = {
    db,
    schema: s,
    store,
    storeIn: core.storeIn,
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
  const checkout = new Checkout({
    db,
    schema: s,
    store,
    storeIn: core.storeIn,
    carts,
    payments: options.payments,
    publicUrl: options.publicUrl,
    clock,
    sign: (payload) => signer.sign(payload),
    receive: stripeReceiver(paypalDeps, signer),
  });

  const service = core.assemble({
    routers: [
      cartRouter(carts),
      checkoutRouter(checkout),
      purchasesRouter({ db, schema: s, blobs: options.blobs, publicUrl: options.publicUrl }),
      entitlementsRouter(paypalDeps),
    ],
    // Webhooks read their body raw (the signature covers the bytes), ahead of the JSON parser.
    rawBodyRoutes: webhookRoutes(paypalDeps, signer),
    subscriptions: commerceSubscriptions(options, core),
  });
  return { ...service, store, carts, checkout, signer, paypal, relay: core.relays[0]! };
}

/**
 * What commerce consumes: catalog's beats (its own projection), identity's guest-purchase claims and
 * referrals' confirmed referrals (the ambassador trial).
 */
function commerceSubscriptions(options: CommerceServiceOptions, core: EventSourcedCore) {
  const { db, bus, logger } = options;
  const s = core.schema;
  const clock = options.clock ?? (() => new Date());
  return [
    () =>
      subscribeToContracts({
        bus,
        db,
        logger,
        schema: s,
        consumer: options.consumer ?? 'commerce.catalog-projection',
        topics: options.topics ?? [CATALOG_TOPIC],
        handlers: catalogHandlers(s),
      }),
    () =>
      subscribeToClaims({
        bus,
        db,
        logger,
        schema: s,
        // Inside the dedupe's transaction (one connection in PGlite): claims and the mark commit together.
        storeIn: core.storeIn,
        clock,
        ...(options.claimsConsumer ? { consumer: options.claimsConsumer } : {}),
        ...(options.claimsTopics ? { topics: options.claimsTopics } : {}),
      }),
    () =>
      subscribeToReferrals({
        bus,
        db,
        logger,
        schema: s,
        ...(options.referralsConsumer ? { consumer: options.referralsConsumer } : {}),
        ...(options.referralsTopics ? { topics: options.referralsTopics } : {}),
      }),
  ];
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
    /** PayPal's plan id (P-…) of each plan: PAYPAL_PLAN_ARTIST, …_ARTIST_PROFESSIONAL, …_PRODUCER_UNLIMITED. */
    ...Object.fromEntries(
      [...ARTIST_PLANS, ...PRODUCER_PLANS].map((plan) => [
        paypalPlanEnvVar(plan),
        z.string().min(1).optional(),
      ]),
    ),
  },
  secrets: ['COMMERCE_WEBHOOK_SECRET'],
  create: (infrastructure, config) => {
    // PayPal or the local test provider: chosen by the infrastructure (PAYPAL_CLIENT_ID).
    const subscriptionPayments = infrastructure.subscriptionPayments(config.COMMERCE_WEBHOOK_SECRET);
    return createCommerceService({
      ...infrastructure,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? config.COMMERCE_WEBHOOK_SECRET,
      ...(config.STRIPE_SECRET_KEY ? { stripeSecretKey: config.STRIPE_SECRET_KEY } : {}),
      subscriptionPayments,
      paypalPlanIds: paypalPlanIds(
        config as Record<string, string | undefined>,
        subscriptionPayments.provider,
      ),
    });
  },
});
