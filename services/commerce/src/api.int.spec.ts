import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import {
  integrationEvent,
  type BeatDna,
  type BeatPublishedPayload,
  type IntegrationEvent,
} from '@beatmatch/contracts';
import { blobRoutes, TestPaymentProvider } from '@beatmatch/platform';
import { sampleDna, samplePublishedBeat, waitFor } from '@beatmatch/testing';
import { testCheckoutCompleted } from './orders/checkout';
import {
  commerceTestbed,
  stripeMockPayments,
  type CommerceService,
  type CommerceTestbed,
} from './testing/harness';

/**
 * Commerce on PostgreSQL and Kafka: the catalog's events (on a fresh topic) feed the projection the
 * cart prices from; checkout on the local test provider (a declined card, then a good one) and on
 * Stripe (stripe-mock) with signed webhooks; one purchase however often the webhook comes; downloads
 * only for the buyer; the licence PDF and its check.
 */
let bed: CommerceTestbed;
let commerce: CommerceService;
let stripeCommerce: CommerceService;
const blobApp = express();

const ANN = randomUUID(); // artist
const BOB = randomUUID(); // another artist
const PRO = randomUUID(); // producer
const DEVICE = randomUUID();
/** A visitor on the browser holding DEVICE's device cookie, as the gateway vouches for it. */
const VISITOR = { deviceId: DEVICE };

const dna: BeatDna = sampleDna();
const beat = (overrides: Partial<BeatPublishedPayload> = {}): BeatPublishedPayload => {
  const beatId = overrides.beatId ?? randomUUID();
  return samplePublishedBeat({
    beatId,
    producerId: PRO,
    name: 'Night Drive',
    coverArtUrl: `/api/beatmatch_cover_art?beatId=${beatId}&v=1`,
    dna,
    ...overrides,
  });
};

async function publish(event: IntegrationEvent, key: string) {
  await bed.bus.publish(bed.catalogTopic, [{ key, event }]);
}

async function publishBeat(overrides: Partial<BeatPublishedPayload> = {}) {
  const payload = await bed.publishBeat(beat(overrides));
  await bed.blobs!.put(payload.files.mp3Key, Readable.from(Buffer.from('ID3 mp3 bytes')));
  await bed.blobs!.put(payload.files.wavKey!, Readable.from(Buffer.from('RIFF wav bytes')));
  return payload;
}

const call = (...args: Parameters<CommerceTestbed['call']>) => bed.call(...args);
const anonymous = async () => bed.headers();
const outboxPurchases = async (orderId: string) =>
  (await bed.outbox('commerce.BeatPurchased', 'orderId', orderId)).length;

beforeAll(async () => {
  bed = await commerceTestbed('api', { webhookSecret: 'whsec_' + 'x'.repeat(40), blobs: true });
  blobApp.use('/blobs', blobRoutes(bed.blobs!));
  commerce = await bed.commerce({
    payments: new TestPaymentProvider(),
    consumer: `commerce-test-${randomUUID()}`,
  });
  await commerce.start();
  // The same tables, paid through Stripe's API (stripe-mock): only the HTTP side is used.
  stripeCommerce = await bed.commerce({ payments: stripeMockPayments() });
}, 60_000);

afterAll(() => bed?.close());

