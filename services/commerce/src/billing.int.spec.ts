import { randomUUID } from 'node:crypto';
import { type BeatPublishedPayload } from '@beatmatch/contracts';
import { TestPaymentProvider, testSubscriptionId } from '@beatmatch/platform';
import { samplePublishedBeat, waitFor } from '@beatmatch/testing';
import { testCheckoutCompleted } from './orders/checkout';
import { testChargeRefunded, testInvoiceEvent } from './orders/testEvents';
import {
  commerceTestbed,
  stripeMockPayments,
  type CommerceService,
  type CommerceTestbed,
} from './testing/harness';

/**
 * Commerce's billing on PostgreSQL + Kafka (+ stripe-mock): the lifetime membership ('The Deal of A
 * Lifetime') paid through the payments port and started only by its verified webhook; plan renewals
 * and failed renewals; refunds reversing purchases — all by signed provider events.
 */
let bed: CommerceTestbed;
let commerce: CommerceService;
let stripeCommerce: CommerceService;
const PRO = randomUUID();

const publishBeat = (
  prices: BeatPublishedPayload['prices'] = { firstDate: 2999, relationship: 4999, marriage: null },
) =>
  bed.publishBeat(samplePublishedBeat({ beatId: randomUUID(), producerId: PRO, name: 'Lifer Beat', prices }));

const call = (...args: Parameters<CommerceTestbed['call']>) => bed.call(...args);
const webhook = (...args: Parameters<CommerceTestbed['stripeWebhook']>) => bed.stripeWebhook(...args);

const entitlementsPublished = (userId: string) =>
  bed.outbox<{ artistPlan: string | null; producerPlan: string | null; lifer: boolean }>(
    'commerce.EntitlementsChanged',
    'userId',
    userId,
  );

const status = async (userId: string, type: 'artist' | 'producer' = 'artist') =>
  (await call(commerce, '/members/status', { type }, userId)).body as Record<string, unknown>;

beforeAll(async () => {
  bed = await commerceTestbed('members', { webhookSecret: 'whsec_' + 'm'.repeat(40) });
  commerce = await bed.commerce({
    payments: new TestPaymentProvider(),
    consumer: `commerce-members-${randomUUID()}`,
  });
  await commerce.start();
  stripeCommerce = await bed.commerce({ payments: stripeMockPayments() });
}, 60_000);

afterAll(() => bed?.close());

