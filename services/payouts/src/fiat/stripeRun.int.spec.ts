import { requireEnv, startRecordingProxy, type RecordingProxy } from '@beatmatch/testing';
import {
  eventually,
  payoutsTestbed,
  sale,
  type PayoutsService,
  type PayoutsTestbed,
  TEST_PUBLIC_URL,
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

it("onboards an ACH producer on Stripe's hosted page for the account their payouts go to", async () => {
  const ach = { method: 'ach', accountHolder: 'Eve', routingNumber: '110000000', accountNumber: '87654321' };
  await as('onboarder').post('/method/save', ach);
  await as('paypal-onboarder').post('/method/save', { method: 'paypal', email: 'po@example.com' });
  proxy.requests.length = 0;

  const reply = await as('onboarder').post('/frame-url', { type: 'onboard' });

  const [link] = proxy.requests.filter((r) => r.method === 'POST' && r.path === '/v1/account_links');
  const ourPage = `${TEST_PUBLIC_URL}/user/payouts`;
  expect(link!.form).toMatchObject({
    account: expect.stringMatching(/^acct_/),
    type: 'account_onboarding',
    refresh_url: ourPage,
    return_url: ourPage,
  });
  expect(reply.body.url).toMatch(/^https:\/\//);
  expect(reply.body.url).not.toBe(ourPage);

  // Paying that bank account later uses the account onboarded, not a second one.
  await bed.sold(sale('onboarder', 3000, '2026-06-05T10:00:00Z'));
  bed.clock.set('2026-07-15T10:00:00Z');
  await admin('/admin/populate', { month: '2026-06' });
  await admin('/admin/pay', { month: '2026-06' });
  const accounts = proxy.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
  expect(accounts).toHaveLength(1);
  expect(proxy.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payouts')).toHaveLength(1);

  // Stripe pays no PayPal account: that producer finishes on our own page.
  expect((await as('paypal-onboarder').post('/frame-url', { type: 'onboard' })).body).toEqual({
    url: ourPage,
  });
  expect(proxy.requests.filter((r) => r.path === '/v1/account_links')).toHaveLength(1);
});
