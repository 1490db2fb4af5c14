import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { IDENTITY_TOPIC, integrationEvent, type GuestPurchasesClaimedV1 } from '@beatmatch/contracts';
import { TestPaymentProvider } from '@beatmatch/platform';
import { samplePublishedBeat, waitFor } from '@beatmatch/testing';
import { testCheckoutCompleted } from '../orders/checkout';
import { commerceTestbed, type CommerceService, type CommerceTestbed, type Who } from '../testing/harness';

/**
 * Guest checkout on PostgreSQL and Kafka (README "Guest checkout"): a visitor's device cart paid with
 * an e-mail through the test provider's signed webhook publishes one commerce.GuestPurchaseCompleted
 * however often the webhook comes; the purchases are nobody's until identity's GuestPurchasesClaimed
 * (on a fresh topic here) names the account, then they are listed and downloadable for it only.
 */
const identityTopic = `${IDENTITY_TOPIC}-commerce-guest-test-${randomUUID()}`;
let bed: CommerceTestbed;
let commerce: CommerceService;

const PRO = randomUUID();
const DEVICE = randomUUID();
const OTHER_DEVICE = randomUUID();
const NEW_USER = randomUUID();
const SOMEONE = randomUUID();

const call = (pathName: string, body: unknown, who: Who = {}) => bed.call(commerce, pathName, body, who);
const outbox = (type: string, orderId: string) => bed.outbox(type, 'orderId', orderId);

async function publishBeat() {
  const payload = await bed.publishBeat(
    samplePublishedBeat({ beatId: randomUUID(), producerId: PRO, name: 'Guest Beat' }),
  );
  await bed.blobs!.put(payload.files.mp3Key, Readable.from(Buffer.from('ID3 guest mp3')));
  return payload;
}

/** Publishes identity's claim (keyed by user, as identity does); answers the event's id. */
async function claim(userId: string, email: string, orderIds: string[]) {
  const event = integrationEvent<GuestPurchasesClaimedV1>(
    'identity.GuestPurchasesClaimed',
    1,
    { userId, email, orderIds, claimedAt: new Date().toISOString() },
    new Date(),
  );
  await bed.bus.publish(identityTopic, [{ key: userId, event }]);
  return event.id;
}

const processed = async (eventId: string) =>
  (await bed.db.query(`SELECT 1 FROM ${bed.schema}.processed_events WHERE event_id = $1`, [eventId])).rows
    .length > 0;

beforeAll(async () => {
  bed = await commerceTestbed('guest', { webhookSecret: 'whsec_' + 'g'.repeat(40), blobs: true });
  commerce = await bed.commerce({
    payments: new TestPaymentProvider(),
    consumer: `commerce-guest-test-${randomUUID()}`,
    claimsTopics: [identityTopic],
    claimsConsumer: `commerce-guest-claims-test-${randomUUID()}`,
  });
  await commerce.start();
}, 60_000);

afterAll(() => bed?.close());

