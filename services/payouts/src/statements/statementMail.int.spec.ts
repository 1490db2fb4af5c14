import { IDENTITY_TOPIC, integrationEvent, userRegisteredV1 } from '@beatmatch/contracts';
import {
  eventually,
  payoutsTestbed,
  sale,
  type PayoutsService,
  type PayoutsTestbed,
} from '../testing/harness';

/**
 * Payout statements on PostgreSQL: payouts keeps each user's e-mail from identity's UserRegistered;
 * when a run records a producer's payout it queues a statement in the same transaction (the outbox,
 * on payouts' own mail topic) and the sender mails it — once per payout, however often the month is paid.
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;

beforeAll(async () => {
  bed = await payoutsTestbed('statements', '2026-05-04T12:00:00Z');
  payouts = await bed.payouts({ settlePollMs: 60_000 });
  await payouts.start();
}, 60_000);
afterAll(() => bed?.close());

const registered = (userId: string, email: string) =>
  bed.bus.publish(IDENTITY_TOPIC, [
    {
      key: userId,
      event: integrationEvent(
        userRegisteredV1.type,
        1,
        { userId, username: userId, email, referralCode: null, registeredAt: '2026-04-01T00:00:00Z' },
        new Date('2026-04-01T00:00:00Z'),
      ),
    },
  ]);
const as = (userId: string) => ({
  post: (path: string, body: object = {}) => bed.post(payouts, path, body, { userId }),
});
const admin = (path: string, body: object) =>
  bed.post(payouts, path, body, { userId: 'admin', roles: ['admin'] });

it("mails the producer a statement of the run's payout: month, kind, method, gross, fee, net, status", async () => {
  await registered('dee', 'dee@example.com');
  await as('dee').post('/method/save', { method: 'paypal', email: 'dee-paypal@example.com' });
  await bed.sold(sale('dee', 5000, '2026-05-05T10:00:00Z'));
  await registered('nomail', 'unused@example.com'); // registered, but never sells
  await bed.sold(sale('stranger', 5000, '2026-05-06T10:00:00Z')); // no e-mail known: paid, not mailed
  bed.clock.set('2026-06-15T10:00:00Z');

  await admin('/admin/populate', { month: '2026-05' });
  await admin('/admin/pay', { month: '2026-05' });

  await eventually(async () => expect(bed.mails).toHaveLength(1));
  expect(bed.mails[0]).toEqual({
    to: 'dee@example.com',
    subject: 'Your Beatmatch payout statement for 2026-05',
    text: [
      'Here is your payout statement for 2026-05.',
      '',
      'Month: 2026-05',
      'Kind: Fiat',
      'Method: PayPal',
      'Gross: $50.00',
      'Fee: $2.00',
      'Net: $48.00',
      'Status: Sent',
    ].join('\n'),
  });
});

it('mails each payout once: paying the month again sends no second statement', async () => {
  await admin('/admin/pay', { month: '2026-05' });
  await new Promise((resolve) => setTimeout(resolve, 500)); // two relay polls

  expect(bed.mails.map((mail) => mail.to)).toEqual(['dee@example.com']);
});
