import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type RequestHandler } from 'express';
import type Stripe from 'stripe';
import {
  centsToDollars,
  checkoutRequestSchema,
  COMMERCE_MESSAGES,
  ERROR_CODES,
  NOT_AUTHENTICATED_MESSAGE,
  PACKAGE_TITLES,
  serviceFeeCents,
  testPayRequestSchema,
  type CheckoutAnswer,
} from '@beatmatch/contracts';
import {
  DomainError,
  handleCommand,
  HttpProblem,
  parseInput,
  problem,
  route,
  testSubscriptionId,
  type EventStore,
  type Infrastructure,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import type { CartService } from '../cart/service';
import {
  guestBuyerId,
  orderDecider,
  orderPublication,
  orderStream,
  splitFee,
  type OrderLine,
  type OrderPlaced,
} from './order';
import { orderBySession } from './readModel';
import type { WebhookSigner } from './payments';
import { cartDecider, deviceCartStream } from '../cart/cart';

export interface CheckoutDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  carts: CartService;
  payments: Infrastructure['payments'];
  signer: WebhookSigner;
  publicUrl: () => string;
  clock: () => Date;
  logger: Logger;
  /** Subscription checkouts share the webhook and the test card form (../entitlements/subscriptions.ts). */
  subscriptions?: {
    /** `plan`: a monthly plan's session (billed as a subscription), else the lifetime membership's. */
    find(
      sessionId: string,
    ): Promise<{ userId: string; amountCents: number; plan: { trialDays: number } | null } | null>;
    paid(sessionId: string, reference: string): Promise<void>;
  };
}

/** Test card numbers of the local provider (Stripe's: 4242… pays, 4000 0000 0000 0002 is declined). */
const GOOD_CARDS = new Set(['4242424242424242', '5555555555554444']);
const DECLINED_CARD = '4000000000000002';

