import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  COMMERCE_MESSAGES,
  ERROR_CODES,
  GATEWAY_MESSAGES,
  PACKAGE_TITLES,
  serviceFeeCents,
  type CheckoutAnswer,
} from '@beatmatch/contracts';
import {
  ConcurrencyError,
  handleCommand,
  HttpProblem,
  testSubscriptionId,
  type Caller,
  type EventStore,
  type Infrastructure,
  type SqlDatabase,
  type SqlExecutor,
} from '@beatmatch/platform';
import type { CartService } from '../cart/service';
import { deviceCartStream, mayOpenCheckout, type CartLine, type OpenCheckout } from '../cart/cart';
import { membershipPaymentSession } from '../entitlements/paymentSessions';
import { guestBuyerId, orderDecider, orderStream, splitFee, type OrderLine, type OrderPlaced } from './order';
import { lockFor, payOrder } from './payment';
import { orderBySession } from './readModel';

export interface CheckoutDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  /** The store inside a transaction: the cart's checkout, the voided order and the new one commit together. */
  storeIn: (tx: SqlExecutor) => EventStore;
  carts: CartService;
  payments: Infrastructure['payments'];
  publicUrl: () => string;
  clock: () => Date;
  /** The test provider's card form signs the event it sends, and hands it to the webhook's receiver. */
  sign: (payload: string) => string;
  receive: (payload: string, signature: string) => Promise<unknown>;
}

/** Who checks out: a signed-in user, or a visitor on the device the gateway vouches for. */
export type CheckoutCaller = Pick<Caller, 'userId' | 'email' | 'userName' | 'deviceId'>;

/** Who pays for an order: a user, or a guest by e-mail (`guest:<email>`). */
interface Buyer {
  id: string;
  email: string;
  guest: boolean;
  name?: string;
}

const answerOf = (open: OpenCheckout): CheckoutAnswer => ({
  url: open.url,
  orderId: open.orderId,
  sessionId: open.sessionId,
  amount: centsToDollars(open.amountCents),
});

/** Test card numbers of the local provider (Stripe's: 4242… pays, 4000 0000 0000 0002 is declined). */
const GOOD_CARDS = new Set(['4242424242424242', '5555555555554444']);
const DECLINED_CARD = '4000000000000002';

