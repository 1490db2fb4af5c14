import {
  ARTIST_PLANS,
  LIFETIME_PRICE_CENTS,
  PLAN_PRICES_CENTS,
  serviceFeeCents,
  type BeatPurchasedPayload,
  type PackageName,
  type PurchaseRefundedPayload,
} from '@beatmatch/contracts';
import { membershipDecider, type MembershipCommand } from '../entitlements/businessLogic';
import type { MembershipEvent, MembershipState } from '../entitlements/membership';
import { orderPublication } from '../integration/publish';
import { seededRandom } from '@beatmatch/testing';
import {
  orderDecider,
  splitFee,
  type OrderCommand,
  type OrderEvent,
  type OrderLine,
  type OrderState,
} from './order';

/**
 * Reconciliation as a property over random sequences (seeded, so a failure repeats) of purchases,
 * refunds (one purchase or the rest of an order) and subscriptions (plans, renewals, the lifetime
 * membership): from what commerce publishes, each producer is owed exactly the model's amount, and
 * what buyers were charged less refunds, kept fees and plan payments is what producers are owed, to
 * the cent; every order's fee follows the rule. Each step is decided and published exactly as checkout
 * and the webhooks do, each provider event delivered 1-3 times.
 */

const PACKAGES: PackageName[] = ['firstDate', 'relationship', 'marriage'];
const now = new Date('2026-03-01T00:00:00Z');

