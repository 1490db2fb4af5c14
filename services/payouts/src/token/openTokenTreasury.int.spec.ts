import { z } from 'zod';
import { createLogger, openPglite, type SqlDatabase } from '@beatmatch/platform';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openTokenTreasury, tokenTreasuryConfig } from './openTokenTreasury';
import { DEV_CHAIN_TREASURY_KEY, startDevChain } from './devChain';
import { serveDevChain } from './devChainNode';
import type { EvmTokenTreasury } from './treasury';

const logger = createLogger('payouts-token-test', 'silent');
const configOf = (env: Record<string, string>) => z.object(tokenTreasuryConfig).parse(env);

describe('the $BEAT treasury from configuration', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db.close());

  it('embedded: starts its own chain, deploys $BEAT and pays at the configured rate, on PGlite', async () => {
    const treasury = await openTokenTreasury(
      { profile: 'embedded', db, logger },
      configOf({ BEAT_TOKENS_PER_USD: '2.5', BEAT_INITIAL_SUPPLY: '1000', BEAT_CONFIRMATIONS: '3' }),
      'payouts',
    );
    const to = privateKeyToAccount(generatePrivateKey()).address;

    const transfer = await treasury!.transfer({ payoutId: 'p-embedded', to, amountCents: 1_000 });

    expect(transfer).toMatchObject({ status: 'confirmed', tokenUnits: (25n * 10n ** 18n).toString() });
    expect(await treasury!.treasuryBalance()).toBe(975n * 10n ** 18n);
    expect(await treasury!.transfersOf(['p-embedded'])).toEqual([transfer]);
    await treasury!.close();
  });

  it('distributed: pays through a JSON-RPC URL, and a restarted local node is rebuilt from the journal', async () => {
    const rpc = (url: string) =>
      configOf({
        BEAT_CHAIN_RPC_URL: url,
        BEAT_TREASURY_KEY: DEV_CHAIN_TREASURY_KEY,
        BEAT_INITIAL_SUPPLY: '50',
      });
    const node = await serveDevChain(await startDevChain(), 0);
    const treasury = (await openTokenTreasury(
      { profile: 'distributed', db, logger },
      rpc(node.url),
      'payouts_rpc',
    ))!;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const transfer = await treasury.transfer({ payoutId: 'p-rpc', to, amountCents: 4_200 });
    expect(transfer).toMatchObject({ status: 'confirmed', tokenUnits: (42n * 10n ** 18n).toString() });
    await node.close();

    const restartedNode = await serveDevChain(await startDevChain(), 0);
    const restarted = (await openTokenTreasury(
      { profile: 'distributed', db, logger },
      rpc(restartedNode.url),
      'payouts_rpc',
    )) as EvmTokenTreasury;

    expect(restarted.tokenAddress).toBe((treasury as EvmTokenTreasury).tokenAddress);
    expect(await restarted.treasuryBalance()).toBe(8n * 10n ** 18n);
    expect(await restarted.transfersOf(['p-rpc'])).toEqual([transfer]);
    await restartedNode.close();
  });

  it('distributed without a chain: no treasury, so $BEAT payouts wait', async () => {
    expect(
      await openTokenTreasury({ profile: 'distributed', db, logger }, configOf({}), 'payouts'),
    ).toBeUndefined();
  });

  it('a chain without the treasury key does not start', async () => {
    await expect(
      openTokenTreasury(
        { profile: 'distributed', db, logger },
        configOf({ BEAT_CHAIN_RPC_URL: 'http://127.0.0.1:8545' }),
        'payouts',
      ),
    ).rejects.toThrow('BEAT_TREASURY_KEY is required with BEAT_CHAIN_RPC_URL');
  });

  it('refuses settings that are not what they claim', () => {
    for (const env of [
      { BEAT_TOKENS_PER_USD: '-1' },
      { BEAT_TOKENS_PER_USD: 'one' },
      { BEAT_TREASURY_KEY: '0x1234' },
      { BEAT_TOKEN_ADDRESS: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' },
      { BEAT_CONFIRMATIONS: '0' },
      { BEAT_CHAIN_RPC_URL: 'not a url' },
    ])
      expect(z.object(tokenTreasuryConfig).safeParse(env).success).toBe(false);
  });
});