describe('guest checkout', () => {
  it('validates the e-mail at the edge and still asks a visitor without one to log in', async () => {
    const beat = await publishBeat();
    await call(
      '/cart/update',
      { beatId: beat.beatId, beatPackage: 'First Date Package', update: 'add' },
      {
        deviceId: OTHER_DEVICE,
      },
    );
    const none = await call('/checkout', {}, { deviceId: OTHER_DEVICE });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Please log in, or enter your email to check out as a guest.');
    const bad = await call('/checkout', { email: 'not-an-email' }, { deviceId: OTHER_DEVICE });
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: 'Please enter a valid email.',
    });
    const blank = await call('/checkout', { email: '   ' }, { deviceId: OTHER_DEVICE });
    expect({ status: blank.status, message: blank.body.message }).toEqual({
      status: 400,
      message: 'Email is required.',
    });
    const noDevice = await call('/checkout', { email: 'a@example.com' });
    expect({ status: noDevice.status, message: noDevice.body.message }).toEqual({
      status: 400,
      message: 'A device id (uuid) is required.',
    });
  });

  it('a paid guest order publishes one GuestPurchaseCompleted; the claimed purchases are the account’s only', async () => {
    const beat = await publishBeat();
    const visitor = { deviceId: DEVICE };
    const email = `guest.${randomUUID().slice(0, 8)}@example.com`;
    await call(
      '/cart/update',
      { beatId: beat.beatId, beatPackage: 'First Date Package', update: 'add' },
      visitor,
    );
    const started = await call('/checkout', { email: `  ${email.toUpperCase()} ` }, visitor);
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe('30.59');
    const { sessionId, orderId } = started.body as { sessionId: string; orderId: string };
    expect(started.body.url).toContain(`/checkout?orderId=${orderId}`);

    // Only this browser's device pays its guest session; no user, no other device.
    for (const who of [{ deviceId: OTHER_DEVICE }, { userId: SOMEONE }]) {
      const res = await call('/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' }, who);
      expect(res.status).toBe(404);
    }
    expect((await call('/checkout/test-pay', { sessionId, cardNumber: '4242424242424242' })).status).toBe(
      401,
    );
    expect(await outbox('commerce.GuestPurchaseCompleted', orderId)).toEqual([]);

    const paid = await call('/checkout/test-pay', { sessionId, cardNumber: '4242 4242 4242 4242' }, visitor);
    expect(paid.body).toEqual({ redirect_status: 'succeeded', url: '/purchase?status=succeeded' });
    expect((await call('/cart/items', {}, visitor)).body.cart).toEqual([]);

    // The webhook again (twice): still one event, one purchase.
    const replay = JSON.stringify(testCheckoutCompleted(sessionId, orderId, 3059, new Date()));
    for (let i = 0; i < 2; i++) {
      const res = await bed.stripeWebhook(commerce, replay, commerce.signer.sign(replay));
      expect(res.status).toBe(200);
    }
    const completed = await outbox('commerce.GuestPurchaseCompleted', orderId);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      orderId,
      email,
      beatNames: ['Guest Beat'],
      amountCents: 3059,
      currency: 'usd',
    });
    const purchaseIds = completed[0]!['purchaseIds'] as string[];
    expect(purchaseIds).toHaveLength(1);
    const purchased = await outbox('commerce.BeatPurchased', orderId);
    expect(purchased).toEqual([expect.objectContaining({ buyerId: null, buyerEmail: email })]);

    // Nobody's yet: not listed for anyone, not downloadable.
    expect((await call('/purchases', {}, { userId: NEW_USER })).body.purchases).toEqual([]);
    const early = await call(
      '/downloads',
      { downloadable: 'mp3', beatId: beat.beatId, urlId: purchaseIds[0] },
      { userId: NEW_USER },
    );
    expect(early.status).toBe(404);

    // A claim for another e-mail changes nothing; the right one moves the purchase to the account.
    await claim(SOMEONE, 'someone.else@example.com', [orderId]);
    await claim(NEW_USER, email, [orderId]);
    await waitFor(
      'the claimed purchase listed',
      async () => (await call('/purchases', {}, { userId: NEW_USER })).body.purchases.length === 1,
    );
    const [purchase] = (await call('/purchases', {}, { userId: NEW_USER })).body.purchases;
    expect(purchase).toMatchObject({ purchaseId: purchaseIds[0], beatId: beat.beatId, userId: NEW_USER });
    const mp3 = await call(
      '/downloads',
      { downloadable: 'mp3', beatId: beat.beatId, urlId: purchaseIds[0] },
      { userId: NEW_USER },
    );
    expect(mp3.status).toBe(200);
    expect(mp3.body.url).toEqual(expect.any(String));
    expect((await call('/purchases', {}, { userId: SOMEONE })).body.purchases).toEqual([]);

    // A later claim (replayed, or naming someone else) does not move it again.
    const late = await claim(SOMEONE, email, [orderId]);
    await waitFor('the late claim processed', () => processed(late));
    expect((await call('/purchases', {}, { userId: SOMEONE })).body.purchases).toEqual([]);
    const stolen = await call(
      '/downloads',
      { downloadable: 'mp3', beatId: beat.beatId, urlId: purchaseIds[0] },
      { userId: SOMEONE },
    );
    expect(stolen.status).toBe(404);
    expect((await call('/purchases', {}, { userId: NEW_USER })).body.purchases).toHaveLength(1);
  }, 60_000);
});
