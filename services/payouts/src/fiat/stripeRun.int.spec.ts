import { requireEnv, startRecordingProxy, type RecordingProxy } from '@beatmatch/testing';
import {
  eventually,
  payoutsTestbed,
  sale,
  type PayoutsService,
  type PayoutsTestbed,
} from '../testing/harness';
import { fiatProviderOf } from './openFiatProvider';

/**
 * PAYOUT_PROVIDER=stripe in the payouts service: a month paid by hand goes out through Stripe Connect
 * on stripe-mock (through a recording proxy) — the ACH producer's net after the §9 fee as one Stripe
 * payout; a PayPal producer's payout, which Stripe does not send, comes back to their balance.
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;
let proxy: RecordingProxy;

beforeAll(async () => {
  proxy = await startRecordingProxy(requireEnv('STRIPE_API_BASE'));
  bed = await payoutsTestbed('stripe_run', '2026-05-04T12:00:00Z');
  const fiat = fiatProviderOf({
    PAYOUT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_beatmatch',
    STRIPE_API_BASE: proxy.url,
  });
  payouts = await bed.payouts({ settlePollMs: 50, ...(fiat ? { fiat } : {}) });
  await payouts.start();
}, 60_000);
afterAll(async () => {
  await bed?.close();
  await proxy?.close();
});

const as = (userId: string) => ({
  post: (path: string, body: object = {}) => bed.post(payouts, path, body, { userId }),
});
const admin = (path: string, body: object) =>
  bed.post(payouts, path, body, { userId: 'admin', roles: ['admin'] });

it('is chosen by configuration and needs the secret key', () => {
  expect(fiatProviderOf({ PAYOUT_PROVIDER: 'local' })).toBeUndefined();
  expect(() => fiatProviderOf({ PAYOUT_PROVIDER: 'stripe' })).toThrow(
    'PAYOUT_PROVIDER=stripe needs STRIPE_SECRET_KEY',
  );
});

it('pays an ACH producer through Stripe and gives a PayPal producer their money back', async () => {
  await as('bank').post('/method/save', {
    method: 'ach',
    accountHolder: 'Dee',
    routingNumber: '021000021',
    accountNumber: '12345678',
  });
  await as('paypal').post('/method/save', { method: 'paypal', email: 'pp@example.com' });
  await bed.sold(sale('bank', 2000, '2026-05-05T10:00:00Z'));
  await bed.sold(sale('paypal', 2000, '2026-05-06T10:00:00Z'));
  bed.clock.set('2026-06-15T10:00:00Z');

  await admin('/admin/populate', { month: '2026-05' });
  expect((await admin('/admin/pay', { month: '2026-05' })).status).toBe(200);

  const sent = proxy.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payouts');
  expect(sent.map((r) => r.form.amount)).toEqual(['1900']); // $20.00 less ACH's $1.00
  expect((await as('bank').post('/history')).body.payouts).toEqual([
    expect.objectContaining({ month: '2026-05', net: '19.00', status: expect.stringMatching(/submitted/i) }),
  ]);
  await eventually(async () => {
    expect((await as('paypal').post('/wallet')).body.available).toBe('20.00');
  });
});