describe('cart', () => {
  it('prices from the projection, one package per beat, fee half-up capped at $2, merges a visitor cart on login', async () => {
    const a = await publishBeat();
    const b = await publishBeat({
      name: 'Sunrise',
      prices: { firstDate: 1025, relationship: 2000, marriage: null },
    });

    // A visitor (device uuid) adds; the client's price is never read.
    const added = await call(
      commerce,
      '/cart/update',
      {
        beatId: a.beatId,
        beatPackage: 'First Date Package',
        update: 'add',
        uuid: DEVICE,
        beatPrice: '0.01',
      },
      VISITOR,
    );
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('added');
    expect(added.body.cart).toEqual([
      expect.objectContaining({
        beatId: a.beatId,
        beatPrice: '29.99',
        beatPackage: 'First Date Package',
        available: true,
      }),
    ]);
    expect(added.body).toMatchObject({ total: '29.99', serviceFee: '0.60', checkoutTotal: '30.59' });

    const again = await call(
      commerce,
      '/cart/update',
      {
        beatId: a.beatId,
        beatPackage: 'Relationship Package',
        update: 'add',
        uuid: DEVICE,
      },
      VISITOR,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This beat is already in your cart with another package.');
    const upgraded = await call(
      commerce,
      '/cart/update',
      {
        beatId: a.beatId,
        beatPackage: 'Relationship Package',
        update: 'upgrade',
        uuid: DEVICE,
      },
      VISITOR,
    );
    expect(upgraded.body.cart[0]).toMatchObject({ beatPackage: 'Relationship Package', beatPrice: '49.99' });

    // Marriage is not offered for b ('-').
    const noMarriage = await call(
      commerce,
      '/cart/update',
      {
        beatId: b.beatId,
        beatPackage: 'Marriage Package',
        update: 'add',
        uuid: DEVICE,
      },
      VISITOR,
    );
    expect(noMarriage.status).toBe(400);
    expect(noMarriage.body.message).toBe('This package is not offered for this beat.');

    // Ann already has b in her own cart; signing in on the device's browser (its device cookie) merges
    // the device cart into hers.
    await call(
      commerce,
      '/cart/update',
      { beatId: b.beatId, beatPackage: 'First Date Package', update: 'add' },
      ANN,
    );
    const merged = await call(commerce, '/cart/items', { uuid: DEVICE }, { userId: ANN, deviceId: DEVICE });
    expect(merged.body.cart.map((item: { beatId: string }) => item.beatId).sort()).toEqual(
      [a.beatId, b.beatId].sort(),
    );
    // 49.99 + 10.25 = 60.24 → 2 % = 1.2048 → $1.20
    expect(merged.body).toMatchObject({ total: '60.24', serviceFee: '1.20', checkoutTotal: '61.44' });
    const device = await call(commerce, '/cart/items', { uuid: DEVICE }, VISITOR);
    expect(device.body.cart).toEqual([]);

    // Re-priced and deleted beats show visibly.
    await publish(
      integrationEvent(
        'catalog.BeatPriced',
        1,
        {
          beatId: b.beatId,
          prices: { firstDate: 1500, relationship: 2000, marriage: null },
          pricedAt: new Date().toISOString(),
        },
        new Date(),
      ),
      b.beatId,
    );
    await waitFor('the new price in the cart', async () => {
      const view = await call(commerce, '/cart/items', {}, ANN);
      return view.body.cart.some((item: { notice: string | null }) =>
        item.notice?.startsWith('Price changed'),
      );
    });
    const repriced = await call(commerce, '/cart/items', {}, ANN);
    expect(repriced.body.cart.find((i: { beatId: string }) => i.beatId === b.beatId)).toMatchObject({
      beatPrice: '15.00',
      notice: 'Price changed from $10.25 to $15.00.',
    });
    await call(commerce, '/cart/update', { beatId: b.beatId, update: 'remove' }, ANN);
    const removed = await call(commerce, '/cart/items', {}, ANN);
    expect(removed.body.cart.map((i: { beatId: string }) => i.beatId)).toEqual([a.beatId]);

    // A beat deleted while in the cart stays visible, unavailable, out of the total and of checkout.
    await publish(
      integrationEvent(
        'catalog.BeatDeleted',
        1,
        { beatId: a.beatId, producerId: PRO, deletedAt: new Date().toISOString() },
        new Date(),
      ),
      a.beatId,
    );
    await waitFor('the deleted beat unavailable in the cart', async () => {
      const view = await call(commerce, '/cart/items', {}, ANN);
      return view.body.cart[0]?.available === false;
    });
    const gone = await call(commerce, '/cart/items', {}, ANN);
    expect(gone.body).toMatchObject({ total: '0.00', serviceFee: '0.00', checkoutTotal: '0.00' });
    expect(gone.body.cart[0]).toMatchObject({
      beatId: a.beatId,
      notice: 'This beat was removed by its producer.',
    });
    const nothing = await call(commerce, '/checkout', {}, ANN);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing in your cart can be bought.');
  }, 60_000);

  it('refuses bad input with the messages, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{ update: 'add', beatPackage: 'First Date Package', uuid: DEVICE }, 400, 'Please choose a beat.'],
      [
        { beatId: randomUUID(), update: 'add', beatPackage: 'First Date Package', uuid: DEVICE },
        404,
        'Beat not found.',
      ],
      [
        { beatId: '-1', update: 'add', beatPackage: 'First Date Package', uuid: DEVICE },
        404,
        'Beat not found.',
      ],
      [
        { beatId: 'x', update: 'buy', uuid: DEVICE },
        400,
        'Please choose an update: add, upgrade, remove or reset.',
      ],
      [
        { beatId: 'x', update: 'add', beatPackage: 'Gold', uuid: DEVICE },
        400,
        'Please choose a package: First Date Package, Relationship Package or Marriage Package.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(commerce, '/cart/update', body, VISITOR);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    // A visitor without a device the gateway vouches for has no cart, whatever uuid the body names;
    // a body uuid is still validated.
    for (const body of [{}, { uuid: DEVICE }]) {
      for (const pathName of ['/cart/items', '/cart/update']) {
        const res = await call(commerce, pathName, { ...body, update: 'reset' });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: expect.objectContaining({ message: 'A device id (uuid) is required.', code: 'uuid' }),
        });
      }
    }
    const tooLong = await call(commerce, '/cart/items', { uuid: 'x'.repeat(101) }, VISITOR);
    expect(tooLong.status).toBe(400);
    // A producer can not buy their own beat.
    const own = await publishBeat();
    const mine = await call(
      commerce,
      '/cart/update',
      { beatId: own.beatId, beatPackage: 'First Date Package', update: 'add' },
      PRO,
    );
    expect(mine.status).toBe(400);
    expect(mine.body.message).toBe('You can not buy your own beat.');
    const anonymousCheckout = await call(commerce, '/checkout', { uuid: DEVICE });
    expect(anonymousCheckout.status).toBe(401);
  }, 60_000);
});

