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
import {
  createLogger,
  generateInternalKeyPair,
  InProcessEventBus,
  INTERNAL_TOKEN_HEADER,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
  SmtpMailer,
  type SqlDatabase,
} from '@beatmatch/platform';
import { readableMail, requireEnv, startSmtpCapture, type SmtpCapture } from '@beatmatch/testing';
import { createIdentityService } from '../index';

/**
 * Guest buyers (README "Guest checkout") on real PostgreSQL and SMTP: commerce's
 * GuestPurchaseCompleted for a new e-mail mails one account set-up link however often it arrives; the
 * link sets a password, the account logs in without a code, and identity.GuestPurchasesClaimed names
 * it with the order. An e-mail that has an account gets a note and the claim at once.
 */
const schema = `identity_guest_${process.pid}_${Date.now()}`;
const commerceTopic = `${COMMERCE_TOPIC}-identity-guest-test-${randomUUID()}`;
let db: SqlDatabase;
let smtp: SmtpCapture;
let issuer: InternalTokenIssuer;
let bus: InProcessEventBus;
let identity: Awaited<ReturnType<typeof createIdentityService>>;
const published: IntegrationEvent[] = [];

beforeAll(async () => {
  db = openPostgres(requireEnv('DATABASE_URL'));
  smtp = await startSmtpCapture();
  const keys = await generateInternalKeyPair();
  issuer = new InternalTokenIssuer(keys.privateKey);
  bus = new InProcessEventBus();
  await bus.subscribe({
    groupId: 'test-sink',
    topics: [IDENTITY_TOPIC],
    handle: async (event) => void published.push(event as IntegrationEvent),
  });
  identity = await createIdentityService({
    db,
    bus,
    mailer: new SmtpMailer(smtp.url, 'no-reply@beatmatch.test'),
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger: createLogger('test', 'silent'),
    secret: 'a-guest-test-secret-of-at-least-32-chars',
    publicUrl: () => 'http://beatmatch.test',
    relayPollMs: 50,
    schema,
    topics: [commerceTopic],
  });
  await identity.start();
});

afterAll(async () => {
  await identity.stop();
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await smtp.close();
  await db.close();
});

async function post(path: string, body: object) {
  return request(identity.app)
    .post(path)
    .set(INTERNAL_TOKEN_HEADER, await issuer.issue({}))
    .send(body);
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
async function waitUntil(condition: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 10_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
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
    await waitUntil(() => mailsTo(email).length >= 1, 'the set-up mail');
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
    await waitUntil(() => claimsOf(orderId).length === 1, 'the claim');
    const me = await db.query<{ user_id: string; verified: boolean }>(
      `SELECT user_id, verified FROM ${schema}.users WHERE email = $1`,
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
    await waitUntil(() => mailsTo(email).length === 1, 'the code mail');
    const user = await db.query<{ user_id: string }>(`SELECT user_id FROM ${schema}.users WHERE email = $1`, [
      email,
    ]);
    const event = guestPurchase(email.toUpperCase());
    const orderId = (event.payload as { orderId: string }).orderId;
    await deliver(event);
    await deliver({ ...event, id: randomUUID() });
    await waitUntil(() => mailsTo(email).length >= 2, 'the note');
    await waitUntil(() => claimsOf(orderId).length >= 1, 'the claim');
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