describe('the lifetime membership (The Deal of A Lifetime)', () => {
  it('starts only after the verified payment, once; lifer in member_active_status and EntitlementsChanged; no service fee', async () => {
    const ann = randomUUID();
    const bob = randomUUID();
    const wanted = await publishBeat();
    for (const who of [ann, bob])
      await call(
        commerce,
        '/cart/update',
        { beatId: wanted.beatId, beatPackage: 'First Date Package', update: 'add' },
        who,
      );
    expect((await call(commerce, '/cart/items', {}, ann)).body.serviceFee).toBe('0.60');

    expect((await call(commerce, '/lifetime/checkout', { type: 'artist' })).status).toBe(401);
    const badType = await call(commerce, '/lifetime/checkout', { type: 'dj' }, ann);
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe("Please choose a type: 'artist' or 'producer'.");

    const started = await call(commerce, '/lifetime/checkout', { type: 'artist' }, ann);
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe('149.00');
    const sessionId = started.body.sessionId as string;
    expect(started.body.url).toBe(`http://beatmatch.test/checkout?plan=lifetime&session_id=${sessionId}`);
    // Not paid yet: not a member.
    expect(await status(ann)).toEqual({
      subscribed: false,
      lifer: false,
      paypal: false,
      plan: null,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
    });

    // An unsigned or forged completion changes nothing.
    const completed = JSON.stringify(
      testCheckoutCompleted(sessionId, sessionId, 14_900, new Date(), 'subscription'),
    );
    expect((await webhook(commerce, completed)).status).toBe(400);
    const forged = commerce.signer.sign(completed).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect((await webhook(commerce, completed, forged)).status).toBe(400);
    expect((await status(ann)).lifer).toBe(false);

    // Someone else can not pay Ann's session; a declined card starts nothing.
    const card = (cardNumber: string, who: string) =>
      call(commerce, '/checkout/test-pay', { sessionId, cardNumber }, who);
    expect((await card('4242424242424242', bob)).status).toBe(404);
    const declined = await card('4000 0000 0000 0002', ann);
    expect(declined.status).toBe(402);
    expect((await status(ann)).lifer).toBe(false);

    const paid = await card('4242 4242 4242 4242', ann);
    expect(paid.body).toEqual({
      redirect_status: 'succeeded',
      url: '/user/account?redirect_status=succeeded',
    });
    expect(await status(ann, 'artist')).toEqual({
      subscribed: false,
      lifer: true,
      paypal: false,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
      plan: null,
    });
    expect((await status(ann, 'producer')).lifer).toBe(true);

    // The same completion delivered three more times: still one LifetimeBought, one EntitlementsChanged.
    for (let i = 0; i < 3; i++)
      expect((await webhook(commerce, completed, commerce.signer.sign(completed))).status).toBe(200);
    const { rows } = await bed.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${bed.schema}.events WHERE stream_name = $1 AND type = 'LifetimeBought'`,
      [`membership:${ann}`],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await entitlementsPublished(ann)).toEqual([
      expect.objectContaining({ userId: ann, lifer: true, artistPlan: null, producerPlan: null }),
    ]);
    await waitFor('the membership relayed', async () => {
      const sent = await bed.db.query(
        `SELECT 1 FROM ${bed.schema}.outbox WHERE event->'payload'->>'userId' = $1 AND sent_at IS NOT NULL`,
        [ann],
      );
      return sent.rows.length === 1;
    });

    // A lifetime member pays no service fee; Bob (same cart, no membership) still does.
    expect((await call(commerce, '/cart/items', {}, ann)).body).toMatchObject({
      total: '29.99',
      serviceFee: '0.00',
      checkoutTotal: '29.99',
    });
    expect((await call(commerce, '/cart/items', {}, bob)).body.serviceFee).toBe('0.60');
    const order = await call(commerce, '/checkout', {}, ann);
    expect(order.body.amount).toBe('29.99');

    // Bought once.
    const again = await call(commerce, '/lifetime/checkout', { type: 'producer' }, ann);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already a lifetime member.');
  }, 90_000);

  it('ends a running monthly plan when bought (nothing left to pay for)', async () => {
    const carl = randomUUID();
    const plan = await call(
      commerce,
      '/subscriptions/checkout',
      { type: 'producer', plan: 'producer' },
      carl,
    );
    await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: plan.body.sessionId, cardNumber: '4242424242424242' },
      carl,
    );
    expect((await status(carl, 'producer')).plan).toBe('producer');
    const lifetime = await call(commerce, '/lifetime/checkout', { type: 'producer' }, carl);
    await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: lifetime.body.sessionId, cardNumber: '4242424242424242' },
      carl,
    );
    expect(await status(carl, 'producer')).toEqual({
      subscribed: false,
      lifer: true,
      paypal: false,
      paypalPlans: ['producer', 'producer_professional', 'producer_unlimited'],
      plan: null,
    });
    const published = await entitlementsPublished(carl);
    expect(published.map((p) => [p.producerPlan, p.lifer])).toEqual([
      ['producer', false],
      [null, true],
    ]);
  }, 60_000);

  it('on Stripe (stripe-mock): a hosted Checkout Session; its signed completion for the right amount starts it', async () => {
    const dee = randomUUID();
    const started = await call(stripeCommerce, '/lifetime/checkout', { type: 'producer' }, dee);
    expect(started.status).toBe(200);
    expect(started.body.sessionId).toMatch(/^cs_/);
    expect(started.body.amount).toBe('149.00');
    const sessionId = started.body.sessionId as string;
    // Not the price: refused (409), the provider retries, nothing starts.
    const short = JSON.stringify(
      testCheckoutCompleted(sessionId, sessionId, 100, new Date(), 'subscription'),
    );
    const refused = await webhook(stripeCommerce, short, stripeCommerce.signer.sign(short));
    expect(refused.status).toBe(409);
    expect((await status(dee)).lifer).toBe(false);
    const right = JSON.stringify(
      testCheckoutCompleted(sessionId, sessionId, 14_900, new Date(), 'subscription'),
    );
    expect((await webhook(stripeCommerce, right, stripeCommerce.signer.sign(right))).status).toBe(200);
    expect((await status(dee)).lifer).toBe(true);
  }, 60_000);
});

describe('renewals and failed renewals by webhook', () => {
  const DAY = 86_400_000;
  async function subscribe(userId: string, type: 'artist' | 'producer', plan: string) {
    const started = await call(commerce, '/subscriptions/checkout', { type, plan }, userId);
    const paid = await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: started.body.sessionId, cardNumber: '4242424242424242' },
      userId,
    );
    expect(paid.body.redirect_status).toBe('succeeded');
    // Billed as a subscription: its invoices name the subscription, never the session.
    return testSubscriptionId(started.body.sessionId as string);
  }
  const periodEnd = async (userId: string, type: 'artist' | 'producer') => {
    const { rows } = await bed.db.query<{ end: Date | null }>(
      `SELECT ${type}_period_ends_at AS end FROM ${bed.schema}.memberships WHERE user_id = $1`,
      [userId],
    );
    return rows[0]!.end!.getTime();
  };
  const count = async (userId: string, type: string) => {
    const { rows } = await bed.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${bed.schema}.events WHERE stream_name = $1 AND type = $2`,
      [`membership:${userId}`, type],
    );
    return Number(rows[0]!.n);
  };
  const send = async (event: object) => {
    const payload = JSON.stringify(event);
    return webhook(commerce, payload, commerce.signer.sign(payload));
  };

  it('a renewal moves the period on, once per event; a failed one ends the plan; a later payment revives it', async () => {
    const erin = randomUUID();
    const reference = await subscribe(erin, 'artist', 'artist_unlimited');
    const firstEnd = await periodEnd(erin, 'artist');
    // A month on (28 to 31 days).
    expect(Math.round((firstEnd - Date.now()) / DAY)).toBeGreaterThanOrEqual(28);
    expect(Math.round((firstEnd - Date.now()) / DAY)).toBeLessThanOrEqual(31);

    // Unsigned: refused, nothing changes.
    const renewal = testInvoiceEvent('invoice.paid', reference, {
      periodStart: new Date(firstEnd),
      periodEnd: new Date(firstEnd + 30 * DAY),
      amountCents: 1000,
    });
    expect((await webhook(commerce, JSON.stringify(renewal))).status).toBe(400);
    expect(await periodEnd(erin, 'artist')).toBe(firstEnd);

    // Signed, delivered three times: one renewal.
    for (let i = 0; i < 3; i++) expect((await send(renewal)).status).toBe(200);
    const secondEnd = await periodEnd(erin, 'artist');
    expect(secondEnd).toBe(Math.floor((firstEnd + 30 * DAY) / 1000) * 1000);
    expect(await count(erin, 'PlanRenewed')).toBe(1);
    // Stripe's second event for the same invoice (payment_succeeded, another id): nothing more.
    const twin = await send({
      ...renewal,
      id: `evt_twin_${randomUUID()}`,
      type: 'invoice.payment_succeeded',
    });
    expect(twin.body.outcome).toBe('ignored');
    expect(await count(erin, 'PlanRenewed')).toBe(1);
    expect(await status(erin)).toEqual({
      subscribed: true,
      lifer: false,
      paypal: false,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
      plan: 'artist_unlimited',
    });

    // The next renewal fails: the plan ends at once, EntitlementsChanged says so; replays change nothing.
    const failed = testInvoiceEvent('invoice.payment_failed', reference, {
      periodStart: new Date(secondEnd),
      periodEnd: new Date(secondEnd + 30 * DAY),
      amountCents: 1000,
    });
    expect((await send(failed)).body.outcome).toBe('failed');
    expect((await send(failed)).body.outcome).toBe('ignored');
    expect(await count(erin, 'PlanEnded')).toBe(1);
    expect(await status(erin)).toEqual({
      subscribed: false,
      lifer: false,
      paypal: false,
      plan: null,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
    });
    expect((await entitlementsPublished(erin)).map((p) => p.artistPlan)).toEqual([
      'artist_unlimited',
      'artist_unlimited',
      null,
    ]);

    // The provider's retry succeeds: the plan runs again to the new period's end.
    const retried = testInvoiceEvent('invoice.paid', reference, {
      periodStart: new Date(secondEnd),
      periodEnd: new Date(secondEnd + 31 * DAY),
      amountCents: 1000,
    });
    expect((await send(retried)).body.outcome).toBe('paid');
    expect((await status(erin)).plan).toBe('artist_unlimited');
    expect(await periodEnd(erin, 'artist')).toBe(Math.floor((secondEnd + 31 * DAY) / 1000) * 1000);
    // The failure delivered once more, late: idempotent on its event id, the plan stays.
    expect((await send(failed)).body.outcome).toBe('ignored');
    expect((await status(erin)).subscribed).toBe(true);
    expect((await entitlementsPublished(erin)).at(-1)!.artistPlan).toBe('artist_unlimited');
  }, 60_000);

  it('the test provider bills a plan under its subscription; a trial starts it with nothing paid yet', async () => {
    const gus = randomUUID();
    const started = await call(
      commerce,
      '/subscriptions/checkout',
      { type: 'producer', plan: 'producer_professional', weekTrial: true },
      gus,
    );
    const sessionId = started.body.sessionId as string;
    await call(commerce, '/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' }, gus);
    expect((await status(gus, 'producer')).plan).toBe('producer_professional');
    // The trial's end is the first period's end (7 days).
    expect(Math.round(((await periodEnd(gus, 'producer')) - Date.now()) / DAY)).toBe(7);
    // The session id is no longer a reference: a renewal naming it changes nothing.
    const bySession = testInvoiceEvent('invoice.paid', sessionId, {
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 40 * DAY),
      amountCents: 800,
    });
    expect((await send(bySession)).status).toBe(200);
    expect(await count(gus, 'PlanRenewed')).toBe(0);
    const renewal = testInvoiceEvent('invoice.paid', testSubscriptionId(sessionId), {
      periodStart: new Date(Date.now() + 7 * DAY),
      periodEnd: new Date(Date.now() + 37 * DAY),
      amountCents: 800,
    });
    expect((await send(renewal)).status).toBe(200);
    expect(await count(gus, 'PlanRenewed')).toBe(1);
    expect(Math.round(((await periodEnd(gus, 'producer')) - Date.now()) / DAY)).toBe(37);
  }, 60_000);

  it('on Stripe (stripe-mock): a subscription-mode session; its completion (trial: nothing paid) starts the plan under the subscription, whose invoices renew it', async () => {
    const hal = randomUUID();
    const started = await call(
      stripeCommerce,
      '/subscriptions/checkout',
      { type: 'artist', plan: 'artist_professional', weekTrial: true },
      hal,
    );
    expect(started.status).toBe(200);
    expect(started.body.sessionId).toMatch(/^cs_/);
    const sessionId = started.body.sessionId as string;
    const subscriptionId = `sub_${randomUUID().replace(/-/g, '')}`;
    const completed = JSON.stringify(
      testCheckoutCompleted(sessionId, sessionId, 800, new Date(), 'subscription', {
        subscriptionId,
        trialDays: 7,
      }),
    );
    expect(JSON.parse(completed).data.object).toMatchObject({
      mode: 'subscription',
      payment_status: 'no_payment_required',
      subscription: subscriptionId,
    });
    const answer = await webhook(stripeCommerce, completed, stripeCommerce.signer.sign(completed));
    expect(answer.status).toBe(200);
    const mine = (await call(stripeCommerce, '/members/status', { type: 'artist' }, hal)).body;
    expect(mine).toMatchObject({ subscribed: true, plan: 'artist_professional', paypal: false });
    expect(Math.round(((await periodEnd(hal, 'artist')) - Date.now()) / DAY)).toBe(7);
    const renewal = JSON.stringify(
      testInvoiceEvent('invoice.paid', subscriptionId, {
        periodStart: new Date(Date.now() + 7 * DAY),
        periodEnd: new Date(Date.now() + 37 * DAY),
        amountCents: 800,
      }),
    );
    expect((await webhook(stripeCommerce, renewal, stripeCommerce.signer.sign(renewal))).status).toBe(200);
    expect(await count(hal, 'PlanRenewed')).toBe(1);
    expect(Math.round(((await periodEnd(hal, 'artist')) - Date.now()) / DAY)).toBe(37);
  }, 60_000);

  it('create_portal_session: the test provider answers its portal on the plan page; Stripe (stripe-mock) a Billing Portal session for the customer the plan was bought as', async () => {
    const ivy = randomUUID();
    expect((await call(commerce, '/subscriptions/portal', { type: 'producer' })).status).toBe(401);
    const local = await call(commerce, '/subscriptions/portal', { type: 'producer' }, ivy);
    expect((local.body as { url: string }).url).toMatch(
      /^http:\/\/beatmatch\.test\/user\/subscriptions\?portal_session=bps_test_\w+$/,
    );
    const artist = await call(commerce, '/subscriptions/portal', { type: 'artist' }, ivy);
    expect((artist.body as { url: string }).url).toMatch(
      /^http:\/\/beatmatch\.test\/user\/marketplace_pro\?portal_session=bps_test_\w+$/,
    );

    const started = await call(
      stripeCommerce,
      '/subscriptions/checkout',
      { type: 'producer', plan: 'producer' },
      ivy,
    );
    expect(started.status).toBe(200);
    const { rows } = await bed.db.query<{ customer_id: string }>(
      `SELECT customer_id FROM ${bed.schema}.subscription_sessions WHERE session_id = $1`,
      [started.body.sessionId],
    );
    expect(rows[0]!.customer_id).toMatch(/^cus_/);
    const portal = await call(stripeCommerce, '/subscriptions/portal', { type: 'producer' }, ivy);
    expect(portal.status).toBe(200);
    // stripe-mock answers its fixture's portal URL; the plan page is never the answer on Stripe.
    expect(portal.body.url).toMatch(/^https:\/\//);
    expect(portal.body.url).not.toContain('beatmatch.test');
  }, 60_000);

  it('a cancelled plan is not revived by a late renewal; an unknown reference changes nothing', async () => {
    const fay = randomUUID();
    const reference = await subscribe(fay, 'producer', 'producer_professional');
    expect((await call(commerce, '/subscriptions/cancel', { type: 'producer' }, fay)).status).toBe(200);
    const late = testInvoiceEvent('invoice.paid', reference, {
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 60 * DAY),
      amountCents: 800,
    });
    expect((await send(late)).body.outcome).toBe('ignored');
    expect((await status(fay, 'producer')).subscribed).toBe(false);
    const failedUnknown = testInvoiceEvent('invoice.payment_failed', 'sub_nobody', {
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY),
      amountCents: 800,
    });
    const unknown = await send(failedUnknown);
    expect(unknown.status).toBe(200);
    expect(unknown.body.outcome).toBe('ignored');
    expect(await count(fay, 'PlanRenewed')).toBe(0);
  }, 60_000);
});