describe("a visitor's cart is the device the gateway vouches for, never the body's uuid", () => {
  const ids = (res: { body: { cart: { beatId: string }[] } }) =>
    res.body.cart.map((item) => item.beatId).sort();

  it("another visitor's uuid in the body neither reads nor changes that cart", async () => {
    const a = await publishBeat({ name: 'Victim Beat' });
    const b = await publishBeat({ name: 'Intruder Beat' });
    const victim = { deviceId: randomUUID() };
    const intruder = { deviceId: randomUUID() };
    const added = await call(
      commerce,
      '/cart/update',
      { beatId: a.beatId, beatPackage: 'First Date Package', update: 'add', uuid: victim.deviceId },
      victim,
    );
    expect(added.body.message).toBe('added');

    // The intruder names the victim's uuid: every call acts on the intruder's own (empty) cart.
    const read = await call(commerce, '/cart/items', { uuid: victim.deviceId }, intruder);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ cart: [], total: '0.00' });
    const removed = await call(
      commerce,
      '/cart/update',
      { beatId: a.beatId, update: 'remove', uuid: victim.deviceId },
      intruder,
    );
    expect(removed.body).toMatchObject({ message: 'removed', cart: [] });
    // An upgrade of a beat not in the cart adds it — to the intruder's cart.
    const upgraded = await call(
      commerce,
      '/cart/update',
      { beatId: a.beatId, beatPackage: 'Relationship Package', update: 'upgrade', uuid: victim.deviceId },
      intruder,
    );
    expect(upgraded.body.cart).toEqual([
      expect.objectContaining({ beatId: a.beatId, beatPackage: 'Relationship Package' }),
    ]);
    const reset = await call(commerce, '/cart/update', { update: 'reset', uuid: victim.deviceId }, intruder);
    expect(reset.status).toBe(200);
    const planted = await call(
      commerce,
      '/cart/update',
      { beatId: b.beatId, beatPackage: 'First Date Package', update: 'add', uuid: victim.deviceId },
      intruder,
    );
    expect(planted.body.message).toBe('added');
    expect(ids(planted)).toEqual([b.beatId]);

    // The victim's cart is as the victim left it; the planted beat is in the intruder's cart only.
    const mine = await call(commerce, '/cart/items', { uuid: victim.deviceId }, victim);
    expect(mine.body.cart).toEqual([
      expect.objectContaining({ beatId: a.beatId, beatPackage: 'First Date Package' }),
    ]);
    expect(ids(await call(commerce, '/cart/items', {}, intruder))).toEqual([b.beatId]);

    // No vouched device (or one the gateway could not have vouched for): no cart, whatever the body says.
    for (const who of [undefined, { deviceId: 'not a device!' }]) {
      const bare = await call(commerce, '/cart/items', { uuid: victim.deviceId }, who);
      expect({ status: bare.status, code: bare.body.code }).toEqual({ status: 400, code: 'uuid' });
    }
  }, 60_000);

  it("a signed-in user naming another device's uuid does not merge that cart (cart or checkout)", async () => {
    const a = await publishBeat({ name: 'Device Beat' });
    const device = { deviceId: randomUUID() };
    const dana = randomUUID();
    await call(
      commerce,
      '/cart/update',
      { beatId: a.beatId, beatPackage: 'Relationship Package', update: 'add', uuid: device.deviceId },
      device,
    );

    // Eve, signed in on her own browser (its own device, or none), checks out naming the device's uuid:
    // nothing of the device's cart is hers to pay.
    const eve = randomUUID();
    for (const who of [{ userId: eve, deviceId: randomUUID() }, eve]) {
      const checkout = await call(commerce, '/checkout', { uuid: device.deviceId }, who);
      expect({ status: checkout.status, message: checkout.body.message }).toEqual({
        status: 400,
        message: 'Nothing in your cart can be bought.',
      });
    }
    // Dana, likewise, reads her cart naming the device's uuid: it stays empty.
    for (const who of [{ userId: dana, deviceId: randomUUID() }, dana]) {
      expect((await call(commerce, '/cart/items', { uuid: device.deviceId }, who)).body.cart).toEqual([]);
    }

    // The device's cart is untouched, and merges only when Dana signs in on that browser.
    expect(ids(await call(commerce, '/cart/items', {}, device))).toEqual([a.beatId]);
    const onDevice = await call(commerce, '/cart/items', {}, { userId: dana, deviceId: device.deviceId });
    expect(ids(onDevice)).toEqual([a.beatId]);
    expect((await call(commerce, '/cart/items', {}, device)).body.cart).toEqual([]);
  }, 60_000);
});

