import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOG_TOPIC, integrationEvent } from '@beatmatch/contracts';
import { createLogger } from '@beatmatch/platform';
import { samplePublishedBeat } from '@beatmatch/testing';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';

/**
 * A purchase through the embedded profile's gateway, with the local test provider (no Stripe keys):
 * a beat is published (the catalog's event on the profile's bus) → a visitor adds it to the device
 * cart (another browser or user that sends the device's uuid sees and takes nothing of it) → signs up
 * on that browser, and the cart is theirs → checkout → a declined card, then a good one (a signed
 * webhook) → the purchase is listed → the licence PDF downloads through a signed URL; then the
 * Marketplace Pro plan makes member_active_status subscribed.
 */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-commerce-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
}, 240_000);
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('visitor cart → sign-up merges it → checkout on the test provider → purchase → licence download; a plan', async () => {
  const producer = await signedInClient(system, 'commerceprod', 'prod');
  const producerId = (await producer.post<{ userId: string }>('beatmatch_auth')).body.userId;
  const beatId = randomUUID();
  const published = samplePublishedBeat({
    beatId,
    producerId,
    producerName: 'commerceprod',
    name: 'Checkout Groove',
    prices: { firstDate: 2500, relationship: 4000, marriage: null },
  });
  await system.bus.publish(CATALOG_TOPIC, [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, published, new Date()) },
  ]);

  // A visitor adds the beat once commerce has it: its device is the uuid the exclude call issued to
  // this browser, which the gateway vouches for from its device cookie.
  const visitor = new ApiClient(system.url);
  const { uuid } = (await visitor.post<{ uuid: string }>('beatmatch_exclude')).body;
  const added = await eventually(async () => {
    const res = await visitor.post<{ message: string; total: string }>('update_to_cart', {
      beatId,
      beatPackage: 'Relationship Package',
      update: 'add',
      uuid,
    });
    return res.status === 200 ? res : undefined;
  });
  expect(added.body).toMatchObject({ message: 'added', total: '40.00', serviceFee: '0.80' });

  // Knowing the uuid is not being the device: another browser (its own device cookie) that sends it
  // reads and changes only its own cart; a signed-in user elsewhere who sends it merges nothing.
  const stranger = new ApiClient(system.url);
  await stranger.post('beatmatch_exclude');
  expect((await stranger.post('get_cart_items', { uuid })).body).toMatchObject({ cart: [] });
  expect((await stranger.post('update_to_cart', { update: 'reset', uuid })).status).toBe(200);
  const elsewhere = await signedInClient(system, 'commerceelsewhere', 'artist');
  expect((await elsewhere.post('get_cart_items', { uuid })).body).toMatchObject({ cart: [] });
  const stolen = await elsewhere.post('beatmatch_checkout', { uuid });
  expect({ status: stolen.status, message: stolen.body.message }).toEqual({
    status: 400,
    message: 'Nothing in your cart can be bought.',
  });
  // Without its device cookie, a uuid in the body is no visitor at all.
  const bare = await new ApiClient(system.url).post('get_cart_items', { uuid });
  expect({ status: bare.status, code: bare.body.code }).toEqual({ status: 400, code: 'uuid' });
  expect((await visitor.post<{ cart: unknown[] }>('get_cart_items', { uuid })).body.cart).toHaveLength(1);

  // Signing up and in on this browser (the device's): the device cart becomes the user's.
  const user = {
    username: 'commercebuyer',
    email: 'commercebuyer@example.com',
    password: 'correct horse battery',
  };
  expect((await visitor.post('beatmatch_signup', user)).status).toBe(200);
  const mail = await system.devMailbox.waitFor((m) => m.to === user.email && /code/i.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const login = { email: user.email, password: user.password, uuid };
  await visitor.post('beatmatch_login', { ...login, auth_code: code });
  await visitor.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
  expect((await visitor.post('beatmatch_auth')).status).toBe(200);
  const buyer = visitor;
  const cart = await buyer.post<{ cart: { beatId: string }[]; checkoutTotal: string }>('get_cart_items', {
    uuid,
  });
  expect(cart.body.cart.map((item) => item.beatId)).toEqual([beatId]);
  expect(cart.body.checkoutTotal).toBe('40.80');

  const checkout = await buyer.post<{ url: string; sessionId: string; amount: string }>(
    'beatmatch_checkout',
    {
      uuid,
    },
  );
  expect(checkout.status).toBe(200);
  expect(checkout.body.amount).toBe('40.80');
  expect(new URL(checkout.body.url).pathname).toBe('/checkout');
  const declined = await buyer.post('beatmatch_test_checkout_pay', {
    sessionId: checkout.body.sessionId,
    cardNumber: '4000 0000 0000 0002',
  });
  expect(declined.status).toBe(402);
  expect((await buyer.post<{ cart: unknown[] }>('get_cart_items', {})).body.cart).toHaveLength(1);
  const paid = await buyer.post('beatmatch_test_checkout_pay', {
    sessionId: checkout.body.sessionId,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.body).toMatchObject({ redirect_status: 'succeeded' });
  expect((await buyer.post<{ cart: unknown[] }>('get_cart_items', {})).body.cart).toEqual([]);

  const purchases = await buyer.post<{
    purchases: { purchaseId: string; beatName: string; pricePaid: string }[];
  }>('retrieve_puchases');
  expect(purchases.body.purchases).toEqual([
    expect.objectContaining({ beatName: 'Checkout Groove', pricePaid: '40.00' }),
  ]);
  const purchaseId = purchases.body.purchases[0]!.purchaseId;

  // The licence PDF through a signed URL; nobody else can ask for it.
  const licence = await buyer.post<{ url: string }>('get_downloadable', {
    downloadable: 'license',
    beatId,
    urlId: purchaseId,
  });
  expect(licence.status).toBe(200);
  const signed = new URL(licence.body.url, system.url);
  const pdf = await buyer.get(signed.pathname + signed.search);
  expect(pdf.status).toBe(200);
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const other = await producer.post('get_downloadable', {
    downloadable: 'license',
    beatId,
    urlId: purchaseId,
  });
  expect(other.status).toBe(404);
  const genuine = await new ApiClient(system.url).post('beatmatch_license_verify', { purchaseId });
  expect(genuine.body).toMatchObject({ genuine: true, beatName: 'Checkout Groove' });

  // Stripe reaches the webhook without a CSRF token; only a valid signature is handled.
  const unsigned = await new ApiClient(system.url).post(
    'stripe_webhook',
    '{"type":"checkout.session.completed"}',
    {
      csrf: false,
      raw: true,
    },
  );
  expect(unsigned.status).toBe(400);
  expect(unsigned.body.message).toBe('Invalid webhook signature');
  const cartWithoutCsrf = await new ApiClient(system.url).post('get_cart_items', { uuid }, { csrf: false });
  expect(cartWithoutCsrf.status).toBe(403);

  // Marketplace Pro through the same test provider.
  const plan = await buyer.post<{ sessionId: string }>('create_subscription_checkout', {
    type: 'artist',
    plan: 'artist_unlimited',
  });
  expect(plan.status).toBe(200);
  await buyer.post('beatmatch_test_checkout_pay', {
    sessionId: plan.body.sessionId,
    cardNumber: '4242424242424242',
  });
  expect((await buyer.post('member_active_status', { type: 'artist' })).body).toEqual({
    subscribed: true,
    lifer: false,
    paypal: false,
    paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
    plan: 'artist_unlimited',
  });
}, 180_000);
