import { randomUUID } from 'node:crypto';
import { jwtVerify } from 'jose';
import {
  handleCommand,
  InProcessEventBus,
  OutboxRelay,
  PostgresEventStore,
  SmtpMailer,
} from '@beatmatch/platform';
import { readableMail, waitFor } from '@beatmatch/testing';
import { identityTestbed, TEST_SECRET as secret, type IdentityTestbed } from '../testing/harness';
import { userDecider, type UserCommand } from '../users/businessLogic';
import { userStream } from '../users/user';
import { codeFor, hashCode } from '../users/secrets';
import { identityPublication } from '../integration/publish';
import { IDENTITY_MAIL_TOPIC } from './requests';
import { resetKeyOf } from '../users/links';

/**
 * Mail through the outbox on real PostgreSQL and a real SMTP server. A "dead" store commits events
 * and their mail requests but never relays them (the process was killed right after the commit); a
 * fresh relay and mail sender — the restarted process — must still send every mail, once.
 */
let bed: IdentityTestbed;

beforeAll(async () => {
  bed = await identityTestbed('mail');
  await bed.createEventStoreTables();
});

afterAll(() => bed?.close());

const deadStore = () => new PostgresEventStore(bed.db, bed.schema);
const execute = (userId: string, command: UserCommand) =>
  handleCommand(deadStore(), userStream(userId), userDecider, command, { publish: identityPublication });

function newCode(userId: string) {
  const codeId = randomUUID();
  const code = codeFor(secret, userId, codeId);
  return {
    code,
    codeId,
    codeHash: hashCode(secret, userId, code),
    expiresAt: new Date(Date.now() + 15 * 60_000),
  };
}

async function register(email: string) {
  const userId = randomUUID();
  const code = newCode(userId);
  await execute(userId, {
    type: 'RegisterUser',
    data: { userId, username: `u${userId.slice(0, 8)}`, email, passwordHash: 'H', referralCode: null, code },
    metadata: { now: new Date() },
  });
  return { userId, code };
}

/** The restarted process: its bus, its mail sender, a relay of the mail topic. */
async function restart(mailer: SmtpMailer = bed.mailer()) {
  const bus = new InProcessEventBus({ attempts: 1 });
  const sender = bed.mailSender(new PostgresEventStore(bed.db, bed.schema), mailer);
  await sender.subscribe(bus);
  const relay = new OutboxRelay(bed.db, bed.schema, bus, bed.logger, {
    topics: { only: [IDENTITY_MAIL_TOPIC] },
  });
  bed.onClose(() => relay.stop());
  return { relay, sender };
}

const unsentMail = async () =>
  (
    await bed.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${bed.schema}.outbox WHERE sent_at IS NULL AND topic = $1`,
      [IDENTITY_MAIL_TOPIC],
    )
  ).rows[0]!.n;
const mailsTo = (email: string) => bed.mailsTo(email);

it('sends the code of a sign-up committed just before a kill, once, and records it', async () => {
  const email = `killed.${randomUUID()}@example.com`;
  const { userId, code } = await register(email);
  expect(await unsentMail()).toBeGreaterThan(0);

  const { relay, sender } = await restart();
  await relay.kick();
  const mail = await bed.smtp.waitFor(email, 5000);
  const mailed = /^Your Beatmatch code: (\d{6})$/.exec(mail.subject)?.[1];
  expect(mailed).toBe(code.code);
  expect(hashCode(secret, userId, mailed!)).toBe(code.codeHash);
  const { events } = await deadStore().readStream(userStream(userId));
  expect(events.map((event) => event.type)).toEqual([
    'UserRegistered',
    'VerificationCodeIssued',
    'VerificationCodeMailed',
  ]);

  // The same request delivered again (a relay that died before marking the row) sends nothing more.
  const request = { kind: 'verificationCode' as const, userId, codeId: code.codeId, codeHash: code.codeHash };
  expect(await sender.send(request)).toBe('skipped');
  expect(mailsTo(email)).toHaveLength(1);
});

it('mails only the newest of two unsent codes', async () => {
  const email = `twice.${randomUUID()}@example.com`;
  const { userId } = await register(email);
  const second = newCode(userId);
  await execute(userId, {
    type: 'ResendCode',
    data: { passwordMatches: true, freshCode: second },
    metadata: { now: new Date() },
  });
  const { relay } = await restart();
  await relay.kick();
  const mail = await bed.smtp.waitFor(email, 5000);
  expect(mail.subject).toBe(`Your Beatmatch code: ${second.code}`);
  await relay.kick();
  expect(mailsTo(email)).toHaveLength(1);
});

it('keeps the request while the mail server is down and sends it when it is back', async () => {
  const email = `down.${randomUUID()}@example.com`;
  const { code } = await register(email);
  const down = await restart(bed.mailer('smtp://127.0.0.1:9'));
  await expect(down.relay.relayBatch()).rejects.toThrow();
  expect(await unsentMail()).toBeGreaterThan(0);
  expect(mailsTo(email)).toHaveLength(0);

  const { relay } = await restart();
  await relay.kick();
  expect((await bed.smtp.waitFor(email, 5000)).subject).toBe(`Your Beatmatch code: ${code.code}`);
  // Both rows of this user's requests are now sent (the relay marks them after delivery).
  for (const until = Date.now() + 5000; (await unsentMail()) > 0;) {
    if (Date.now() > until) throw new Error('the mail outbox did not drain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

it('mails a reset link that opens the reset page for that request only', async () => {
  const email = `reset.${randomUUID()}@example.com`;
  const { userId } = await register(email);
  const tokenId = randomUUID();
  await execute(userId, {
    type: 'RequestPasswordReset',
    data: { tokenId, expiresAt: new Date(Date.now() + 60 * 60_000) },
    metadata: { now: new Date() },
  });
  const { relay } = await restart();
  await relay.kick();
  await waitFor('the reset mail', () => mailsTo(email).some((m) => m.subject.includes('Reset')), 5000);
  const text = readableMail(mailsTo(email).find((m) => m.subject.includes('Reset'))!);
  const jwt = /resetPassword\?auth=([A-Za-z0-9_.-]+)/.exec(text)![1]!;
  const { payload } = await jwtVerify(jwt, resetKeyOf(secret), { algorithms: ['HS256'] });
  expect([payload.sub, payload.jti]).toEqual([userId, tokenId]);
  const { events } = await deadStore().readStream(userStream(userId));
  expect(events.at(-1)?.type).toBe('PasswordResetMailed');
});
