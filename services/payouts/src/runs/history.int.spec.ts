import { payoutsTestbed, sale, type PayoutsService, type PayoutsTestbed } from '../testing/harness';
import { transactionPage } from './history';

/**
 * Payouts History's link to each $BEAT transfer on the configured block explorer (BEAT_EXPLORER_URL),
 * on PostgreSQL with the memory treasury: a token payout links to `<explorer>/tx/<hash>`, a fiat one
 * has no link, and without an explorer there is none (the page shows the hash).
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  bed = await payoutsTestbed('history', '2026-08-03T12:00:00Z');
  payouts = await bed.payouts({ explorerUrl: 'https://explorer.example/' });
  await payouts.start();
});
afterAll(() => bed?.close());

const as = (path: string, body: object = {}) => bed.post(payouts, path, body, { userId: 'linked' });
const admin = (path: string, body: object) =>
  bed.post(payouts, path, body, { userId: 'admin', roles: ['admin'] });

it('links a $BEAT payout to its transaction on the explorer, and a fiat payout to nothing', async () => {
  await as('/address/save', { address: WALLET, split: 50 });
  await as('/method/save', { method: 'paypal', email: 'linked@example.com' });
  await bed.sold(sale('linked', 12_000, '2026-08-04T10:00:00Z'));
  bed.clock.set('2026-09-15T10:00:00Z');
  await admin('/admin/populate', { month: '2026-08' });
  await admin('/admin/pay', { month: '2026-08' });

  const rows = (await as('/history')).body.payouts;
  const token = rows.find((row: { kind: string }) => row.kind === 'token');
  const fiat = rows.find((row: { kind: string }) => row.kind === 'fiat');
  expect(token.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(token.explorerUrl).toBe(`https://explorer.example/tx/${token.txHash}`);
  expect(fiat).toMatchObject({ method: 'paypal', txHash: null, explorerUrl: null });
});

it('gives no link without an explorer or before the transfer has a hash', () => {
  expect(transactionPage(undefined, '0xabc')).toBeNull();
  expect(transactionPage('https://explorer.example', null)).toBeNull();
});