it.each([1, 2, 3, 42, 2026])(
  'purchases, refunds and subscriptions: each producer is owed what buyers paid less fees, refunds and plans, to the cent (seed %i)',
  (seed) => {
    const random = seededRandom(seed);
    const int = (max: number) => Math.floor(random() * max);
    const producers = ['p1', 'p2', 'p3', 'p4'];
    // The provider's side (what it charged and refunded) and the model of what each producer is owed.
    let charged = 0;
    let refundedByProvider = 0;
    const expectedOwed = new Map<string, number>();
    const addOwed = (producerId: string, cents: number) =>
      expectedOwed.set(producerId, (expectedOwed.get(producerId) ?? 0) + cents);
    // What commerce published / recorded.
    const purchased: BeatPurchasedPayload[] = [];
    const reversed: PurchaseRefundedPayload[] = [];
    let planRevenue = 0;

    type Paid = { state: OrderState; lines: OrderLine[]; refundedCents: number; refunds: number };
    const orders: Paid[] = [];
    const members = new Map<string, MembershipState>();

    const placeAndPay = (o: number) => {
      const count = 1 + int(5);
      // Prices from free to $1,500, often on the fee cap's edges.
      const amounts = Array.from(
        { length: count },
        () => [0, 1, 25, 9999, 10000, 10001, int(150_000)][int(7)]!,
      );
      const total = amounts.reduce((a, b) => a + b, 0);
      const subscribed = random() < 0.3;
      const fee = serviceFeeCents(total, subscribed);
      expect(fee).toBe(subscribed || total === 0 ? 0 : Math.min(200, Math.floor((total * 2 + 50) / 100)));
      const feeParts = splitFee(fee, amounts);
      const lines: OrderLine[] = amounts.map((priceCents, index) => ({
        beatId: `b${o}-${index}`,
        package: PACKAGES[int(3)]!,
        priceCents,
        feeCents: feeParts[index]!,
        producerId: producers[int(producers.length)]!,
        producerName: 'p',
        beatName: 'b',
        coverArtUrl: null,
        hasStems: false,
      }));
      for (const line of lines) addOwed(line.producerId, line.priceCents);
      const order: Paid = { state: orderDecider.initialState(), lines, refundedCents: 0, refunds: 0 };
      applyOrder(order, {
        type: 'place',
        order: {
          orderId: `o${o}`,
          buyerId: 'buyer',
          buyerEmail: 'b@x',
          cartStream: 'cart',
          lines,
          totalCents: total,
          feeCents: fee,
          provider: 'test',
          sessionId: `cs${o}`,
          placedAt: now.toISOString(),
        },
      });
      // The webhook may come up to 3 times: one set of purchases.
      const deliveries = 1 + int(3);
      let published = 0;
      for (let d = 0; d < deliveries; d++)
        published += applyOrder(order, {
          type: 'pay',
          paymentRef: `pi${o}`,
          amountCents: total + fee,
          owned: [],
          now,
        });
      expect(published).toBe(count);
      charged += total + fee;
      orders.push(order);
    };

    function applyOrder(order: Paid, command: OrderCommand): number {
      const decided = orderDecider.decide(command, order.state);
      const events: OrderEvent[] = Array.isArray(decided) ? decided : [decided];
      order.state = events.reduce(orderDecider.evolve, order.state);
      const messages = orderPublication.map(events, order.state);
      for (const message of messages) {
        if (message.event.type === 'commerce.BeatPurchased')
          purchased.push(message.event.payload as BeatPurchasedPayload);
        else reversed.push(message.event.payload as PurchaseRefundedPayload);
      }
      return messages.length;
    }

    const refundSome = () => {
      const order = orders[int(orders.length)];
      if (!order) return;
      const open = order.state.purchases
        .map((purchase, index) => ({ purchase, line: order.lines[index]! }))
        .filter(({ purchase }) => !order.state.refunded.includes(purchase.purchaseId));
      if (open.length === 0) return;
      // One named purchase, or everything not refunded yet.
      const chosen = random() < 0.5 ? [open[int(open.length)]!] : open;
      const amount = chosen.reduce((sum, { line }) => sum + line.priceCents + line.feeCents, 0);
      if (amount === 0) return; // the provider refunds no $0 charge
      order.refundedCents += amount;
      refundedByProvider += amount;
      for (const { line } of chosen) addOwed(line.producerId, -line.priceCents);
      const refundId = `evt_refund_${order.state.placed!.orderId}_${order.refunds++}`;
      const command: OrderCommand = {
        type: 'refund',
        refundId,
        purchaseIds: chosen === open ? null : chosen.map(({ purchase }) => purchase.purchaseId),
        refundedTotalCents: order.refundedCents,
        now,
      };
      // Delivered 1-3 times: reversed once.
      const before = reversed.length;
      const deliveries = 1 + int(3);
      for (let d = 0; d < deliveries; d++) applyOrder(order, command);
      expect(reversed.length - before).toBe(chosen.length);
    };

    const subscribe = (step: number) => {
      const userId = `u${int(20)}`;
      let state = members.get(userId) ?? membershipDecider.initialState();
      const apply = (command: MembershipCommand) => {
        const decided = membershipDecider.decide(command, state);
        const events: MembershipEvent[] = Array.isArray(decided) ? decided : [decided];
        state = events.reduce(membershipDecider.evolve, state);
        for (const event of events)
          if (event.type === 'PlanStarted' || event.type === 'PlanRenewed' || event.type === 'LifetimeBought')
            planRevenue += event.data.amountCents ?? 0;
      };
      const kind = int(3);
      if (kind === 0) {
        const plan = ARTIST_PLANS[int(3)]!;
        const sub = state.subscriptions.artist;
        if (sub?.ended === null && sub.plan === plan) return; // already on it: no new checkout
        charged += PLAN_PRICES_CENTS[plan];
        const reference = `sub_${step}`;
        apply({
          type: 'start',
          memberType: 'artist',
          plan,
          trialEndsAt: null,
          provider: 'test',
          reference,
          amountCents: PLAN_PRICES_CENTS[plan],
          now,
        });
      } else if (kind === 1) {
        const sub = state.subscriptions.artist;
        if (!sub || sub.ended === 'cancelled') return; // the provider bills no cancelled plan
        charged += PLAN_PRICES_CENTS[sub.plan];
        const end = new Date(new Date(sub.periodEndsAt).getTime() + 30 * 86_400_000);
        const renewal: MembershipCommand = {
          type: 'renew',
          reference: sub.reference,
          eventId: `evt_${step}`,
          periodEndsAt: end,
          amountCents: PLAN_PRICES_CENTS[sub.plan],
          now,
        };
        for (let d = 0, n = 1 + int(3); d < n; d++) apply(renewal);
      } else {
        if (state.lifer) return;
        charged += LIFETIME_PRICE_CENTS;
        for (let d = 0, n = 1 + int(3); d < n; d++)
          apply({ type: 'lifetime', reference: `pi_${step}`, amountCents: LIFETIME_PRICE_CENTS, now });
      }
      members.set(userId, state);
    };

    for (let step = 0; step < 400; step++) {
      const what = random();
      if (what < 0.55) placeAndPay(step);
      else if (what < 0.8) refundSome();
      else subscribe(step);
    }

    // From what commerce published: owed per producer, fees kept.
    const owed = new Map<string, number>();
    let feesKept = 0;
    for (const p of purchased) {
      owed.set(p.producerId, (owed.get(p.producerId) ?? 0) + p.amountCents);
      feesKept += p.feeCents;
    }
    let refundedByCommerce = 0;
    for (const r of reversed) {
      owed.set(r.producerId, (owed.get(r.producerId) ?? 0) - r.amountCents);
      feesKept -= r.feeCents;
      refundedByCommerce += r.amountCents + r.feeCents;
    }
    expect(reversed.length).toBeGreaterThan(0);
    expect(planRevenue).toBeGreaterThan(0);
    expect(refundedByCommerce).toBe(refundedByProvider);
    const owedTotal = [...owed.values()].reduce((a, b) => a + b, 0);
    expect(owedTotal).toBe(charged - refundedByProvider - feesKept - planRevenue);
    for (const producer of producers) expect(owed.get(producer) ?? 0).toBe(expectedOwed.get(producer) ?? 0);
    for (const value of owed.values()) expect(value).toBeGreaterThanOrEqual(0);
  },
);

