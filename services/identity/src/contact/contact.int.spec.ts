import request from 'supertest';
import { createServiceApp, InProcessEventBus, OutboxRelay, PostgresEventStore } from '@beatmatch/platform';
import { contactMessages } from '@beatmatch/contracts';
import { identityTestbed, SUPPORT_EMAIL as SUPPORT, type IdentityTestbed } from '../testing/harness';
import { contactRouter } from './api';
import { CONTACT_LIMIT } from './businessLogic';
import { contactStream } from './contactMessage';

/**
 * The contact form's API on real PostgreSQL (a schema of its own) and a real SMTP server; the mail
 * goes the way it does in the service: outbox row → relay → identity's mail sender → SMTP.
 */
let bed: IdentityTestbed;
let store: PostgresEventStore;
let app: ReturnType<typeof createServiceApp>['app'];
let visitor: Record<string, string>;

beforeAll(async () => {
  bed = await identityTestbed('contact');
  await bed.createEventStoreTables();
  visitor = await bed.headers();
  const bus = new InProcessEventBus();
  const relay = new OutboxRelay(bed.db, bed.schema, bus, bed.logger);
  bed.onClose(() => relay.stop());
  store = new PostgresEventStore(bed.db, bed.schema, [], () => void relay.kick());
  await bed.mailSender(store).subscribe(bus);
  const service = createServiceApp({ name: 'identity', logger: bed.logger, verifier: bed.verifier });
  service.app.use(
    contactRouter({
      store,
      whitepaperUrl: 'https://beatmatch.test/whitepaper.pdf',
      clock: () => new Date(),
    }),
  );
  app = service.finalize();
});

afterAll(() => bed?.close());

const send = (body: unknown) =>
  request(app)
    .post('/contact')
    .set(visitor)
    .send(body as object);
const valid = (email: string) => ({ name: 'Ann Lee', email, message: 'Hello, a question about payouts.' });
const storedFor = async (email: string) => (await store.readStream(contactStream(email))).events;
const contactEventCount = async () =>
  (
    await bed.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${bed.schema}.events WHERE stream_name LIKE 'contact-%'`,
    )
  ).rows[0]!.n;

it('stores the message as an event and mails it to the support mailbox', async () => {
  const reply = await send(valid('ann@example.com'));
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ response: 'success' });
  const events = await storedFor('ann@example.com');
  expect(events.map((e) => e.type)).toEqual(['ContactMessageReceived']);
  expect(events[0]!.data).toMatchObject(valid('ann@example.com'));
  const mail = await bed.smtp.waitFor(SUPPORT, 5000);
  expect(mail.raw).toContain('Hello, a question about payouts.');
  expect(mail.raw).toContain('ann@example.com');
});

it.each([
  [{ email: 'b@example.com', message: 'x' }, contactMessages.nameRequired],
  [{ name: 'B', message: 'x' }, contactMessages.emailRequired],
  [{ name: 'B', email: 'b@example.com', message: '   ' }, contactMessages.messageRequired],
  [{ name: 'B', email: 'not-an-email', message: 'x' }, contactMessages.emailInvalid],
])('refuses %j with 400 and stores nothing', async (body, message) => {
  const before = await contactEventCount();
  const reply = await send(body);
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.body)).toContain(message);
  // Whatever address the body names (or none), the refusal writes no event at all.
  expect(await contactEventCount()).toBe(before);
});

it('refuses a 20 kB message with 400, never 500, and stores nothing', async () => {
  const reply = await send({ ...valid('long@example.com'), message: 'a'.repeat(20_000) });
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.body)).toContain(contactMessages.messageTooLong);
  expect(await storedFor('long@example.com')).toEqual([]);
});

it(`limits one address to ${CONTACT_LIMIT} messages per hour (other addresses unaffected)`, async () => {
  for (let i = 0; i < CONTACT_LIMIT; i += 1) expect((await send(valid('busy@example.com'))).status).toBe(200);
  const limited = await send(valid('BUSY@example.com'));
  expect(limited.status).toBe(429);
  expect(JSON.stringify(limited.body)).toContain(contactMessages.rateLimited);
  expect(await storedFor('busy@example.com')).toHaveLength(CONTACT_LIMIT);
  expect((await send(valid('calm@example.com'))).status).toBe(200);
});

it('serves the whitepaper link', async () => {
  const reply = await request(app).post('/whitepaper').set(visitor);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ url: 'https://beatmatch.test/whitepaper.pdf' });
});

it('answers the empty state, not a 404, while no whitepaper is configured', async () => {
  const service = createServiceApp({ name: 'identity', logger: bed.logger, verifier: bed.verifier });
  service.app.use(contactRouter({ store, clock: () => new Date() }));
  const reply = await request(service.finalize()).post('/whitepaper').set(visitor);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ url: null });
});
