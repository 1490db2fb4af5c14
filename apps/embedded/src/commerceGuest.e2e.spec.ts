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
 * Guest checkout through the embedded profile's gateway (services/commerce/README.md "Guest
 * checkout"): a visitor adds a beat → checks out as a guest with an e-mail → pays with the test card
 * (a signed webhook) → identity mails an account set-up link (dev mailbox) → the visitor sets a
 * password → logs in → the purchase is listed and its download works; another user cannot download it.
 */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-guest-'));
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

it('visitor → guest checkout → test card → set-up mail → password → login → purchase and download', async () => {
  const producer = await signedInClient(system, 'guestprod', 'prod');
  const producerId = (await producer.post<{ userId: string }>('beatmatch_auth')).body.userId;
  const beatId = randomUUID();
  const published = samplePublishedBeat({
    beatId,
    producerId,
    producerName: 'guestprod',
    name: 'Guest Groove',
    prices: { firstDate: 2500, relationship: 4000, marriage: null },
  });
  await system.bus.publish(CATALOG_TOPIC, [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, published, new Date()) },
  ]);

  const visitor = new ApiClient(system.url);
  const { uuid } = (await visitor.post<{ uuid: string }>('beatmatch_exclude')).body;
  await eventually(async () => {
    const res = await visitor.post('update_to_cart', {
      beatId,
      beatPackage: 'First Date Package',
      update: 'add',
      uuid,
    });
    return res.status === 200 ? res : undefined;
  });

  // Without an e-mail a visitor is asked to log in (as before); a bad one is refused at the edge.
  const anonymous = await visitor.post('beatmatch_checkout', { uuid });
  expect(anonymous.status).toBe(401);
  const bad = await visitor.post('beatmatch_checkout', { uuid, email: 'guest@' });
  expect({ status: bad.status, message: bad.body.message }).toEqual({
    status: 400,
    message: 'Please enter a valid email.',
  });

  const email = 'guest.buyer@example.com';
  const checkout = await visitor.post<{ url: string; sessionId: string; amount: string }>(
    'beatmatch_checkout',
    { uuid, email: 'Guest.Buyer@Example.com' },
  );
  expect(checkout.status).toBe(200);
  expect(checkout.body.amount).toBe('25.50');
  expect(new URL(checkout.body.url).pathname).toBe('/checkout');
  // Another browser cannot pay (or see) this guest session.
  const stranger = new ApiClient(system.url);
  await stranger.post('beatmatch_exclude');
  const foreign = await stranger.post('beatmatch_test_checkout_pay', {
    sessionId: checkout.body.sessionId,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(foreign.status).toBe(404);
  const paid = await visitor.post('beatmatch_test_checkout_pay', {
    sessionId: checkout.body.sessionId,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.body).toEqual({ redirect_status: 'succeeded', url: '/purchase?status=succeeded' });
  expect((await visitor.post<{ cart: unknown[] }>('get_cart_items', { uuid })).body.cart).toEqual([]);

  // The thank-you page's promise: a mail to set up the account.
  const mail = await system.devMailbox.waitFor((m) => m.to === email && /set up/i.test(m.subject));
  expect(mail.subject).toBe('Set up your Beatmatch account');
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/resetPassword');
  const jwt = link.searchParams.get('auth')!;
  const opened = await visitor.post<{ username: string }>('beatmatch_jwt_authenticate', { jwt });
  expect(opened.body).toMatchObject({ response: 'success', username: 'guest.buyer' });
  const setUp = await visitor.post('reset_beatmatchs_password', {
    username: 'guestbuyer',
    password: 'guest password 123',
    jwt,
  });
  expect(setUp.status).toBe(200);

  // Logs in with the new password (no code: the link proved the e-mail), answers the survey.
  const login = { email, password: 'guest password 123', uuid };
  const first = await visitor.post<{ response: string }>('beatmatch_login', login);
  expect(first.body.response).toBe('survey');
  await visitor.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
  const me = await visitor.post<{ userName: string; email: string }>('beatmatch_auth');
  expect(me.body).toMatchObject({ userName: 'guestbuyer', email });

  // The purchase is theirs (identity's claim reaches commerce through the bus).
  const purchases = await eventually(async () => {
    const res = await visitor.post<{ purchases: { purchaseId: string; beatName: string }[] }>(
      'retrieve_puchases',
    );
    return res.body.purchases?.length === 1 ? res.body.purchases : undefined;
  });
  expect(purchases[0]).toMatchObject({ beatName: 'Guest Groove' });
  const purchaseId = purchases[0]!.purchaseId;
  const mp3 = await visitor.post<{ url: string }>('get_downloadable', {
    downloadable: 'mp3',
    beatId,
    urlId: purchaseId,
  });
  expect(mp3.status).toBe(200);
  const licence = await visitor.post<{ url: string }>('get_downloadable', {
    downloadable: 'license',
    beatId,
    urlId: purchaseId,
  });
  expect(licence.status).toBe(200);
  const signed = new URL(licence.body.url, system.url);
  const pdf = await visitor.get(signed.pathname + signed.search);
  expect(pdf.status).toBe(200);

  // Nobody else: another user, or the producer.
  const other = await signedInClient(system, 'guestother', 'artist');
  for (const client of [other, producer]) {
    const res = await client.post('get_downloadable', { downloadable: 'mp3', beatId, urlId: purchaseId });
    expect(res.status).toBe(404);
    expect((await client.post<{ purchases: unknown[] }>('retrieve_puchases')).body.purchases).toEqual([]);
  }
}, 120_000);
