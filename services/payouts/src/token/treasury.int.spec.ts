import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import {
  createPublicClient,
  custom,
  erc20Abi,
  type EIP1193RequestFn,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startDevChain, type DevChain } from './devChain';
import { devChainTreasury, dyingAfter, dyingBefore } from './testTreasury';
import { EvmTokenTreasury, type EvmTreasuryOptions } from './treasury';
import { unitsOfTokens } from './units';

const SUPPLY_TOKENS = 1_000n;
const CENT = 10n ** 16n;

describe('$BEAT treasury on the development chain (EDR)', () => {
  let bed: ServiceTestbed;
  let chain: DevChain;
  let reader: PublicClient;

  beforeAll(async () => {
    bed = await serviceTestbed({ schema: 'payouts_token' });
    chain = await startDevChain();
    reader = readerOf(chain);
  });
  afterAll(() => bed.close());

  const open = (overrides: Partial<EvmTreasuryOptions> = {}) =>
    devChainTreasury({ db: bed.db, schema: bed.schema, chain, supplyTokens: SUPPLY_TOKENS }, overrides);
  const wallet = () => privateKeyToAccount(generatePrivateKey()).address;
  const balanceOf = (token: Hex, holder: Hex, on = reader) =>
    on.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  const sentBy = (treasury: EvmTokenTreasury) => reader.getTransactionCount({ address: treasury.address });

  it('deploys $BEAT once, with the whole supply in the treasury', async () => {
    const treasury = await open();
    expect(await reader.getCode({ address: treasury.tokenAddress })).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(await treasury.treasuryBalance()).toBe(unitsOfTokens(SUPPLY_TOKENS));
    const sent = await sentBy(treasury);

    const reopened = await open();
    expect(reopened.tokenAddress).toBe(treasury.tokenAddress);
    expect(await sentBy(reopened)).toBe(sent);
  });

  it('transfers a payout to the wallet with its hash, block and confirmations, and only once', async () => {
    const treasury = await open();
    const to = wallet();
    const before = await treasury.treasuryBalance();

    const transfer = await treasury.transfer({ payoutId: 'p-2026-10-token-a', to, amountCents: 1_234 });

    const receipt = await reader.getTransactionReceipt({ hash: transfer.txHash as Hex });
    expect(transfer).toEqual({
      payoutId: 'p-2026-10-token-a',
      status: 'confirmed',
      txHash: receipt.transactionHash,
      blockNumber: Number(receipt.blockNumber),
      confirmations: 1,
      tokenUnits: (1_234n * CENT).toString(),
    });
    expect(receipt.status).toBe('success');
    expect(await balanceOf(treasury.tokenAddress, to)).toBe(1_234n * CENT);
    expect(await treasury.treasuryBalance()).toBe(before - 1_234n * CENT);

    const sent = await sentBy(treasury);
    const again = await treasury.transfer({ payoutId: 'p-2026-10-token-a', to, amountCents: 1_234 });
    expect(again).toEqual(transfer);
    expect(await sentBy(treasury)).toBe(sent);
    expect(await balanceOf(treasury.tokenAddress, to)).toBe(1_234n * CENT);
    expect(await treasury.transfersOf(['p-2026-10-token-a', 'p-never-paid'])).toEqual([transfer]);
  });

  it('pays payouts asked for at the same time each once, each with its own nonce', async () => {
    const treasury = await open();
    const wallets = [wallet(), wallet(), wallet()];
    const sent = await sentBy(treasury);

    const transfers = await Promise.all(
      [...wallets, wallets[0]!].map((to, index) =>
        treasury.transfer({ payoutId: `p-parallel-${index % 3}`, to, amountCents: 100 + (index % 3) }),
      ),
    );

    expect(await sentBy(treasury)).toBe(sent + 3);
    expect(new Set(transfers.map((transfer) => transfer.txHash)).size).toBe(3);
    // The same transfer answered twice; its confirmations are counted when each answer is made, and a
    // sibling's block mined in between adds one.
    const { confirmations: first, ...paid } = transfers[0]!;
    const { confirmations: again, ...paidAgain } = transfers[3]!;
    expect(paidAgain).toEqual(paid);
    expect(again).toBeGreaterThanOrEqual(first);
    for (const [index, to] of wallets.entries())
      expect(await balanceOf(treasury.tokenAddress, to)).toBe(BigInt(100 + index) * CENT);
  });

  it('refuses a wallet address without its EIP-55 checksum before it signs anything', async () => {
    const treasury = await open();
    const sent = await sentBy(treasury);
    await expect(
      treasury.transfer({ payoutId: 'p-lowercase', to: wallet().toLowerCase(), amountCents: 100 }),
    ).rejects.toThrow(RangeError);
    expect(await sentBy(treasury)).toBe(sent);
    expect(await journalOf('p-lowercase')).toEqual([]);
  });

  it('records a transfer the treasury cannot cover as failed: mined, reverted, nothing moved', async () => {
    const treasury = await open();
    const to = wallet();
    const before = await treasury.treasuryBalance();
    const tooMuch = Number(SUPPLY_TOKENS) * 100 + 1;

    const transfer = await treasury.transfer({ payoutId: 'p-2026-10-token-poor', to, amountCents: tooMuch });

    expect(transfer.status).toBe('failed');
    const receipt = await reader.getTransactionReceipt({ hash: transfer.txHash as Hex });
    expect(receipt.status).toBe('reverted');
    expect(transfer.blockNumber).toBe(Number(receipt.blockNumber));
    expect(await balanceOf(treasury.tokenAddress, to)).toBe(0n);
    expect(await treasury.treasuryBalance()).toBe(before);
    expect(await treasury.transfer({ payoutId: 'p-2026-10-token-poor', to, amountCents: tooMuch })).toEqual(
      transfer,
    );
  });

  it('after a crash between sending and recording, the next call sends nothing and answers the mined transfer', async () => {
    const crashing = await open(dying(dyingAfter(chain.request)));
    const to = wallet();
    await expect(
      crashing.transfer({ payoutId: 'p-crash-after-send', to, amountCents: 500 }),
    ).rejects.toThrow();
    const sent = await sentBy(crashing);
    expect(await balanceOf(crashing.tokenAddress, to)).toBe(500n * CENT);
    const [journaled] = await journalOf('p-crash-after-send');
    expect(journaled).toMatchObject({ status: 'pending', block_number: null });

    const restarted = await open();
    const transfer = await restarted.transfer({ payoutId: 'p-crash-after-send', to, amountCents: 500 });

    expect(await sentBy(restarted)).toBe(sent);
    expect(transfer).toMatchObject({ status: 'confirmed', txHash: journaled!.tx_hash });
    expect(await balanceOf(restarted.tokenAddress, to)).toBe(500n * CENT);
    expect(await journalOf('p-crash-after-send')).toMatchObject([{ status: 'confirmed' }]);
  });

  it('after a crash between journaling and sending, the next call sends the same signed transaction once', async () => {
    const crashing = await open(dying(dyingBefore(chain.request)));
    const to = wallet();
    const sentBefore = await sentBy(crashing);
    await expect(
      crashing.transfer({ payoutId: 'p-crash-before-send', to, amountCents: 700 }),
    ).rejects.toThrow();
    expect(await sentBy(crashing)).toBe(sentBefore);
    const [journaled] = await journalOf('p-crash-before-send');

    const restarted = await open();
    const transfer = await restarted.transfer({ payoutId: 'p-crash-before-send', to, amountCents: 700 });

    expect(transfer).toMatchObject({ status: 'confirmed', txHash: journaled!.tx_hash });
    expect(await sentBy(restarted)).toBe(sentBefore + 1);
    expect(await balanceOf(restarted.tokenAddress, to)).toBe(700n * CENT);
  });

  it('rebuilds a fresh development chain from its journal: same token, balances and blocks', async () => {
    const treasury = await open();
    const ids = ['p-2026-10-token-a', 'p-2026-10-token-poor', 'p-crash-after-send', 'p-crash-before-send'];
    const transfers = await treasury.transfersOf(ids);
    const balance = await treasury.treasuryBalance();

    const freshChain = await startDevChain();
    const rebuilt = await open({ transport: custom(freshChain) });

    expect(rebuilt.tokenAddress).toBe(treasury.tokenAddress);
    expect(await rebuilt.treasuryBalance()).toBe(balance);
    const again = await rebuilt.transfersOf(ids);
    expect(again.map(({ confirmations: _, ...rest }) => rest)).toEqual(
      transfers.map(({ confirmations: _, ...rest }) => rest),
    );
    const fresh = readerOf(freshChain);
    for (const transfer of again)
      expect(await fresh.getTransactionReceipt({ hash: transfer.txHash as Hex })).toMatchObject({
        blockNumber: BigInt(transfer.blockNumber),
        status: transfer.status === 'confirmed' ? 'success' : 'reverted',
      });
  });

  function journalOf(payoutId: string) {
    return bed.db
      .query<{ status: string; tx_hash: string; block_number: string | null }>(
        `SELECT status, tx_hash, block_number FROM ${bed.schema}.token_transactions WHERE payout_id = $1`,
        [payoutId],
      )
      .then((result) => result.rows);
  }
});

/** A treasury whose process dies on the way: no retries, and it waits for nothing long. */
function dying(request: EIP1193RequestFn): Partial<EvmTreasuryOptions> {
  return { transport: custom({ request }, { retryCount: 0 }), receiptTimeoutMs: 200 };
}

function readerOf(chain: DevChain): PublicClient {
  return createPublicClient({ transport: custom(chain), cacheTime: 0 });
}
