import { randomUUID } from 'node:crypto';
import { TestPaymentProvider } from '@beatmatch/platform';
import { samplePublishedBeat } from '@beatmatch/testing';
import { testCheckoutCompleted } from './orders/checkout';
import { CHECKOUT_LIMIT } from './cart/cart';
import {
  commerceTestbed,
  stripeMockPayments,
  type CommerceService,
  type CommerceTestbed,
} from './testing/harness';

/**
 * Issue 20's money defects of the cart on PostgreSQL + Kafka (+ stripe-mock): one open checkout per
 * cart, a payment that buys nothing new given back through the provider, paying and clearing the cart
 * in one step, malformed or future-dated webhooks refused with a 4xx, and the checkout limit.
 */
let bed: CommerceTestbed;
let commerce: CommerceService;
let stripeCommerce: CommerceService;
const payments = new TestPaymentProvider();
const PRO = randomUUID();

const call = (...args: Parameters<CommerceTestbed['call']>) => bed.call(...args);
const newBeat = async () =>
  (
    await bed.publishBeat(
      samplePublishedBeat({ beatId: randomUUID(), producerId: PRO, name: 'Integrity Beat' }),
    )
  ).beatId;
const add = (service: CommerceService, who: string, beatId: string) =>
  call(service, '/cart/update', { beatId, beatPackage: 'First Date Package', update: 'add' }, who);
const checkout = async (service: CommerceService, who: string) => {
  const answer = await call(service, '/checkout', {}, who);
  expect(answer.status).toBe(200);
  return answer.body as { sessionId: string; orderId: string; amount: string };
};
const pay = (who: string, sessionId: string) =>
  call(commerce, '/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' }, who);
const purchases = async (who: string) =>
  (await call(commerce, '/purchases', {}, who)).body.purchases as { beatId: string }[];
const cartBeats = async (who: string) =>
  ((await call(commerce, '/cart/items', {}, who)).body.cart as { beatId: string }[]).map((i) => i.beatId);
const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const signed = (service: CommerceService, event: unknown, timestamp?: number) => {
  const payload = JSON.stringify(event);
  return bed.stripeWebhook(service, payload, service.signer.sign(payload, timestamp));
};

beforeAll(async () => {
  bed = await commerceTestbed('integrity', { webhookSecret: 'whsec_' + 'i'.repeat(40) });
  commerce = await bed.commerce({ payments, consumer: `commerce-integrity-${randomUUID()}` });
  await commerce.start();
  stripeCommerce = await bed.commerce({ payments: stripeMockPayments() });
}, 60_000);

afterAll(() => bed?.close());

describe('one open checkout per cart (issue 20, 1)', () => {
  it('answers the open checkout again for the same cart; a changed cart voids it, and paying the voided one is refunded', async () => {
    const buyer = randomUUID();
    const [first, second] = [await newBeat(), await newBeat()];
    await add(commerce, buyer, first);
    const opened = await checkout(commerce, buyer);
    expect(await checkout(commerce, buyer)).toEqual(opened);

    await add(commerce, buyer, second);
    const replacing = await checkout(commerce, buyer);
    expect(replacing.sessionId).not.toBe(opened.sessionId);
    expect((await pay(buyer, replacing.sessionId)).status).toBe(200);
    // The first session was still on screen somewhere and is paid too: nothing new, all given back.
    expect((await pay(buyer, opened.sessionId)).status).toBe(200);
    expect((await purchases(buyer)).map((p) => p.beatId).sort()).toEqual([first, second].sort());
    expect(await bed.outbox('commerce.BeatPurchased', 'orderId', opened.orderId)).toEqual([]);
    expect(payments.refunds).toContainEqual(
      expect.objectContaining({
        paymentRef: `pi_test_${opened.orderId.replace(/-/g, '')}`,
        amountCents: cents(opened.amount),
      }),
    );
    expect(await cartBeats(buyer)).toEqual([]);
  });

  it('a payment for a beat and package the buyer owns already is refunded through Stripe and buys nothing', async () => {
    const buyer = randomUUID();
    const owned = await newBeat();
    const orders = [];
    for (let round = 0; round < 2; round++) {
      await add(stripeCommerce, buyer, owned);
      const order = await checkout(stripeCommerce, buyer);
      const completed = testCheckoutCompleted(
        order.sessionId,
        order.orderId,
        cents(order.amount),
        new Date(),
      );
      const answer = await signed(stripeCommerce, completed);
      expect(answer.status).toBe(200);
      orders.push(order);
    }
    expect(await purchases(buyer)).toHaveLength(1);
    expect(await bed.outbox('commerce.BeatPurchased', 'orderId', orders[1]!.orderId)).toEqual([]);
    const { rows } = await bed.db.query<{ data: { reason: string; amountCents: number } }>(
      `SELECT data FROM ${bed.schema}.events WHERE stream_name = $1 AND type = 'DuplicatePaymentRefunded'`,
      [`order:${orders[1]!.orderId}`],
    );
    expect(rows.map((row) => row.data)).toEqual([
      expect.objectContaining({ reason: 'already_owned', amountCents: cents(orders[1]!.amount) }),
    ]);
    expect(await cartBeats(buyer)).toEqual([]);
  });
});