/** Placing an order for the cart, and the local test provider's pay step. */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  /**
   * Places an order for the caller's available cart lines at today's prices; answers where to pay.
   * The cart is the user's, with the device cart of the browser they are on (`deviceId`, vouched for
   * by the gateway) merged in first — never a device named in the body. A cart has one open checkout
   * (README "One open checkout"): asked again for the same lines, prices and buyer it answers the open
   * one; for a changed cart it voids the open order and places a new one.
   */
  async start(caller: CheckoutCaller, guestEmail?: string): Promise<CheckoutAnswer> {
    // A visitor pays as a guest: the cart of its vouched device, the purchases the e-mail's (README).
    const guest = !caller.userId;
    if (guest && !guestEmail) throw new Error('a guest checkout needs an e-mail');
    const buyer: Buyer = {
      id: caller.userId ?? guestBuyerId(guestEmail!),
      email: caller.userId ? (caller.email ?? '') : guestEmail!,
      guest,
      ...(!guest && caller.userName ? { name: caller.userName } : {}),
    };
    const cartStream = await this.deps.carts.streamFor(caller);
    // Another checkout of this cart may commit between our read and our append: read again, then.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startOnce(cartStream, buyer);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }

  private async startOnce(cartStream: string, buyer: Buyer): Promise<CheckoutAnswer> {
    const { carts, clock } = this.deps;
    const { state: cart, currentVersion } = await carts.snapshot(cartStream);
    const { lines, totalCents, feeCents } = await this.orderLines(cart.lines, buyer);
    const key = JSON.stringify([
      buyer.id,
      buyer.email,
      feeCents,
      lines.map((l) => [l.beatId, l.package, l.priceCents]),
    ]);
    if (cart.checkout?.key === key && (await this.stillOpen(cart.checkout.sessionId)))
      return answerOf(cart.checkout);
    if (!mayOpenCheckout(cart, clock()))
      throw new HttpProblem(429, GATEWAY_MESSAGES.tooManyAttempts, ERROR_CODES.rateLimited);
    const orderId = randomUUID();
    const { sessionId, url } = await this.paymentSession(orderId, buyer, lines, feeCents);
    const placedAt = clock().toISOString();
    const opened: OpenCheckout = {
      orderId,
      sessionId,
      url,
      amountCents: totalCents + feeCents,
      key,
      at: placedAt,
    };
    const placed: OrderPlaced = {
      orderId,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      ...(buyer.guest ? { guest: true } : {}),
      ...(buyer.name ? { buyerName: buyer.name } : {}),
      cartStream,
      lines,
      totalCents,
      feeCents,
      provider: this.deps.payments.provider,
      sessionId,
      placedAt,
    };
    await this.deps.db.transaction(async (tx) => {
      await lockFor(tx, cartStream);
      const store = this.deps.storeIn(tx);
      // Only if the cart is still as read: a concurrent checkout's order wins, ours is never shown.
      await store.appendToStream(cartStream, [{ type: 'CheckoutOpened', data: opened }], {
        expectedVersion: currentVersion,
      });
      if (cart.checkout)
        await handleCommand(store, orderStream(cart.checkout.orderId), orderDecider, {
          type: 'void',
          replacedBy: orderId,
          now: clock(),
        });
      await handleCommand(store, orderStream(orderId), orderDecider, { type: 'place', order: placed });
    });
    // Nothing to pay (every beat free): there is no payment to wait for.
    if (opened.amountCents === 0) await payOrder(this.deps, orderId, `free_${orderId}`, 0);
    return answerOf(opened);
  }

  /** Whether an order's payment session can still be paid (not paid, failed, expired or voided). */
  private async stillOpen(sessionId: string) {
    return (await orderBySession(this.deps.db, this.deps.schema, sessionId))?.status === 'open';
  }

  /** The cart's available lines at today's prices, with the service fee split over them. */
  private async orderLines(cartLines: CartLine[], buyer: Buyer) {
    const { carts } = this.deps;
    const userId = buyer.guest ? undefined : buyer.id;
    const priced = (await carts.pricedLines(cartLines, userId)).filter((p) => p.priceCents !== null);
    if (priced.length === 0) throw new HttpProblem(400, COMMERCE_MESSAGES.nothingToPay, 'cart_empty');
    const amounts = priced.map((p) => p.priceCents!);
    const totalCents = amounts.reduce((a, b) => a + b, 0);
    const feeCents = serviceFeeCents(totalCents, userId ? await carts.subscribed(userId) : false);
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
    return { lines, totalCents, feeCents };
  }

  /** The provider's payment session for the order (none when there is nothing to pay). */
  private async paymentSession(
    orderId: string,
    buyer: Buyer,
    lines: OrderLine[],
    feeCents: number,
  ): Promise<{ sessionId: string; url: string }> {
    const { payments } = this.deps;
    const base = this.deps.publicUrl().replace(/\/$/, '');
    const done = buyer.guest
      ? `${base}/purchase?status=succeeded`
      : `${base}/user/purchases?redirect_status=succeeded`;
    const lineItems = lines
      .filter((line) => line.priceCents > 0)
      .map((line) => ({
        name: `${line.beatName} — ${PACKAGE_TITLES[line.package]}`,
        unitAmountCents: line.priceCents,
        quantity: 1,
      }));
    if (feeCents > 0) lineItems.push({ name: 'Service Fee', unitAmountCents: feeCents, quantity: 1 });
    if (lineItems.length === 0) return { sessionId: `free_${orderId}`, url: done };
    const { customerId } = await payments.createCustomer({
      userId: buyer.id,
      email: buyer.email || `${buyer.id}@users.invalid`,
    });
    const session = await payments.createCheckoutSession({
      customerId,
      currency: 'usd',
      lineItems,
      // The test provider's "hosted page" is the app's card form at its success URL.
      successUrl: payments.provider === 'test' ? `${base}/checkout?orderId=${orderId}` : done,
      cancelUrl: buyer.guest ? `${base}/checkout` : `${base}/user/checkout`,
      metadata: { kind: 'order', orderId },
      idempotencyKey: `order-${orderId}`,
    });
    return { sessionId: session.sessionId, url: session.url };
  }

  /** The test provider's card form: a declined card fails the attempt, a good one sends a signed webhook. */
  async testPay(payer: { userId?: string; deviceId?: string }, sessionId: string, cardNumber: string) {
    if (this.deps.payments.provider !== 'test')
      throw new HttpProblem(404, COMMERCE_MESSAGES.testProviderOnly, 'not_found');
    const order = await orderBySession(this.deps.db, this.deps.schema, sessionId);
    const subscription = order
      ? null
      : await membershipPaymentSession(this.deps.db, this.deps.schema, sessionId);
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
    await this.deps.receive(payload, this.deps.sign(payload));
    if (order?.placed.guest)
      return { redirect_status: 'succeeded' as const, url: '/purchase?status=succeeded' };
    const page = order ? '/user/purchases' : '/user/account';
    return { redirect_status: 'succeeded' as const, url: `${page}?redirect_status=succeeded` };
  }
}

/** A checkout.session.completed event shaped as Stripe sends it (the fields commerce reads). */
export function testCheckoutCompleted(
  sessionId: string,
  orderId: string,
  amountCents: number,
  now: Date,
  kind: 'order' | 'subscription' = 'order',
  /**
   * A plan's session: subscription mode, billed under `subscriptionId`; on trial nothing is paid yet,
   * else its first invoice (`invoiceId`, when said) is the payment.
   */
  plan?: { subscriptionId: string; trialDays: number; invoiceId?: string },
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
        invoice: plan?.invoiceId ?? null,
        metadata: kind === 'order' ? { kind, orderId } : { kind },
      },
    },
  };
}
