import { WALLET_ADDRESS_MESSAGES } from '@beatmatch/contracts';
import { payoutsTestbed, type PayoutsService, type PayoutsTestbed } from '../testing/harness';

/**
 * Payout settings as the gateway calls them, on real PostgreSQL: the wallet address with its EIP-55
 * checksum and the split (producer-side spec §2, §5, §7), the fiat method of onboarding, and bad input
 * answered 400 with a message and nothing written.
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;

beforeAll(async () => {
  bed = await payoutsTestbed('settings');
  payouts = await bed.payouts();
  await payouts.start();
});
afterAll(() => bed?.close());

// EIP-55's own test vectors.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const producer = (id: string) => ({ userId: id });
const post = (path: string, body: object, userId = 'producer-settings') =>
  bed.post(payouts, path, body, producer(userId));

describe('the wallet address and split', () => {
  it("answers the spec's empty state before anything is saved", async () => {
    const reply = await post('/address', {}, 'producer-new');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ address: null, split: 10 });
  });

  it('saves a checksummed address with its split and answers it back', async () => {
    const saved = await post('/address/save', { address: CHECKSUMMED, split: 35 });
    expect(saved.body).toEqual({ saved: true, address: CHECKSUMMED, split: 35 });
    expect((await post('/address', {})).body).toEqual({ address: CHECKSUMMED, split: 35 });
  });

  it('accepts an all-lower-case address (no checksum in it) and stores its EIP-55 form', async () => {
    const saved = await post(
      '/address/save',
      { address: CHECKSUMMED.toLowerCase(), split: 100 },
      'producer-lower',
    );
    expect(saved.body.address).toBe(CHECKSUMMED);
  });

  it.each([
    [
      'a mistyped checksum',
      { address: CHECKSUMMED.replace('aAeb', 'aaeb'), split: 10 },
      WALLET_ADDRESS_MESSAGES.invalid,
    ],
    ['no address', { split: 10 }, WALLET_ADDRESS_MESSAGES.required],
    ['an empty address', { address: '', split: 10 }, WALLET_ADDRESS_MESSAGES.required],
    ['a short address', { address: '0x1234', split: 10 }, WALLET_ADDRESS_MESSAGES.invalid],
    ['a split under 10', { address: CHECKSUMMED, split: 9 }, 'The split must be between 10 and 100 percent.'],
    [
      'a split over 100',
      { address: CHECKSUMMED, split: 101 },
      'The split must be between 10 and 100 percent.',
    ],
    [
      'a split of 10.5',
      { address: CHECKSUMMED, split: 10.5 },
      'The split must be between 10 and 100 percent.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
    const reply = await post('/address/save', body, 'producer-bad');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect((await post('/address', {}, 'producer-bad')).body).toEqual({ address: null, split: 10 });
  });

  it('removes the address (removed: true), then has nothing to remove (removed: false)', async () => {
    await post('/address/save', { address: CHECKSUMMED, split: 20 }, 'producer-remove');
    expect((await post('/address/delete', { address: CHECKSUMMED }, 'producer-remove')).body).toEqual({
      removed: true,
    });
    expect((await post('/address', {}, 'producer-remove')).body).toEqual({ address: null, split: 10 });
    expect((await post('/address/delete', {}, 'producer-remove')).body).toEqual({ removed: false });
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await bed.post(payouts, '/address/save', { address: CHECKSUMMED, split: 10 })).status).toBe(401);
  });
});

describe('the fiat method (onboarding)', () => {
  it('has none at first, then shows the chosen one without its full account number', async () => {
    expect((await post('/method', {}, 'producer-ach')).body).toEqual({ method: null, summary: null });
    const details = {
      method: 'ach',
      accountHolder: 'Dee Jay',
      routingNumber: '021000021',
      accountNumber: '123456789',
    };
    expect((await post('/method/save', details, 'producer-ach')).body).toEqual({
      method: 'ach',
      summary: 'Direct Deposit/ACH ••••6789',
    });
    expect((await post('/method', {}, 'producer-ach')).body.summary).toBe('Direct Deposit/ACH ••••6789');
  });

  it.each([
    [
      { method: 'ach', accountHolder: 'A', routingNumber: '1234', accountNumber: '123456789' },
      'A routing number has 9 digits.',
    ],
    [{ method: 'paypal', email: 'not-an-email' }, 'Please enter a valid e-mail.'],
    [
      { method: 'wire', accountHolder: 'A', bankName: 'B', swift: 'XX', iban: 'DE89370400440532013000' },
      'A SWIFT/BIC code has 8 or 11 characters.',
    ],
    [{ method: 'crypto' }, undefined],
  ])('refuses bad details with 400 and keeps the earlier choice (%j)', async (details, message) => {
    await post(
      '/method/save',
      { method: 'check', payee: 'Dee Jay', mailingAddress: '1 Main Street, Springfield' },
      'producer-keep',
    );
    const reply = await post('/method/save', details, 'producer-keep');
    expect(reply.status).toBe(400);
    if (message) expect(reply.body.message).toBe(message);
    expect((await post('/method', {}, 'producer-keep')).body.method).toBe('check');
  });
});