it('refuses a payment whose amount differs from the order', () => {
  const state = orderDecider.evolve(orderDecider.initialState(), {
    type: 'OrderPlaced',
    data: {
      orderId: 'o',
      buyerId: 'b',
      buyerEmail: '',
      cartStream: 'c',
      lines: [],
      totalCents: 1000,
      feeCents: 20,
      provider: 'test',
      sessionId: 's',
      placedAt: now.toISOString(),
    },
  });
  expect(() =>
    orderDecider.decide({ type: 'pay', paymentRef: 'x', amountCents: 1000, owned: [], now }, state),
  ).toThrow('Paid 1000, expected 1020.');
});

it('refuses a refund that is not whole purchases, and one of an unpaid order', () => {
  const line = (priceCents: number, feeCents: number): OrderLine => ({
    beatId: `b${priceCents}`,
    package: 'firstDate',
    priceCents,
    feeCents,
    producerId: 'p',
    producerName: 'p',
    beatName: 'b',
    coverArtUrl: null,
    hasStems: false,
  });
  let state = orderDecider.evolve(orderDecider.initialState(), {
    type: 'OrderPlaced',
    data: {
      orderId: 'o',
      buyerId: 'b',
      buyerEmail: '',
      cartStream: 'c',
      lines: [line(1000, 20), line(500, 10)],
      totalCents: 1500,
      feeCents: 30,
      provider: 'test',
      sessionId: 's',
      placedAt: now.toISOString(),
    },
  });
  const refund = (refundedTotalCents: number, purchaseIds: string[] | null = null): OrderCommand => ({
    type: 'refund',
    refundId: `r${refundedTotalCents}`,
    purchaseIds,
    refundedTotalCents,
    now,
  });
  expect(() => orderDecider.decide(refund(1530), state)).toThrow('This order was not paid.');
  state = orderDecider.evolve(state, {
    type: 'OrderPaid',
    data: {
      paymentRef: 'pi',
      paidAt: now.toISOString(),
      purchases: [
        { purchaseId: 'x', beatId: 'b1000' },
        { purchaseId: 'y', beatId: 'b500' },
      ],
    },
  });
  expect(() => orderDecider.decide(refund(700), state)).toThrow('Refunded 700, expected 1530.');
  expect(() => orderDecider.decide(refund(510, ['x']), state)).toThrow('Refunded 510, expected 1020.');
  expect(() => orderDecider.decide(refund(510, ['z']), state)).toThrow('Not purchases of this order: z.');
  const one = orderDecider.decide(refund(510, ['y']), state);
  expect(one).toMatchObject({
    type: 'OrderRefunded',
    data: { amountCents: 510, purchases: [{ purchaseId: 'y', priceCents: 500, feeCents: 10 }] },
  });
});