describe('paying an order and clearing its cart are one step (issue 20, 5)', () => {
  it('a failure while clearing the cart leaves the order unpaid; the redelivery pays it and clears the cart', async () => {
    const buyer = randomUUID();
    const beatId = await newBeat();
    await add(commerce, buyer, beatId);
    const order = await checkout(commerce, buyer);
    // The database refuses the cart's step once, as a crash between the two would.
    const trigger = `fail_cart_${randomUUID().replace(/-/g, '')}`;
    await bed.db.exec(`
      CREATE FUNCTION ${bed.schema}.${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the cart step failed'; END $$;
      CREATE TRIGGER ${trigger} BEFORE INSERT ON ${bed.schema}.events FOR EACH ROW
        WHEN (NEW.type = 'CartItemsPurchased') EXECUTE FUNCTION ${bed.schema}.${trigger}();`);
    const completed = testCheckoutCompleted(order.sessionId, order.orderId, cents(order.amount), new Date());
    const failed = await signed(commerce, completed);
    await bed.db.exec(`DROP TRIGGER ${trigger} ON ${bed.schema}.events`);
    expect(failed.status).toBe(500);
    expect(await purchases(buyer)).toEqual([]);
    expect(await bed.outbox('commerce.BeatPurchased', 'orderId', order.orderId)).toEqual([]);
    expect(await cartBeats(buyer)).toEqual([beatId]);

    expect((await signed(commerce, completed)).status).toBe(200);
    expect((await purchases(buyer)).map((p) => p.beatId)).toEqual([beatId]);
    expect(await cartBeats(buyer)).toEqual([]);
  });
});

describe('webhooks that are signed but can not be read (issue 20, 6)', () => {
  it('answers 400 to a signed event of the wrong shape, never 500, and applies nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const malformed = [
      { id: 'evt_bad_1', type: 'checkout.session.completed', created: now, data: {} },
      { id: 'evt_bad_2', type: 'checkout.session.completed', created: now, data: { object: { id: 7 } } },
      { id: 'evt_bad_3', type: 'invoice.paid', created: now, data: { object: { amount_paid: 'lots' } } },
      { id: 'evt_bad_4', type: 'charge.refunded', created: 'today', data: { object: {} } },
    ];
    for (const event of malformed) {
      const answer = await signed(commerce, event);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('WEBHOOK_MALFORMED');
    }
  });

  it("refuses a timestamp further in the future than the provider's tolerance (300 s)", async () => {
    const buyer = randomUUID();
    await add(commerce, buyer, await newBeat());
    const order = await checkout(commerce, buyer);
    const completed = testCheckoutCompleted(order.sessionId, order.orderId, cents(order.amount), new Date());
    const future = await signed(commerce, completed, Math.floor(Date.now() / 1000) + 3600);
    expect(future.status).toBe(400);
    expect(await purchases(buyer)).toEqual([]);
    expect((await signed(commerce, completed, Math.floor(Date.now() / 1000) + 60)).status).toBe(200);
  });
});

describe('the checkout limit (issue 20, 7)', () => {
  it(`opens at most ${CHECKOUT_LIMIT} payment sessions a minute per cart; the open one is always answered`, async () => {
    const buyer = randomUUID();
    let last: { sessionId: string } | undefined;
    for (let round = 0; round < CHECKOUT_LIMIT; round++) {
      await add(commerce, buyer, await newBeat());
      last = await checkout(commerce, buyer);
    }
    expect(await checkout(commerce, buyer)).toMatchObject({ sessionId: last!.sessionId });
    await add(commerce, buyer, await newBeat());
    const limited = await call(commerce, '/checkout', {}, buyer);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
  });
});
