import { TOKEN_PAYOUTS_NOT_CONFIGURED } from '@beatmatch/contracts';
import {
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  type EIP1193Parameters,
  type EIP1193RequestFn,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { payoutsTestbed, sale, type PayoutsService, type PayoutsTestbed } from '../testing/harness';
import { DEV_CHAIN_TREASURY_KEY, startDevChain, type DevChain } from './devChain';
import { devChainTreasury, dyingAfter, dyingBefore } from './testTreasury';
import type { EvmTreasuryOptions } from './treasury';
import { unitsOfTokens } from './units';

/**
 * 'Correct remaining tokens' (issue 26) on PostgreSQL and the development chain (EDR, a fresh one for
 * this suite, so it can stop mining): $BEAT payouts whose transfers a crashed run left pending in the
 * journal are reconciled with the chain and recorded as the pay run records them — mined → paid once,
 * however often the job runs; never sent → the same signed bytes sent and paid; reverted → returned to
 * the producer's balance; still in the mempool → left pending. Then the treasury's balance is compared
 * with the journal, and a difference is reported, not corrected.
 */
const SUPPLY_TOKENS = 1_000n;
const MONTH = '2026-04';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
let bed: PayoutsTestbed;
let chain: DevChain;
let payouts: PayoutsService;
/** $BEAT the treasury should still hold: the supply less every payout confirmed so far. */
let heldCents = Number(SUPPLY_TOKENS) * 100;
const held = () => (heldCents / 100).toFixed(2);

const treasuryOn = (overrides: Partial<EvmTreasuryOptions> = {}) =>
  devChainTreasury({ db: bed.db, schema: bed.schema, chain, supplyTokens: SUPPLY_TOKENS }, overrides);

beforeAll(async () => {
  bed = await payoutsTestbed('correct_tokens', `${MONTH}-02T12:00:00Z`);
  chain = await startDevChain();
  payouts = await bed.payouts({ treasury: await treasuryOn() });
  await payouts.start();
  for (const [producer, cents] of [
    ['mined', 5_000],
    ['unsent', 6_000],
    ['waiting', 7_000],
    ['poor', 200_000],
  ] as const) {
    await bed.post(payouts, '/address/save', { address: WALLET, split: 100 }, { userId: producer });
    await bed.sold(sale(producer, cents, `${MONTH}-05T10:00:00Z`));
  }
  bed.clock.set('2026-05-02T10:00:00Z');
  expect((await admin('/admin/populate', { month: MONTH })).status).toBe(200);
}, 60_000);
afterAll(() => bed?.close());

const admin = (path: string, body: object = {}) =>
  bed.post(payouts, path, body, { userId: 'admin', roles: ['admin'] });
const correct = async () => {
  const answer = await admin('/admin/correct-tokens');
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>;
};
const wallet = async (producer: string) =>
  (await bed.post(payouts, '/wallet', {}, { userId: producer })).body as Record<string, string>;

async function tokenPayout(producer: string) {
  const { rows } = await bed.db.query<{ payout_id: string; gross_cents: string; status: string }>(
    `SELECT payout_id, gross_cents, status FROM ${bed.schema}.payouts WHERE producer_id = $1 AND kind = 'token'`,
    [producer],
  );
  return { ...rows[0]!, gross: Number(rows[0]!.gross_cents) };
}

/** A pay run that dies at `dies` while it sends this producer's transfer: journaled, left pending, payout computed. */
async function crashWhilePaying(producer: string, dies: (request: EIP1193RequestFn) => EIP1193RequestFn) {
  const payout = await tokenPayout(producer);
  const crashing = await treasuryOn({
    transport: custom({ request: dies(chain.request) }, { retryCount: 0 }),
    receiptTimeoutMs: 200,
  });
  await expect(
    crashing.transfer({ payoutId: payout.payout_id, to: WALLET, amountCents: payout.gross }),
  ).rejects.toThrow();
  expect(await journalStatus(payout.payout_id)).toBe('pending');
  return payout;
}

it('records a transfer mined before the crash as paid, and only once when the job runs twice', async () => {
  const before = await wallet('mined');
  const payout = await crashWhilePaying('mined', dyingAfter);

  heldCents -= payout.gross;
  expect(await correct()).toEqual({
    checked: 1,
    confirmed: 1,
    returned: 0,
    waiting: 0,
    held: held(),
    journal: 'same',
    difference: '0.00',
  });
  expect((await tokenPayout('mined')).status).toBe('paid');
  const paid = await wallet('mined');
  expect(Number(paid.paid)).toBeCloseTo(Number(before.paid) + payout.gross / 100);

  expect(await correct()).toMatchObject({ checked: 0, confirmed: 0, held: held(), journal: 'same' });
  expect(await wallet('mined')).toEqual(paid);
});

it('sends a transfer the crash kept from the chain (its nonce still free) with the same signed bytes', async () => {
  const payout = await crashWhilePaying('unsent', dyingBefore);
  const [journaled] = await journalRows(payout.payout_id);

  heldCents -= payout.gross;
  expect(await correct()).toMatchObject({ checked: 1, confirmed: 1, held: held(), journal: 'same' });
  expect((await tokenPayout('unsent')).status).toBe('paid');
  const receipt = await reader().getTransactionReceipt({ hash: journaled!.tx_hash as Hex });
  expect(receipt.status).toBe('success');
});

it('leaves a transfer still in the mempool pending and counts it; records it once mined', async () => {
  await chain.request({ method: 'evm_setAutomine', params: [false] } as EIP1193Parameters as never);
  try {
    heldCents -= (await crashWhilePaying('waiting', dyingAfter)).gross;
    expect(await correct()).toMatchObject({ checked: 1, confirmed: 0, returned: 0, waiting: 1 });
    expect((await tokenPayout('waiting')).status).toBe('computed');
  } finally {
    await chain.request({ method: 'evm_setAutomine', params: [true] } as EIP1193Parameters as never);
  }
  await chain.request({ method: 'evm_mine', params: [] } as EIP1193Parameters as never);

  expect(await correct()).toMatchObject({ checked: 1, confirmed: 1, waiting: 0, held: held() });
  expect((await tokenPayout('waiting')).status).toBe('paid');
});

it("returns a reverted transfer's payout to its producer's balance, as the pay run does", async () => {
  const before = await wallet('poor');
  await crashWhilePaying('poor', dyingAfter);

  expect(await correct()).toMatchObject({ checked: 1, confirmed: 0, returned: 1, journal: 'same' });
  expect((await tokenPayout('poor')).status).toBe('returned');
  expect(await wallet('poor')).toEqual(before);
  expect(await correct()).toMatchObject({ checked: 0, returned: 0 });
  expect(await wallet('poor')).toEqual(before);
});

it('reports tokens that left the treasury outside Beatmatch, and moves nothing to hide it', async () => {
  const { tokenAddress } = await treasuryOn();
  const outside = createWalletClient({
    account: privateKeyToAccount(DEV_CHAIN_TREASURY_KEY),
    transport: custom(chain),
  });
  await outside.writeContract({
    address: tokenAddress,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [WALLET, unitsOfTokens(12n)],
    chain: null,
  });
  const sent = await reader().getTransactionCount({ address: outside.account.address });

  heldCents -= 1_200;
  expect(await correct()).toMatchObject({ checked: 0, held: held(), journal: 'less', difference: '12.00' });
  expect(await reader().getTransactionCount({ address: outside.account.address })).toBe(sent);
});

it('says token payouts are not configured when the service has no chain', async () => {
  const unconfigured = await bed.payouts({ treasury: undefined });
  const answer = await bed.post(unconfigured, '/admin/correct-tokens', {}, { userId: 'a', roles: ['admin'] });
  expect(answer.status).toBe(409);
  expect(answer.body.message).toBe(TOKEN_PAYOUTS_NOT_CONFIGURED);
});

const reader = () => createPublicClient({ transport: custom(chain), cacheTime: 0 });

async function journalRows(payoutId: string) {
  const { rows } = await bed.db.query<{ status: string; tx_hash: string }>(
    `SELECT status, tx_hash FROM ${bed.schema}.token_transactions WHERE payout_id = $1`,
    [payoutId],
  );
  return rows;
}
const journalStatus = async (payoutId: string) => (await journalRows(payoutId))[0]?.status;
