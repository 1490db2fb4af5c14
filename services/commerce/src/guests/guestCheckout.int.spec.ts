import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import {
  CATALOG_TOPIC,
  IDENTITY_TOPIC,
  integrationEvent,
  type BeatPublishedPayload,
  type GuestPurchasesClaimedV1,
} from '@beatmatch/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  INTERNAL_TOKEN_HEADER,
  InternalTokenIssuer,
  InternalTokenVerifier,
  KafkaEventBus,
  openPostgres,
  TestPaymentProvider,
  type SqlDatabase,
} from '@beatmatch/platform';
import { requireEnv, samplePublishedBeat } from '@beatmatch/testing';
import { createCommerceService } from '../index';
import { testCheckoutCompleted } from '../orders/checkout';

/**
 * Guest checkout on PostgreSQL and Kafka (README "Guest checkout"): a visitor's device cart paid with
 * an e-mail through the test provider's signed webhook publishes one commerce.GuestPurchaseCompleted
 * however often the webhook comes; the purchases are nobody's until identity's GuestPurchasesClaimed
 * (on a fresh topic here) names the account, then they are listed and downloadable for it only.
 */
const schema = `commerce_guest_test_${process.pid}_${Date.now()}`;
const logger = createLogger('commerce-guest-test', 'silent');
const catalogTopic = `${CATALOG_TOPIC}-commerce-guest-test-${randomUUID()}`;
const identityTopic = `${IDENTITY_TOPIC}-commerce-guest-test-${randomUUID()}`;
let db: SqlDatabase;
let bus: KafkaEventBus;
let dir: string;
let blobs: FilesystemBlobStore;
let issuer: InternalTokenIssuer;
let commerce: Awaited<ReturnType<typeof createCommerceService>>;

const PRO = randomUUID();
const DEVICE = randomUUID();
const OTHER_DEVICE = randomUUID();
const NEW_USER = randomUUID();
const SOMEONE = randomUUID();

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Who = { userId?: string; deviceId?: string };
async function call(pathName: string, body: unknown, who: Who = {}) {
  const token = await issuer.issue({
    ...(who.userId ? { userId: who.userId, userName: 'u', email: `${who.userId}@example.com` } : {}),
    ...(who.deviceId ? { deviceId: who.deviceId } : {}),
  });
  return request(commerce.app)
    .post(pathName)
    .set(INTERNAL_TOKEN_HEADER, token)
    .send(body as object);
}

async function outbox(type: string, orderId: string) {
  const { rows } = await db.query<{ event: { payload: Record<string, unknown> } }>(
    `SELECT event FROM ${schema}.outbox WHERE event->>'type' = $1 AND event->'payload'->>'orderId' = $2`,
    [type, orderId],
  );
  return rows.map((row) => row.event.payload);
}

async function publishBeat(): Promise<BeatPublishedPayload> {
  const beatId = randomUUID();
  const payload = samplePublishedBeat({ beatId, producerId: PRO, name: 'Guest Beat' });
  await bus.publish(catalogTopic, [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, payload, new Date()) },
  ]);
  await waitFor(async () => {
    const { rows } = await db.query(`SELECT 1 FROM ${schema}.beats WHERE beat_id = $1`, [beatId]);
    return rows.length > 0;
  });
  await blobs.put(payload.files.mp3Key, Readable.from(Buffer.from('ID3 guest mp3')));
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
  await bus.publish(identityTopic, [{ key: userId, event }]);
  return event.id;
}

const processed = async (eventId: string) =>
  (await db.query(`SELECT 1 FROM ${schema}.processed_events WHERE event_id = $1`, [eventId])).rows.length > 0;

beforeAll(async () => {
  db = openPostgres(requireEnv('DATABASE_URL'));
  bus = KafkaEventBus.fromBrokerList(requireEnv('KAFKA_BROKERS'), {
    clientId: 'commerce-guest-test',
    logger,
  });
  dir = await mkdtemp(path.join(tmpdir(), 'commerce-guest-'));
  blobs = new FilesystemBlobStore({ root: dir, secret: 's'.repeat(40), publicUrl: '/blobs' });
  const keys = await generateInternalKeyPair();
  issuer = new InternalTokenIssuer(keys.privateKey);
  commerce = await createCommerceService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger,
    blobs: async () => blobs,
    payments: new TestPaymentProvider(),
    webhookSecret: 'whsec_' + 'g'.repeat(40),
    publicUrl: () => 'http://beatmatch.test',
    relayPollMs: 100,
    schema,
    topics: [catalogTopic],
    consumer: `commerce-guest-test-${randomUUID()}`,
    claimsTopics: [identityTopic],
    claimsConsumer: `commerce-guest-claims-test-${randomUUID()}`,
  });
  await commerce.start();
}, 60_000);

afterAll(async () => {
  await commerce?.stop();
  await bus?.close();
  await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

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
      const res = await request(commerce.app)
        .post('/webhooks/stripe')
        .set(INTERNAL_TOKEN_HEADER, await issuer.issue({}))
        .set('stripe-signature', commerce.signer.sign(replay))
        .set('content-type', 'application/json')
        .send(replay);
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
    await waitFor(() => processed(late));
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
