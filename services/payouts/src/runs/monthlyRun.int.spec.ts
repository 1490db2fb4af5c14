import { requireEnv } from '@beatmatch/testing';
import { openTemporalClient, type TemporalClientHandle } from '@beatmatch/platform/workflows';
import {
  eventually,
  payoutsTestbed,
  sale,
  type PayoutsService,
  type PayoutsTestbed,
} from '../testing/harness';
import { runScheduleId } from './temporal';
import type { monthlyPayoutRun } from './workflows';

/**
 * The monthly runs on real Temporal and PostgreSQL: both Schedules exist (1st $BEAT, 15th fiat);
 * a run closes the prior month, pays each producer by their split and method (fees of §9, a balance
 * under the minimum carried over, a returned ACH payout back in the balance), and a second trigger of
 * the same runs pays nobody twice.
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;
let temporal: TemporalClientHandle;
const address = requireEnv('TEMPORAL_ADDRESS');
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  bed = await payoutsTestbed('runs', '2026-03-10T12:00:00Z');
  payouts = await bed.payouts({ settlePollMs: 50 }, { address });
  await payouts.start();
  await payouts.runs!.ready();
  temporal = await openTemporalClient({ address });
  bed.onClose(async () => {
    for (const kind of ['token', 'fiat'] as const)
      await temporal.client.schedule.getHandle(runScheduleId(kind, `payouts-test-${bed.schema}`)).delete();
    await temporal.close();
  });
}, 120_000);
afterAll(() => bed?.close());

const as = (userId: string) => ({
  post: (path: string, body: object = {}) => bed.post(payouts, path, body, { userId }),
});
const ach = (accountNumber: string) => ({
  method: 'ach',
  accountHolder: 'Dee',
  routingNumber: '021000021',
  accountNumber,
});

async function run(kind: 'token' | 'fiat', id: string) {
  return temporal.client.workflow.execute<typeof monthlyPayoutRun>('monthlyPayoutRun', {
    taskQueue: `payouts-test-${bed.schema}`,
    workflowId: `${bed.schema}-${id}`,
    args: [kind],
  });
}

it('keeps a Schedule per kind: $BEAT on the 1st, fiat on the 15th', async () => {
  for (const [kind, day] of [
    ['token', 1],
    ['fiat', 15],
  ] as const) {
    const described = await temporal.client.schedule
      .getHandle(runScheduleId(kind, `payouts-test-${bed.schema}`))
      .describe();
    expect(described.spec.calendars?.[0]?.dayOfMonth).toEqual([{ start: day, end: day, step: 1 }]);
    expect(described.action).toMatchObject({ workflowType: 'monthlyPayoutRun', args: [kind] });
  }
});

it('pays the prior month once: split, fees, minimums, a returned payout back in the balance', async () => {
  await as('split').post('/address/save', { address: WALLET, split: 10 });
  await as('split').post('/method/save', { method: 'paypal', email: 'split@example.com' });
  await as('all-beat').post('/address/save', { address: WALLET, split: 100 });
  await as('small').post('/method/save', ach('12345678'));
  await as('bounced').post('/method/save', ach('12340000'));
  await bed.sold(sale('split', 5000, '2026-03-03T10:00:00Z'));
  await bed.sold(sale('split', 6000, '2026-03-20T10:00:00Z'));
  await bed.sold(sale('all-beat', 2500, '2026-03-04T10:00:00Z'));
  await bed.sold(sale('small', 199, '2026-03-05T10:00:00Z'));
  await bed.sold(sale('bounced', 3000, '2026-03-06T10:00:00Z'));
  const marchSale = sale('split', 999, '2026-03-21T10:00:00Z');
  await bed.sold(marchSale);
  await bed.sold(marchSale); // the same event delivered twice

  bed.clock.set('2026-04-01T03:00:00Z');
  await bed.sold(sale('split', 700, '2026-04-01T02:00:00Z')); // April: pending, not this run's
  expect(await run('token', 'token-1')).toEqual({ month: '2026-03', kind: 'token', sent: 2 });
  bed.clock.set('2026-04-15T03:00:00Z');
  expect(await run('fiat', 'fiat-1')).toEqual({ month: '2026-03', kind: 'fiat', sent: 2 });
  // A second trigger of both (a retried schedule, an admin's click) sends nothing.
  expect(await run('token', 'token-2')).toMatchObject({ sent: 0 });
  expect(await run('fiat', 'fiat-2')).toMatchObject({ sent: 0 });

  // split: $119.99 owed → $11.99 in $BEAT, $108.00 by PayPal with the fee capped at $2.00.
  const history = (await as('split').post('/history')).body.payouts;
  expect(history).toEqual([
    expect.objectContaining({
      kind: 'fiat',
      method: 'paypal',
      gross: '108.00',
      fee: '2.00',
      net: '106.00',
      status: 'paid',
    }),
    expect.objectContaining({
      kind: 'token',
      gross: '11.99',
      fee: '0.00',
      status: 'paid',
      txHash: expect.stringMatching(/^0x/),
    }),
  ]);
  expect((await as('split').post('/wallet')).body).toMatchObject({
    available: '0.00',
    pending: '7.00',
    paid: '117.99',
    nextTokenPayout: '2026-05-01',
    nextFiatPayout: '2026-04-15',
  });
  expect((await as('all-beat').post('/history')).body.payouts).toEqual([
    expect.objectContaining({ kind: 'token', gross: '25.00', status: 'paid' }),
  ]);
  // Under ACH's $2.00 minimum: nothing sent, the $1.99 carries over.
  expect((await as('small').post('/history')).body.payouts).toEqual([]);
  expect((await as('small').post('/wallet')).body.available).toBe('1.99');
  // Returned by the bank: the payout shows as returned and the money is available again.
  await eventually(async () =>
    expect((await as('bounced').post('/history')).body.payouts).toEqual([
      expect.objectContaining({ kind: 'fiat', gross: '30.00', fee: '1.00', status: 'returned' }),
    ]),
  );
  expect((await as('bounced').post('/wallet')).body).toMatchObject({ available: '30.00', paid: '0.00' });
  expect([...bed.treasury.sends.values()]).toEqual([1, 1]);
}, 60_000);

it('refuses the admin calls to callers without the admin role and asks signed-out ones to sign in', async () => {
  for (const path of ['/admin/populate', '/admin/pay', '/admin/exclude-intercash']) {
    expect((await as('split').post(path, { exclude: true })).status).toBe(403);
    expect((await bed.post(payouts, path, {})).status).toBe(401);
  }
});

it("lets an admin compute ('Monthly Payouts') then pay ('Pay Payouts') a month by hand, prepaid cards excluded", async () => {
  const admin = (path: string, body: object) =>
    bed.post(payouts, path, body, { userId: 'admin', roles: ['admin'] });
  await as('card').post('/method/save', { method: 'prepaidCard', email: 'card@example.com' });
  await as('paypal-may').post('/method/save', { method: 'paypal', email: 'may@example.com' });
  await bed.sold(sale('card', 1000, '2026-05-05T10:00:00Z'));
  await bed.sold(sale('paypal-may', 1000, '2026-05-06T10:00:00Z'));
  bed.clock.set('2026-06-03T10:00:00Z');
  expect((await admin('/admin/exclude-intercash', { exclude: true })).body).toEqual({ exclude: true });
  const computed = await admin('/admin/populate', { month: '2026-05' });
  expect(computed.body).toMatchObject({ month: '2026-05' }); // and April's carry-overs of the producers above
  expect((await admin('/admin/populate', { month: '2026-05' })).body).toEqual(computed.body); // once
  expect((await admin('/admin/pay', { month: '2026-05' })).body).toEqual(computed.body);
  expect((await as('paypal-may').post('/history')).body.payouts).toEqual([
    expect.objectContaining({
      month: '2026-05',
      net: '8.80',
      status: expect.stringMatching(/submitted|paid/),
    }),
  ]);
  expect((await as('card').post('/wallet')).body.available).toBe('10.00'); // carried over
  expect((await admin('/admin/populate', { month: '13-2026' })).status).toBe(400);
});
