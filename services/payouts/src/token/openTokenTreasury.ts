import { z } from 'zod';
import { custom, http, type Hex } from 'viem';
import type { Infrastructure } from '@beatmatch/platform';
import type { TokenTreasury } from './port';
import { DEV_CHAIN_TREASURY_KEY, startDevChain } from './devChain';
import { EvmTokenTreasury, isChecksummed, type EvmTreasuryOptions } from './treasury';
import { unitsOfTokens, unitsPerDollar } from './units';

const decimalRate = z.string().refine((rate) => {
  try {
    return unitsPerDollar(rate) > 0n;
  } catch {
    return false;
  }
}, 'a positive decimal number of $BEAT per US dollar, at most 18 decimals');

/**
 * $BEAT's settings (environment variables, both profiles). Without BEAT_CHAIN_RPC_URL the embedded
 * profile starts its own development chain; the distributed profile then has no treasury and its
 * $BEAT payouts wait, computed and owed, until one is configured.
 */
export const tokenTreasuryConfig = {
  /** A JSON-RPC endpoint of the chain $BEAT lives on. */
  BEAT_CHAIN_RPC_URL: z.url().optional(),
  /** The treasury account's private key (0x + 64 hex digits); required with BEAT_CHAIN_RPC_URL. */
  BEAT_TREASURY_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
    .optional(),
  /** $BEAT already deployed; unset, the treasury deploys OpenZeppelin's ERC-20 once and remembers it. */
  BEAT_TOKEN_ADDRESS: z.string().refine(isChecksummed, 'an EIP-55 checksummed address').optional(),
  /** The rate: how many $BEAT one US dollar of payout buys (the spec names no price). */
  BEAT_TOKENS_PER_USD: decimalRate.default('1'),
  /** Whole tokens minted to the treasury when it deploys $BEAT. */
  BEAT_INITIAL_SUPPLY: z.coerce.bigint().positive().default(1_000_000_000n),
  /**
   * A block explorer of that chain (Etherscan, Blockscout, Otterscan: `<base>/tx/<hash>`), linked from
   * each $BEAT payout; unset, the pages show the transaction hash to copy.
   */
  BEAT_EXPLORER_URL: z.url().optional(),
  /** Blocks a transfer waits for before it is recorded (the development chain: always 1). */
  BEAT_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(1),
};

export type TokenTreasuryConfig = z.infer<z.ZodObject<typeof tokenTreasuryConfig>>;

/**
 * The treasury the configuration asks for: the embedded profile's development chain (EDR in this
 * process, with the well-known test key that exists only there), or the chain at BEAT_CHAIN_RPC_URL.
 * Undefined when the distributed profile has no chain configured.
 */
export async function openTokenTreasury(
  infrastructure: Pick<Infrastructure, 'profile' | 'db' | 'logger'>,
  config: TokenTreasuryConfig,
  schema: string,
): Promise<TokenTreasury | undefined> {
  const common = {
    db: infrastructure.db,
    schema,
    unitsPerDollar: unitsPerDollar(config.BEAT_TOKENS_PER_USD),
    initialSupplyUnits: unitsOfTokens(config.BEAT_INITIAL_SUPPLY),
    ...(config.BEAT_TOKEN_ADDRESS ? { tokenAddress: config.BEAT_TOKEN_ADDRESS as Hex } : {}),
  };
  const chain = await chainOf(infrastructure, config);
  if (!chain) {
    infrastructure.logger.warn(
      'BEAT_CHAIN_RPC_URL is not set: $BEAT payouts wait until a chain is configured',
    );
    return undefined;
  }
  const treasury = await EvmTokenTreasury.open({ ...common, ...chain });
  infrastructure.logger.info(
    {
      token: treasury.tokenAddress,
      treasury: treasury.address,
      rpc: config.BEAT_CHAIN_RPC_URL ?? 'development chain',
    },
    '$BEAT treasury ready',
  );
  return treasury;
}

type ChainOptions = Pick<
  EvmTreasuryOptions,
  'transport' | 'treasuryKey' | 'pollingMs' | 'receiptTimeoutMs' | 'confirmations'
>;

async function chainOf(
  infrastructure: Pick<Infrastructure, 'profile'>,
  config: TokenTreasuryConfig,
): Promise<ChainOptions | undefined> {
  if (config.BEAT_CHAIN_RPC_URL) {
    if (!config.BEAT_TREASURY_KEY) throw new Error('BEAT_TREASURY_KEY is required with BEAT_CHAIN_RPC_URL');
    return {
      transport: http(config.BEAT_CHAIN_RPC_URL),
      treasuryKey: config.BEAT_TREASURY_KEY as Hex,
      pollingMs: 2_000,
      receiptTimeoutMs: 10 * 60_000,
      confirmations: config.BEAT_CONFIRMATIONS,
    };
  }
  if (infrastructure.profile !== 'embedded') return undefined;
  return {
    transport: custom(await startDevChain()),
    treasuryKey: DEV_CHAIN_TREASURY_KEY,
    pollingMs: 20,
    receiptTimeoutMs: 30_000,
    // It mines a block only when a transaction arrives: a later block may never come.
    confirmations: 1,
  };
}