describe('checkout on the local test provider', () => {
  it("declined card keeps the cart; a good card pays once; purchases and downloads are the buyer's only", async () => {
    const wanted = await publishBeat({ name: 'Paid Beat' });
    await call(commerce, '/cart/update', { update: 'reset' }, BOB);
    await call(
      commerce,
      '/cart/update',
      { beatId: wanted.beatId, beatPackage: 'Relationship Package', update: 'add' },
      BOB,
    );
    const started = await call(commerce, '/checkout', {}, BOB);
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe('50.99'); // 49.99 + 1.00 (2 % = 0.9998 → $1.00)
    expect(started.body.url).toContain(`/checkout?orderId=${started.body.orderId}`);
    const { sessionId, orderId } = started.body as { sessionId: string; orderId: string };

    const declined = await call(
      commerce,
      '/checkout/test-pay',
      { sessionId, cardNumber: '4000 0000 0000 0002' },
      BOB,
    );
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect((await call(commerce, '/cart/items', {}, BOB)).body.cart).toHaveLength(1);
    expect((await call(commerce, '/purchases', {}, BOB)).body.purchases).toEqual([]);
    // Someone else can not pay (or see) Bob's session.
    expect(
      (await call(commerce, '/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' }, ANN)).status,
    ).toBe(404);

    const paid = await call(
      commerce,
      '/checkout/test-pay',
      { sessionId, cardNumber: '4242 4242 4242 4242' },
      BOB,
    );
    expect(paid.body).toEqual({
      redirect_status: 'succeeded',
      url: '/user/purchases?redirect_status=succeeded',
    });
    expect((await call(commerce, '/cart/items', {}, BOB)).body.cart).toEqual([]);

    // The same webhook three times: one purchase, one BeatPurchased in the outbox.
    const replay = JSON.stringify(testCheckoutCompleted(sessionId, orderId, 5099, new Date()));
    for (let i = 0; i < 3; i++) {
      const res = await bed.stripeWebhook(commerce, replay, commerce.signer.sign(replay));
      expect(res.status).toBe(200);
    }
    expect(await outboxPurchases(orderId)).toBe(1);
    const purchases = (await call(commerce, '/purchases', {}, BOB)).body.purchases;
    expect(purchases).toEqual([
      expect.objectContaining({
        beatId: wanted.beatId,
        beatName: 'Paid Beat',
        beatPackage: 'Relationship Package',
        pricePaid: '49.99',
        producerName: 'Pro Ducer',
        userId: BOB,
        downloads: [
          { downloadable: 'mp3', label: 'MP3' },
          { downloadable: 'wav', label: 'WAV' },
          { downloadable: 'license', label: 'License (PDF)' },
        ],
      }),
    ]);
    const purchaseId = purchases[0].purchaseId as string;
    await waitFor('the purchase relayed', async () => {
      const { rows } = await bed.db.query(
        `SELECT 1 FROM ${bed.schema}.outbox WHERE event->'payload'->>'orderId' = $1 AND sent_at IS NOT NULL`,
        [orderId],
      );
      return rows.length === 1;
    });

    // Downloads: the WAV through a signed URL; nobody else gets it; stems are not in this package.
    const wav = await call(
      commerce,
      '/downloads',
      { downloadable: 'wav', beatId: wanted.beatId, urlId: purchaseId },
      BOB,
    );
    expect(wav.status).toBe(200);
    const file = await request(blobApp).get(wav.body.url.replace(/^.*?\/blobs/, '/blobs'));
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body as Buffer).toString()).toBe('RIFF wav bytes');
    const stolen = await call(
      commerce,
      '/downloads',
      { downloadable: 'wav', beatId: wanted.beatId, urlId: purchaseId },
      ANN,
    );
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('Purchase not found.');
    const stems = await call(
      commerce,
      '/downloads',
      { downloadable: 'stems', beatId: wanted.beatId, urlId: purchaseId },
      BOB,
    );
    expect(stems.status).toBe(403);
    const wrongBeat = await call(
      commerce,
      '/downloads',
      { downloadable: 'mp3', beatId: randomUUID(), urlId: purchaseId },
      BOB,
    );
    expect(wrongBeat.status).toBe(404);

    // The licence PDF (A4) and its public check.
    const licence = await call(
      commerce,
      '/downloads',
      { downloadable: 'license', beatId: wanted.beatId, urlId: purchaseId },
      BOB,
    );
    const pdfResponse = await request(blobApp)
      .get(licence.body.url.replace(/^.*?\/blobs/, '/blobs'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const pdf = await PDFDocument.load(pdfResponse.body as Buffer);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toContain('Unlimited Non-Exclusive License Agreement');
    const check = await request(commerce.app)
      .get(`/licences/verify?purchaseId=${purchaseId}`)
      .set(await anonymous());
    expect(check.body).toMatchObject({ genuine: true, beatName: 'Paid Beat', producerName: 'Pro Ducer' });
    // The public check names the buyer by display name only: never the account's e-mail.
    expect(check.body.licensee).toBe('u');
    expect(JSON.stringify(check.body)).not.toContain('@');
    const fake = await request(commerce.app)
      .get(`/licences/verify?purchaseId=${randomUUID()}`)
      .set(await anonymous());
    expect(fake.body).toEqual({ genuine: false });
  }, 90_000);

  it('webhooks: unsigned, forged or stale are 400; an unknown session changes nothing', async () => {
    const body = JSON.stringify(testCheckoutCompleted('cs_unknown', randomUUID(), 100, new Date()));
    const post = (signature?: string) => bed.stripeWebhook(commerce, body, signature);
    const unsigned = await post();
    expect(unsigned.status).toBe(400);
    expect(unsigned.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(unsigned.body.message).toBe('Invalid webhook signature');
    const forged = commerce.signer.sign(body).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect((await post(forged)).status).toBe(400);
    expect((await post(commerce.signer.sign(body, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    const unknown = await post(commerce.signer.sign(body));
    expect(unknown.status).toBe(200);
    expect(unknown.body.outcome).toBe('ignored');
    // Without the gateway's token nothing is read at all.
    expect((await request(commerce.app).post('/webhooks/stripe').send(body)).status).toBe(401);
  });
});

describe('checkout on Stripe (stripe-mock)', () => {
  it('creates a hosted Checkout Session; its signed completion makes the purchase', async () => {
    const wanted = await publishBeat({ name: 'Stripe Beat' });
    const buyer = randomUUID();
    await call(
      stripeCommerce,
      '/cart/update',
      { beatId: wanted.beatId, beatPackage: 'First Date Package', update: 'add' },
      buyer,
    );
    const started = await call(stripeCommerce, '/checkout', {}, buyer);
    expect(started.status).toBe(200);
    expect(started.body.sessionId).toMatch(/^cs_/);
    expect(started.body.url).toMatch(/^https?:\/\//);
    // stripe-mock answers a fixed session id; the event names the session this order recorded.
    const event = JSON.stringify(
      testCheckoutCompleted(started.body.sessionId, started.body.orderId, 2999 + 60, new Date()),
    );
    const res = await bed.stripeWebhook(stripeCommerce, event, stripeCommerce.signer.sign(event));
    expect(res.body).toEqual({ received: true, outcome: 'paid' });
    const purchases = (await call(stripeCommerce, '/purchases', {}, buyer)).body.purchases;
    expect(purchases).toEqual([expect.objectContaining({ beatName: 'Stripe Beat', pricePaid: '29.99' })]);
  }, 60_000);
});

describe('member_active_status', () => {
  it('answers no plan for a visitor and a user without one; refuses a bad type', async () => {
    expect((await call(commerce, '/members/status', { type: 'artist' })).body).toEqual({
      subscribed: false,
      lifer: false,
      paypal: false,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
      plan: null,
    });
    expect((await call(commerce, '/members/status', { type: 'producer' }, ANN)).body.subscribed).toBe(false);
    const bad = await call(commerce, '/members/status', { type: 'dj' }, ANN);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please choose a type: 'artist' or 'producer'.");
  });
});

describe('subscriptions', () => {
  it('a paid plan starts only after the verified payment, removes the service fee, and cancels at once', async () => {
    const carl = randomUUID();
    const wanted = await publishBeat({ name: 'Fee Beat' });
    await call(
      commerce,
      '/cart/update',
      { beatId: wanted.beatId, beatPackage: 'First Date Package', update: 'add' },
      carl,
    );
    expect((await call(commerce, '/cart/items', {}, carl)).body.serviceFee).toBe('0.60');

    const badPlan = await call(
      commerce,
      '/subscriptions/checkout',
      { type: 'artist', plan: 'producer_unlimited' },
      carl,
    );
    expect(badPlan.status).toBe(400);
    const started = await call(
      commerce,
      '/subscriptions/checkout',
      { type: 'artist', plan: 'artist_professional', weekTrial: true },
      carl,
    );
    expect(started.status).toBe(200);
    // Not yet paid: no plan.
    expect((await call(commerce, '/members/status', { type: 'artist' }, carl)).body.subscribed).toBe(false);
    const declined = await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: started.body.sessionId, cardNumber: '4000000000000002' },
      carl,
    );
    expect(declined.status).toBe(402);
    const paid = await call(
      commerce,
      '/checkout/test-pay',
      { sessionId: started.body.sessionId, cardNumber: '4242424242424242' },
      carl,
    );
    expect(paid.body.redirect_status).toBe('succeeded');
    expect((await call(commerce, '/members/status', { type: 'artist' }, carl)).body).toEqual({
      subscribed: true,
      lifer: false,
      paypal: false,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
      plan: 'artist_professional',
    });
    expect((await call(commerce, '/members/status', { type: 'producer' }, carl)).body.subscribed).toBe(false);
    expect((await call(commerce, '/cart/items', {}, carl)).body).toMatchObject({
      total: '29.99',
      serviceFee: '0.00',
    });

    const cancelled = await call(commerce, '/subscriptions/cancel', { type: 'artist' }, carl);
    expect(cancelled.body).toEqual({ message: 'success' });
    expect((await call(commerce, '/members/status', { type: 'artist' }, carl)).body.subscribed).toBe(false);

    const { rows } = await bed.db.query<{
      event: { payload: { artistPlan: string | null; trialEndsAt: string | null } };
    }>(
      `SELECT event FROM ${bed.schema}.outbox WHERE event->>'type' = 'commerce.EntitlementsChanged'
         AND event->'payload'->>'userId' = $1 ORDER BY id`,
      [carl],
    );
    expect(rows.map((row) => row.event.payload.artistPlan)).toEqual(['artist_professional', null]);
    const trialEnd = new Date(rows[0]!.event.payload.trialEndsAt!).getTime();
    expect(Math.round((trialEnd - Date.now()) / 86_400_000)).toBe(7);
    expect((await call(commerce, '/subscriptions/cancel', { type: 'artist' })).status).toBe(401);
  }, 60_000);
});