describe('refunds by webhook', () => {
  const send = async (event: object) => {
    const payload = JSON.stringify(event);
    return webhook(commerce, payload, commerce.signer.sign(payload));
  };
  const outbox = (type: string, orderId: string) => bed.outbox(type, 'orderId', orderId);

  it('reverses purchases (one named, then the rest): refused downloads, void licences, PurchaseRefunded once each', async () => {
    const gus = randomUUID();
    const a = await publishBeat();
    const b = await publishBeat();
    await call(
      commerce,
      '/cart/update',
      { beatId: a.beatId, beatPackage: 'Relationship Package', update: 'add' },
      gus,
    );
    await call(
      commerce,
      '/cart/update',
      { beatId: b.beatId, beatPackage: 'First Date Package', update: 'add' },
      gus,
    );
    const order = await call(commerce, '/checkout', {}, gus);
    // 49.99 + 29.99 = 79.98; fee 2 % = 1.5996 → $1.60, split 1.00 / 0.60 over the lines.
    expect(order.body.amount).toBe('81.58');
    const orderId = order.body.orderId as string;
    await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: order.body.sessionId, cardNumber: '4242424242424242' },
      gus,
    );
    const { rows } = await bed.db.query<{ payment_ref: string }>(
      `SELECT payment_ref FROM ${bed.schema}.orders WHERE order_id = $1`,
      [orderId],
    );
    const paymentRef = rows[0]!.payment_ref;
    expect(paymentRef).toMatch(/^pi_test_/);
    const purchases = (await call(commerce, '/purchases', {}, gus)).body.purchases as Array<{
      purchaseId: string;
      beatId: string;
      downloads: unknown[];
      refunded?: boolean;
    }>;
    const pa = purchases.find((p) => p.beatId === a.beatId)!;
    const pb = purchases.find((p) => p.beatId === b.beatId)!;

    // Unsigned: refused, nothing changes.
    const refundB = testChargeRefunded(paymentRef, {
      amountCents: 8158,
      amountRefunded: 3059,
      purchaseIds: [pb.purchaseId],
    });
    expect((await webhook(commerce, JSON.stringify(refundB))).status).toBe(400);
    expect(await outbox('commerce.PurchaseRefunded', orderId)).toEqual([]);

    // Beat B's refund (its price 29.99 + its fee share 0.60), delivered three times: reversed once.
    for (let i = 0; i < 3; i++) expect((await send(refundB)).status).toBe(200);
    expect(await outbox('commerce.PurchaseRefunded', orderId)).toEqual([
      expect.objectContaining({
        purchaseId: pb.purchaseId,
        beatId: b.beatId,
        producerId: PRO,
        buyerId: gus,
        amountCents: 2999,
        feeCents: 60,
        currency: 'usd',
      }),
    ]);
    const refused = await call(
      commerce,
      '/downloads',
      { downloadable: 'mp3', beatId: b.beatId, urlId: pb.purchaseId },
      gus,
    );
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe('This purchase was refunded.');
    const verify = async (purchaseId: string) =>
      (await call(commerce, '/licences/verify', { purchaseId })).body as { genuine: boolean };
    expect((await verify(pb.purchaseId)).genuine).toBe(false);
    expect((await verify(pa.purchaseId)).genuine).toBe(true);
    const listed = (await call(commerce, '/purchases', {}, gus)).body.purchases as typeof purchases;
    expect(listed.find((p) => p.purchaseId === pb.purchaseId)).toMatchObject({
      refunded: true,
      downloads: [],
    });
    expect(listed.find((p) => p.purchaseId === pa.purchaseId)!.refunded).toBeUndefined();
    expect(listed.find((p) => p.purchaseId === pa.purchaseId)!.downloads).toHaveLength(3);

    // $5 more refunded with no purchase named: no whole purchases match — acknowledged, nothing reversed.
    const odd = await send(testChargeRefunded(paymentRef, { amountCents: 8158, amountRefunded: 3559 }));
    expect(odd.status).toBe(200);
    expect(odd.body.outcome).toBe('ignored');
    expect(await outbox('commerce.PurchaseRefunded', orderId)).toHaveLength(1);

    // The whole rest (49.99 + 1.00): beat A reversed too; the order is refunded.
    const rest = testChargeRefunded(paymentRef, { amountCents: 8158, amountRefunded: 8158 });
    expect((await send(rest)).body.outcome).toBe('paid');
    expect((await send(rest)).body.outcome).toBe('ignored');
    const refunds = await outbox('commerce.PurchaseRefunded', orderId);
    expect(refunds.map((p) => [p.purchaseId, p.amountCents, p.feeCents])).toEqual([
      [pb.purchaseId, 2999, 60],
      [pa.purchaseId, 4999, 100],
    ]);
    expect((await verify(pa.purchaseId)).genuine).toBe(false);
    const status = await bed.db.query<{ status: string }>(
      `SELECT status FROM ${bed.schema}.orders WHERE order_id = $1`,
      [orderId],
    );
    expect(status.rows[0]!.status).toBe('refunded');

    // To the cent: what the buyer paid less refunds less kept fees is what the producer is owed (0).
    const bought = await outbox('commerce.BeatPurchased', orderId);
    const paid = bought.reduce((sum, p) => sum + (p.amountCents as number) + (p.feeCents as number), 0);
    const refunded = refunds.reduce((sum, p) => sum + (p.amountCents as number) + (p.feeCents as number), 0);
    expect(paid).toBe(8158);
    expect(paid - refunded).toBe(0);

    // A refund for a payment that is no order (a plan's charge, or unknown): acknowledged, ignored.
    const foreign = await send(
      testChargeRefunded('pi_test_unknown', { amountCents: 400, amountRefunded: 400 }),
    );
    expect(foreign.body.outcome).toBe('ignored');
  }, 90_000);
});
