import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  COMMERCE_TOPIC,
  IDENTITY_TOPIC,
  identityMessages as messages,
  integrationEvent,
  type GuestPurchaseCompletedPayload,
  type IntegrationEvent,
} from '@beatmatch/contracts';
import { InProcessEventBus } from '@beatmatch/platform';
import { readableMail, waitFor } from '@beatmatch/testing';
import { identityTestbed, type IdentityService, type IdentityTestbed } from '../testing/harness';

/**
 * Guest buyers (README "Guest checkout") on real PostgreSQL and SMTP: commerce's
 * GuestPurchaseCompleted for a new e-mail mails one account set-up link however often it arrives; the
 * link sets a password, the account logs in without a code, and identity.GuestPurchasesClaimed names
 * it with the order. An e-mail that has an account gets a note and the claim at once.
 */
const commerceTopic = `${COMMERCE_TOPIC}-identity-guest-test-${randomUUID()}`;
let bed: IdentityTestbed;
const bus = new InProcessEventBus();
let identity: IdentityService;
const published: IntegrationEvent[] = [];

beforeAll(async () => {
  bed = await identityTestbed('guest');
  await bus.subscribe({
    groupId: 'test-sink',
    topics: [IDENTITY_TOPIC],
    handle: async (event) => void published.push(event as IntegrationEvent),
  });
  identity = await bed.identity({ bus, topics: [commerceTopic] });
  await identity.start();
});

afterAll(() => bed?.close());

async function post(path: string, body: object) {
  return request(identity.app)
    .post(path)
    .set(await bed.headers())
    .send(body);
}

const mailsTo = (email: string) => bed.mailsTo(email);
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

function guestPurchase(email: string, orderId = randomUUID()) {
  const payload: GuestPurchaseCompletedPayload = {
    orderId,
    email,
    purchaseIds: [randomUUID()],
    beatNames: ['Night Drive'],
    amountCents: 3059,
    currency: 'usd',
    completedAt: new Date().toISOString(),
  };
  return integrationEvent('commerce.GuestPurchaseCompleted', 1, payload, new Date());
}
const deliver = (event: IntegrationEvent) => bus.publish(commerceTopic, [{ key: event.id, event }]);
const claimsOf = (orderId: string) =>
  published.filter(
    (event) =>
      event.type === 'identity.GuestPurchasesClaimed' &&
      (event.payload as { orderIds: string[] }).orderIds.includes(orderId),
  );

describe('guest buyers', () => {
  it('mails one set-up link; setting a password creates a verified account that claims the order', async () => {
    const email = `guest.${randomUUID().slice(0, 8)}@example.com`;
    const event = guestPurchase(email);
    const orderId = (event.payload as { orderId: string }).orderId;
    await deliver(event);
    await deliver(event); // redelivered
    await deliver({ ...event, id: randomUUID() }); // the same order again, as a new event
    await waitFor('the set-up mail', () => mailsTo(email).length >= 1, 10_000);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe('Set up your Beatmatch account');
    const jwt = /resetPassword\?auth=([A-Za-z0-9_.-]+)&(amp;)?setup=1/.exec(readableMail(mail))?.[1];
    expect(jwt).toBeDefined();
    expect(claimsOf(orderId)).toEqual([]);

    // The set-up link is not a reset link of anyone, and a reset of the e-mail finds no account yet.
    const verified = await post('/reset-password/verify', { jwt: jwt! });
    expect(verified.body).toEqual({ response: 'success', username: email.split('@')[0], setup: true });
    const short = await post('/reset-password', { jwt: jwt!, password: 'short' });
    expect(short.status).toBe(400);
    const badName = await post('/reset-password', {
      jwt: jwt!,
      password: 'a good password',
      username: 'a b',
    });
    expect(badName.status).toBe(400);
    const set = await post('/reset-password', { jwt: jwt!, password: 'a good password' });
    expect(set.body).toEqual({ message: messages.guestAccountSetUp });

    // Logs in with that password: no code (the link proved the e-mail), the survey comes first.
    const login = await post('/login', { email, password: 'a good password' });
    expect(login.body).toMatchObject({ response: 'survey' });
    await waitFor('the claim', () => claimsOf(orderId).length === 1, 10_000);
    const me = await bed.db.query<{ user_id: string; verified: boolean }>(
      `SELECT user_id, verified FROM ${bed.schema}.users WHERE email = $1`,
      [email],
    );
    expect(me.rows[0]!.verified).toBe(true);
    expect(claimsOf(orderId)[0]!.payload).toMatchObject({
      userId: me.rows[0]!.user_id,
      email,
      orderIds: [orderId],
    });

    // The link works once.
    expect((await post('/reset-password', { jwt: jwt!, password: 'another password' })).body.message).toBe(
      'expired',
    );
    expect((await post('/login', { email, password: 'another password' })).status).toBe(401);
    await settle();
    expect(claimsOf(orderId)).toHaveLength(1);
  });

  it('an e-mail with an account gets a note (once) and the purchase at once', async () => {
    const id = randomUUID().slice(0, 8);
    const email = `member.${id}@example.com`;
    expect(
      (
        await post('/signup', {
          username: `member${id}`,
          email,
          password: 'correct horse battery',
          signedIn: false,
        })
      ).body,
    ).toEqual({ response: 'success' });
    await waitFor('the code mail', () => mailsTo(email).length === 1, 10_000);
    const user = await bed.db.query<{ user_id: string }>(
      `SELECT user_id FROM ${bed.schema}.users WHERE email = $1`,
      [email],
    );
    const event = guestPurchase(email.toUpperCase());
    const orderId = (event.payload as { orderId: string }).orderId;
    await deliver(event);
    await deliver({ ...event, id: randomUUID() });
    await waitFor('the note', () => mailsTo(email).length >= 2, 10_000);
    await waitFor('the claim', () => claimsOf(orderId).length >= 1, 10_000);
    await settle();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your Beatmatch code/),
      'Your Beatmatch purchase is in your Purchases',
    ]);
    expect(readableMail(mailsTo(email)[1]!)).toContain('http://beatmatch.test/login');
    expect(claimsOf(orderId)).toHaveLength(1);
    expect(claimsOf(orderId)[0]!.payload).toMatchObject({
      userId: user.rows[0]!.user_id,
      email,
      orderIds: [orderId],
    });
  });

  it('refuses a forged or expired set-up link', async () => {
    const forged = await post('/reset-password', {
      jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      password: 'a good password',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('invalid');
  });
});
