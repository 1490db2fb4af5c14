import { createStripeClient } from '@beatmatch/platform';
import {
  requireEnv,
  serviceTestbed,
  startRecordingProxy,
  type RecordingProxy,
  type ServiceTestbed,
} from '@beatmatch/testing';
import { StripeConnectPayoutProvider } from './stripeConnectProvider';

/**
 * The Stripe Connect payout adapter against stripe-mock (STRIPE_API_BASE, from deploy/local/up),
 * through a recording proxy so the requests Stripe receives are checked; its bookkeeping on PostgreSQL.
 */
describe('StripeConnectPayoutProvider on stripe-mock', () => {
  let bed: ServiceTestbed;
  let proxy: RecordingProxy;
  let provider: StripeConnectPayoutProvider;
  const ach = {
    method: 'ach' as const,
    accountHolder: 'Ada Lovelace',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  };

  beforeAll(async () => {
    bed = await serviceTestbed({ schema: 'payouts_stripe' });
    await bed.db.exec(StripeConnectPayoutProvider.schemaSql(bed.schema));
    proxy = await startRecordingProxy(requireEnv('STRIPE_API_BASE'));
    const stripe = createStripeClient({
      secretKey: 'sk_test_beatmatch',
      apiBase: proxy.url,
      maxNetworkRetries: 0,
    });
    provider = new StripeConnectPayoutProvider(stripe, bed.db, bed.schema);
  });
  afterAll(async () => {
    await proxy.close();
    await bed.close();
  });
  beforeEach(() => {
    proxy.requests.length = 0;
  });
  const posts = (path: string) => proxy.requests.filter((r) => r.method === 'POST' && r.path === path);

  it('pays an ACH payout as a transfer to the connected account and a payout from it, keyed by the payout', async () => {
    const answer = await provider.submit({ payoutId: 'payout-ach-1', details: ach, netCents: 4_850 });

    expect(answer.providerRef).toMatch(/^po_/);
    const [bank] = posts('/v1/tokens');
    expect(bank!.form).toMatchObject({
      'bank_account[routing_number]': '110000000',
      'bank_account[account_number]': '000123456789',
      'bank_account[account_holder_name]': 'Ada Lovelace',
    });
    const [account] = posts('/v1/accounts');
    expect(account!.form).toMatchObject({
      type: 'custom',
      country: 'US',
      external_account: expect.stringMatching(/^b?tok_/),
    });
    const [transfer] = posts('/v1/transfers');
    expect(transfer!.form).toMatchObject({ amount: '4850', currency: 'usd', transfer_group: 'payout-ach-1' });
    expect(transfer!.headers['idempotency-key']).toBe('payout-transfer-payout-ach-1');
    const [payout] = posts('/v1/payouts');
    expect(payout!.form).toMatchObject({
      amount: '4850',
      currency: 'usd',
      'metadata[payoutId]': 'payout-ach-1',
    });
    expect(payout!.headers['idempotency-key']).toBe('payout-payout-ach-1');
    expect(payout!.headers['stripe-account']).toBe(transfer!.form.destination);
  });

  it('a payout submitted again sends nothing and answers the first payout', async () => {
    const first = await provider.submit({ payoutId: 'payout-ach-2', details: ach, netCents: 1_000 });
    proxy.requests.length = 0;

    const again = await provider.submit({ payoutId: 'payout-ach-2', details: ach, netCents: 1_000 });

    expect(again.providerRef).toBe(first.providerRef);
    expect(proxy.requests).toHaveLength(0);
  });

  it('opens one connected account per bank account', async () => {
    await provider.submit({ payoutId: 'payout-ach-3', details: ach, netCents: 1_000 });

    expect(posts('/v1/accounts')).toHaveLength(0);
    expect(posts('/v1/payouts')).toHaveLength(1);
  });

  it('refuses the methods Stripe does not pay out without calling Stripe; they are reported failed', async () => {
    const answer = await provider.submit({
      payoutId: 'payout-paypal-1',
      details: { method: 'paypal', email: 'ada@example.com' },
      netCents: 4_800,
    });

    expect(answer).toEqual({ providerRef: 'refused:paypal', status: 'failed' });
    expect(proxy.requests).toHaveLength(0);
    expect((await provider.statusesOf(['payout-paypal-1'])).get('payout-paypal-1')).toBe('failed');
  });

  it('reads statuses from Stripe on the connected account and leaves unknown payouts out', async () => {
    const statuses = await provider.statusesOf(['payout-ach-1', 'never-submitted']);

    const [read] = proxy.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payouts/'));
    expect(read!.headers['stripe-account']).toMatch(/^acct_/);
    expect([...statuses.keys()]).toEqual(['payout-ach-1']);
    // stripe-mock's fixture payout is 'in_transit': still pending for the run.
    expect(statuses.get('payout-ach-1')).toBe('pending');
  });
});
