import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  COMMERCE_MESSAGES,
  PACKAGE_TITLES,
  serviceFeeCents,
  type CheckoutAnswer,
} from '@beatmatch/contracts';
import {
  handleCommand,
  HttpProblem,
  testSubscriptionId,
  type Caller,
  type EventStore,
  type Infrastructure,
  type SqlDatabase,
} from '@beatmatch/platform';
import type { CartService } from '../cart/service';
import { deviceCartStream } from '../cart/cart';
import { membershipPaymentSession } from '../entitlements/paymentSessions';
import { guestBuyerId, orderDecider, orderStream, splitFee, type OrderLine, type OrderPlaced } from './order';
import { payOrder } from './payment';
import { orderBySession } from './readModel';

export interface CheckoutDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
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

/** Test card numbers of the local provider (Stripe's: 4242… pays, 4000 0000 0000 0002 is declined). */
const GOOD_CARDS = new Set(['4242424242424242', '5555555555554444']);
const DECLINED_CARD = '4000000000000002';

/** Placing an order for the cart, and the local test provider's pay step. */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  /**
   * Places an order for the caller's available cart lines at today's prices; answers where to pay.
   * The cart is the user's, with the device cart of the browser they are on (`deviceId`, vouched for
   * by the gateway) merged in first — never a device named in the body.
   */
  async start(caller: CheckoutCaller, guestEmail?: string): Promise<CheckoutAnswer> {
    const { carts, store } = this.deps;
    // A visitor pays as a guest: the cart of its vouched device, the purchases the e-mail's (README).
    const guest = !caller.userId;
    if (guest && !guestEmail) throw new Error('a guest checkout needs an e-mail');
    const buyer = {
      id: caller.userId ?? guestBuyerId(guestEmail!),
      email: caller.userId ? (caller.email ?? '') : guestEmail!,
      guest,
    };
    const cartStream = await carts.streamFor(caller);
    const { lines, totalCents, feeCents } = await this.orderLines(cartStream, caller.userId);
    const orderId = randomUUID();
    const { sessionId, url } = await this.paymentSession(orderId, buyer, lines, feeCents);
    const placed: OrderPlaced = {
      orderId,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      ...(guest ? { guest: true } : {}),
      ...(!guest && caller.userName ? { buyerName: caller.userName } : {}),
      cartStream,
      lines,
      totalCents,
      feeCents,
      provider: this.deps.payments.provider,
      sessionId,
      placedAt: this.deps.clock().toISOString(),
    };
    await handleCommand(store, orderStream(orderId), orderDecider, { type: 'place', order: placed });
    // Nothing to pay (every beat free): there is no payment to wait for.
    if (totalCents + feeCents === 0) await payOrder(this.deps, orderId, `free_${orderId}`, 0);
    return { url, orderId, sessionId, amount: centsToDollars(totalCents + feeCents) };
  }

  /** The cart's available lines at today's prices, with the service fee split over them. */
  private async orderLines(cartStream: string, userId: string | undefined) {
    const { carts } = this.deps;
    const priced = (await carts.priced(cartStream, userId)).filter((p) => p.priceCents !== null);
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
    buyer: { id: string; email: string; guest: boolean },
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
