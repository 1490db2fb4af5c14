import { randomUUID } from 'node:crypto';
import { ApiClient } from './apiClient';

/*
 * The kill -9 rounds of issue 20 ("Done when"), shared by the embedded profile's spec
 * (checkoutCrash.e2e.spec.ts) and the distributed profile's (e2e-distributed/checkoutCrash...): guest
 * buyers fill carts, then double-click (two checkouts and a payment of each answered session, all at
 * once) while commerce is killed with SIGKILL at a random moment; after the restart each buyer checks
 * out and pays again, as a person would after an error page, until nothing is left to pay.
 */

export interface Buyer {
  client: ApiClient;
  email: string;
  beats: string[];
  /** Sessions whose payment the test provider's card form confirmed (200). */
  paid: Set<string>;
}

/** What commerce recorded, read from its tables after the rounds. */
export interface CommerceRecord {
  purchases: { buyer_id: string; beat_id: string; package: string }[];
  orders: { order_id: string; session_id: string; status: string }[];
  /** Orders whose payment (or part of it) was given back as buying nothing new. */
  refunded: { order_id: string }[];
}

/** The SQL that reads a CommerceRecord from commerce's schema. */
export const COMMERCE_RECORD_SQL = {
  purchases: 'SELECT buyer_id, beat_id, package FROM commerce.purchases WHERE refunded_at IS NULL',
  orders: 'SELECT order_id, session_id, status FROM commerce.orders',
  refunded:
    "SELECT substr(stream_name, 7) AS order_id FROM commerce.events WHERE type = 'DuplicatePaymentRefunded'",
} as const;

/** A call that may meet commerce dead (connection refused or reset, a 502 from the gateway): null then. */
const attempt = <T>(call: () => Promise<T>) => call().catch(() => null);

/**
 * A call that must get through (setting up a buyer, reading a cart): tried again when the connection
 * breaks, as after a restart the client's pooled connection to the dead process may be reset.
 */
async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await call();
    } catch (error) {
      if (tries >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

async function newBuyer(url: string, beats: string[], label: string): Promise<Buyer> {
  // Each buyer its own client address (behind the gateway's trusted proxy): the gateway's device limit.
  const address = `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const client = new ApiClient(url, { 'x-forwarded-for': address });
  expect((await retried(() => client.post('beatmatch_exclude'))).status).toBe(200);
  const chosen = beats.filter(() => Math.random() < 0.7);
  const mine = chosen.length > 0 ? chosen : [beats[0]!];
  for (const beatId of mine) {
    const add = { beatId, beatPackage: 'First Date Package', update: 'add' };
    const added = await retried(() => client.post('update_to_cart', add));
    expect(added.status).toBe(200);
  }
  return { client, email: `${label}-${randomUUID()}@example.com`, beats: mine, paid: new Set() };
}

/** One checkout and the payment of the session it answered; the checkout's status (null: no answer). */
async function checkoutAndPay(buyer: Buyer) {
  const checkout = await attempt(() =>
    buyer.client.post<{ sessionId: string }>('beatmatch_checkout', { email: buyer.email }),
  );
  if (checkout?.status !== 200) return checkout?.status ?? null;
  const sessionId = checkout.body.sessionId;
  const paid = await attempt(() =>
    buyer.client.post('beatmatch_test_checkout_pay', { sessionId, cardNumber: '4242424242424242' }),
  );
  if (paid?.status === 200) buyer.paid.add(sessionId);
  return 200;
}

/** After the error page: check out and pay again until the cart says there is nothing to pay (400). */
async function settle(buyer: Buyer) {
  for (let tries = 0; tries < 5; tries++) if ((await checkoutAndPay(buyer)) === 400) return;
  throw new Error(`${buyer.email}: still something to pay after 5 tries`);
}

/** The rounds: `crash` kills commerce with SIGKILL and resolves when it serves again. */
export async function crashRounds(options: {
  rounds: number;
  buyersPerRound: number;
  url: string;
  beats: string[];
  crash: () => Promise<void>;
}): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const group = await Promise.all(
      Array.from({ length: options.buyersPerRound }, (_, index) =>
        newBuyer(options.url, options.beats, `crash-${round}-${index}`),
      ),
    );
    buyers.push(...group);
    const burst = Promise.all(group.flatMap((buyer) => [checkoutAndPay(buyer), checkoutAndPay(buyer)]));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
    const crashed = options.crash();
    await burst;
    await crashed;
    await Promise.all(group.map(settle));
  }
  return buyers;
}

/**
 * What went wrong, each a list that should be empty: a beat and package bought twice by a buyer, a
 * bought beat left in a cart, a buyer not owning a beat they put in the cart (a lost purchase), a
 * confirmed payment that neither bought its order nor was given back.
 */
export async function findings(buyers: Buyer[], record: CommerceRecord) {
  const owned = (buyer: Buyer) =>
    record.purchases.filter((p) => p.buyer_id === `guest:${buyer.email}`).map((p) => p.beat_id);
  const bought = record.purchases.map((p) => `${p.buyer_id} ${p.beat_id} ${p.package}`);
  const carts = await Promise.all(
    buyers.map(async (buyer) => {
      const answer = await retried(() =>
        buyer.client.post<{ cart: { beatId: string }[] }>('get_cart_items', {}),
      );
      return answer.body.cart.map((item) => item.beatId);
    }),
  );
  const statusOf = new Map(record.orders.map((order) => [order.session_id, order.status]));
  const sessionOf = new Map(record.orders.map((order) => [order.order_id, order.session_id]));
  const givenBack = new Set(record.refunded.map((row) => sessionOf.get(row.order_id)));
  const confirmed = buyers.flatMap((buyer) => [...buyer.paid]);
  return {
    duplicatePurchases: bought.filter((key, index) => bought.indexOf(key) !== index),
    paidInCarts: buyers.flatMap((buyer, index) =>
      carts[index]!.filter((beatId) => owned(buyer).includes(beatId)),
    ),
    lostPurchases: buyers
      .filter((buyer) => [...buyer.beats].sort().join() !== owned(buyer).sort().join())
      .map((buyer) => buyer.email),
    unsettledPayments: confirmed.filter((id) => statusOf.get(id) !== 'paid' && !givenBack.has(id)),
    confirmedPayments: confirmed.length,
  };
}

/** The rounds' verdict: nothing bought twice, left in a cart, lost or unsettled; some payment confirmed. */
export function expectNothingWrong(found: Awaited<ReturnType<typeof findings>>) {
  expect(found).toEqual({
    duplicatePurchases: [],
    paidInCarts: [],
    lostPurchases: [],
    unsettledPayments: [],
    confirmedPayments: expect.any(Number),
  });
  // A payment whose answer died with the process is confirmed by nobody, yet bought (lostPurchases).
  expect(found.confirmedPayments).toBeGreaterThan(0);
}
