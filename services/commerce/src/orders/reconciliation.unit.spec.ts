import { serviceFeeCents, type BeatPurchasedPayload, type PackageName } from '@beatmatch/contracts';
import {
  orderDecider,
  orderPublication,
  splitFee,
  type OrderCommand,
  type OrderEvent,
  type OrderLine,
} from './order';

/**
 * Reconciliation as a property over many random orders (seeded, so a failure repeats): what buyers
 * paid equals what each producer is owed plus the fees, to the cent, and every order's fee follows the
 * rule. Each order is decided and published exactly as checkout and the webhook do (paid 1-3 times).
 */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PACKAGES: PackageName[] = ['firstDate', 'relationship', 'marriage'];
const now = new Date('2026-03-01T00:00:00Z');

it.each([1, 2, 3, 42, 2026])('buyers paid = producers owed + fees, to the cent (seed %i)', (seed) => {
  const random = prng(seed);
  const int = (max: number) => Math.floor(random() * max);
  const producers = ['p1', 'p2', 'p3', 'p4'];
  let paid = 0;
  let fees = 0;
  const owed = new Map<string, number>();
  const expectedOwed = new Map<string, number>();
  for (let o = 0; o < 300; o++) {
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
    for (const line of lines)
      expectedOwed.set(line.producerId, (expectedOwed.get(line.producerId) ?? 0) + line.priceCents);
    let state = orderDecider.initialState();
    const apply = (command: OrderCommand) => {
      const decided = orderDecider.decide(command, state);
      const events: OrderEvent[] = Array.isArray(decided) ? decided : [decided];
      state = events.reduce(orderDecider.evolve, state);
      return orderPublication.map(events, state);
    };
    apply({
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
    const published: BeatPurchasedPayload[] = [];
    for (let d = 0; d < deliveries; d++) {
      published.push(
        ...apply({ type: 'pay', paymentRef: `pi${o}`, amountCents: total + fee, now }).map(
          (message) => message.event.payload as BeatPurchasedPayload,
        ),
      );
    }
    expect(published).toHaveLength(count);
    paid += total + fee;
    for (const p of published) {
      owed.set(p.producerId, (owed.get(p.producerId) ?? 0) + p.amountCents);
      fees += p.feeCents;
    }
  }
  const owedTotal = [...owed.values()].reduce((a, b) => a + b, 0);
  expect(owedTotal + fees).toBe(paid);
  expect(owed).toEqual(expectedOwed);
});

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
  expect(() => orderDecider.decide({ type: 'pay', paymentRef: 'x', amountCents: 1000, now }, state)).toThrow(
    'Paid 1000, expected 1020.',
  );
});