/** Checkout, the webhook, and the local test provider's pay step. */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  /**
   * Places an order for the caller's available cart lines at today's prices; answers where to pay.
   * The cart is the user's, with the device cart of the browser they are on (`deviceId`, vouched for
   * by the gateway) merged in first — never a device named in the body.
   */
  async start(
    caller: {
      userId?: string;
      email?: string;
      userName?: string;
      deviceId?: string;
    },
    guestEmail?: string,
  ): Promise<CheckoutAnswer> {
    const { carts, payments, store, clock } = this.deps;
    // A visitor pays as a guest: the cart of its vouched device, the purchases the e-mail's (README).
    const guest = !caller.userId;
    if (guest && !guestEmail) throw new Error('a guest checkout needs an e-mail');
    const buyerId = caller.userId ?? guestBuyerId(guestEmail!);
    const buyerEmail = caller.userId ? (caller.email ?? '') : guestEmail!;
    const cartStream = await carts.streamFor(caller);
    const priced = (await carts.priced(cartStream, caller.userId)).filter((p) => p.priceCents !== null);
    if (priced.length === 0) throw new HttpProblem(400, COMMERCE_MESSAGES.nothingToPay, 'cart_empty');
    const amounts = priced.map((p) => p.priceCents!);
    const totalCents = amounts.reduce((a, b) => a + b, 0);
    const feeCents = serviceFeeCents(totalCents, guest ? false : await carts.subscribed(caller.userId));
    const fees = splitFee(feeCents, amounts);
    const lines: OrderLine[] = priced.map((p, index) => ({
      beatId: p.line.beatId,
      package: p.line.package,
      priceCents: p.priceCents!,
      feeCents: fees[index]!,
      producerId: p.beat!.producerId,
      producerName: p.beat!.producerName,
      beatName: p.beat!.name,
      coverArtUrl: p.beat!.coverArtUrl,
      hasStems: p.beat!.files.stemsKey !== null,
    }));
    const orderId = randomUUID();
    const base = this.deps.publicUrl().replace(/\/$/, '');
    let sessionId = `free_${orderId}`;
    let url = guest
      ? `${base}/purchase?status=succeeded`
      : `${base}/user/purchases?redirect_status=succeeded`;
    if (totalCents + feeCents > 0) {
      const { customerId } = await payments.createCustomer({
        userId: buyerId,
        email: buyerEmail || `${buyerId}@users.invalid`,
      });
      const lineItems = lines
        .filter((line) => line.priceCents > 0)
        .map((line) => ({
          name: `${line.beatName} — ${PACKAGE_TITLES[line.package]}`,
          unitAmountCents: line.priceCents,
          quantity: 1,
        }));
      if (feeCents > 0) lineItems.push({ name: 'Service Fee', unitAmountCents: feeCents, quantity: 1 });
      const session = await payments.createCheckoutSession({
        customerId,
        currency: 'usd',
        lineItems,
        // The test provider's "hosted page" is the app's card form at its success URL.
        successUrl:
          payments.provider === 'test'
            ? `${base}/checkout?orderId=${orderId}`
            : guest
              ? `${base}/purchase?status=succeeded`
              : `${base}/user/purchases?redirect_status=succeeded`,
        cancelUrl: guest ? `${base}/checkout` : `${base}/user/checkout`,
        metadata: { kind: 'order', orderId },
        idempotencyKey: `order-${orderId}`,
      });
      sessionId = session.sessionId;
      url = session.url;
    }
    const placed: OrderPlaced = {
      orderId,
      buyerId,
      buyerEmail,
      ...(guest ? { guest: true } : {}),
      ...(!guest && caller.userName ? { buyerName: caller.userName } : {}),
      cartStream,
      lines,
      totalCents,
      feeCents,
      provider: payments.provider,
      sessionId,
      placedAt: clock().toISOString(),
    };
    await handleCommand(store, orderStream(orderId), orderDecider, { type: 'place', order: placed });
    // Nothing to pay (every beat free): there is no payment to wait for.
    if (totalCents + feeCents === 0) await this.paid(orderId, `free_${orderId}`, 0);
    return { url, orderId, sessionId, amount: centsToDollars(totalCents + feeCents) };
  }

  /** Marks an order paid (once) and takes its beats out of the cart it came from. */
  async paid(orderId: string, paymentRef: string, amountCents: number | null): Promise<boolean> {
    const { store, clock } = this.deps;
    const result = await handleCommand(
      store,
      orderStream(orderId),
      orderDecider,
      { type: 'pay', paymentRef, amountCents, now: clock() },
      { publish: orderPublication },
    );
    const placed = result.newState.placed!;
    await handleCommand(store, placed.cartStream, cartDecider, {
      type: 'purchased',
      orderId,
      beatIds: placed.lines.map((line) => line.beatId),
    });
    return result.newEvents.length > 0;
  }

  /** One verified provider event. Unknown sessions are acknowledged and change nothing. */
  async handleEvent(event: Stripe.Event): Promise<'paid' | 'failed' | 'ignored'> {
    const { db, schema, store, clock, logger } = this.deps;
    if (!event.type.startsWith('checkout.session.')) return 'ignored';
    const session = event.data.object as Stripe.Checkout.Session;
    const order = await orderBySession(db, schema, session.id);
    const subscription = order ? null : await this.deps.subscriptions?.find(session.id);
    if (subscription) {
      // A subscription-mode session on trial completes with nothing paid yet ('no_payment_required').
      if (
        event.type !== 'checkout.session.completed' ||
        (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
      )
        return 'ignored';
      // The plan is billed under its subscription (invoice.* events name it); else under the session.
      const ref =
        typeof session.subscription === 'string'
          ? session.subscription
          : (session.subscription?.id ?? session.id);
      await this.deps.subscriptions!.paid(session.id, ref);
      return 'paid';
    }
    if (!order) {
      logger.warn({ sessionId: session.id, type: event.type }, 'webhook for an unknown checkout session');
      return 'ignored';
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
          return 'ignored';
        const ref = typeof session.payment_intent === 'string' ? session.payment_intent : session.id;
        await this.paid(order.order_id, ref, session.amount_total ?? null);
        return 'paid';
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        await handleCommand(store, orderStream(order.order_id), orderDecider, {
          type: 'fail',
          reason: event.type,
          now: clock(),
        });
        return 'failed';
      default:
        return 'ignored';
    }
  }

  /** The webhook route's work: verify, then handle. Throws WebhookRejected for a bad signature. */
  async receive(rawBody: Buffer | string, signature: string | undefined) {
    let event: Stripe.Event;
    try {
      event = this.deps.signer.verify(rawBody, signature);
    } catch {
      throw new HttpProblem(400, 'Invalid webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
    }
    return this.handleEvent(event);
  }

  /** The test provider's card form: a declined card fails the attempt, a good one sends a signed webhook. */
  async testPay(payer: { userId?: string; deviceId?: string }, sessionId: string, cardNumber: string) {
    if (this.deps.payments.provider !== 'test')
      throw new HttpProblem(404, COMMERCE_MESSAGES.testProviderOnly, 'not_found');
    const order = await orderBySession(this.deps.db, this.deps.schema, sessionId);
    const subscription = order ? null : await this.deps.subscriptions?.find(sessionId);
    // A user pays their own sessions; a visitor only its device's guest order.
    const mine = payer.userId
      ? (order?.buyer_id ?? subscription?.userId) === payer.userId && !order?.placed.guest
      : !!order?.placed.guest &&
        !!payer.deviceId &&
        order.placed.cartStream === deviceCartStream(payer.deviceId);
    if (!mine) throw new HttpProblem(404, COMMERCE_MESSAGES.sessionNotFound, 'session_not_found');
    const card = cardNumber.replace(/[\s-]/g, '');
    const amount = order ? order.placed.totalCents + order.placed.feeCents : subscription!.amountCents;
    if (card === DECLINED_CARD) throw new HttpProblem(402, COMMERCE_MESSAGES.cardDeclined, 'card_declined');
    if (!GOOD_CARDS.has(card)) throw new HttpProblem(400, COMMERCE_MESSAGES.testCardOnly, 'card_number');
    const payload = JSON.stringify(
      testCheckoutCompleted(
        sessionId,
        order?.order_id ?? sessionId,
        amount,
        this.deps.clock(),
        order ? 'order' : 'subscription',
        subscription?.plan
          ? { subscriptionId: testSubscriptionId(sessionId), trialDays: subscription.plan.trialDays }
          : undefined,
      ),
    );
    await this.receive(payload, this.deps.signer.sign(payload));
    if (order?.placed.guest) return { redirect_status: 'succeeded', url: '/purchase?status=succeeded' };
    const page = order ? '/user/purchases' : '/user/account';
    return { redirect_status: 'succeeded', url: `${page}?redirect_status=succeeded` };
  }
}

/** A checkout.session.completed event shaped as Stripe sends it (the fields commerce reads). */
export function testCheckoutCompleted(
  sessionId: string,
  orderId: string,
  amountCents: number,
  now: Date,
  kind: 'order' | 'subscription' = 'order',
  /** A plan's session: subscription mode, billed under `subscriptionId`; on trial nothing is paid yet. */
  plan?: { subscriptionId: string; trialDays: number },
) {
  const trial = !!plan && plan.trialDays > 0;
  return {
    id: `evt_test_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    api_version: '2024-06-20',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: plan ? 'subscription' : 'payment',
        payment_status: trial ? 'no_payment_required' : 'paid',
        status: 'complete',
        amount_total: trial ? 0 : amountCents,
        currency: 'usd',
        payment_intent: plan ? null : `pi_test_${orderId.replace(/-/g, '')}`,
        subscription: plan?.subscriptionId ?? null,
        metadata: kind === 'order' ? { kind, orderId } : { kind },
      },
    },
  };
}

/** POST /webhooks/stripe — mounted ahead of the JSON parser: the signature covers the raw bytes. */
export function webhookRoute(checkout: Checkout, logger: Logger): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '1mb' }),
    (req: Request, res, next) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      checkout
        .receive(body, req.header('stripe-signature'))
        .then((outcome) => res.json({ received: true, outcome }))
        .catch((error: unknown) => {
          if (error instanceof HttpProblem || error instanceof DomainError) return next(error);
          logger.error({ err: error }, 'webhook handling failed; the provider will retry');
          res
            .status(500)
            .type('application/problem+json')
            .json(
              problem(500, 'The event could not be handled; it will be retried', 'WEBHOOK_HANDLER_FAILED'),
            );
        });
    },
  ];
}

export function checkoutRouter(checkout: Checkout): Router {
  const router = Router();
  router.post(
    '/checkout',
    route(async (req, res) => {
      // The body's `uuid` (the spec's call shape) is validated but merges nothing: only the device the
      // gateway vouches for (`caller.deviceId`) is merged into the user's cart.
      const input = parseInput(checkoutRequestSchema, req.body ?? {});
      const caller = req.caller;
      if (caller?.userId) {
        // A signed-in buyer pays as themselves; a body e-mail is ignored (their account's is used).
        res.json(
          await checkout.start({
            userId: caller.userId,
            ...(caller.email ? { email: caller.email } : {}),
            ...(caller.userName ? { userName: caller.userName } : {}),
            ...(caller.deviceId ? { deviceId: caller.deviceId } : {}),
          }),
        );
        return;
      }
      // A visitor: guest checkout with an e-mail, else the same 401 as before (log in, or give one).
      if (!input.email)
        throw new HttpProblem(401, COMMERCE_MESSAGES.loginOrEmail, ERROR_CODES.unauthenticated);
      res.json(
        await checkout.start({ ...(caller?.deviceId ? { deviceId: caller.deviceId } : {}) }, input.email),
      );
    }),
  );
  router.post(
    '/checkout/test-pay',
    route(async (req, res) => {
      const caller = req.caller;
      // Neither signed in nor a vouched device: nobody who could own a session (as before, 401).
      if (!caller?.userId && !caller?.deviceId)
        throw new HttpProblem(401, NOT_AUTHENTICATED_MESSAGE, ERROR_CODES.unauthenticated);
      const body = parseInput(testPayRequestSchema, req.body ?? {});
      res.json(
        await checkout.testPay(
          {
            ...(caller.userId ? { userId: caller.userId } : {}),
            ...(caller.deviceId ? { deviceId: caller.deviceId } : {}),
          },
          body.sessionId,
          body.cardNumber,
        ),
      );
    }),
  );
  return router;
}
