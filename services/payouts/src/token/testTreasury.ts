import type { SqlDatabase } from '@beatmatch/platform';
import { custom, type EIP1193RequestFn } from 'viem';
import { DEV_CHAIN_TREASURY_KEY, type DevChain } from './devChain';
import { EvmTokenTreasury, type EvmTreasuryOptions } from './treasury';
import { unitsOfTokens, unitsPerDollar } from './units';

/** The specs' treasury on a development chain: one $BEAT per dollar, `supplyTokens` minted, quick polling. */
export function devChainTreasury(
  on: { db: SqlDatabase; schema: string; chain: DevChain; supplyTokens: bigint },
  overrides: Partial<EvmTreasuryOptions> = {},
): Promise<EvmTokenTreasury> {
  return EvmTokenTreasury.open({
    db: on.db,
    schema: on.schema,
    transport: custom(on.chain),
    treasuryKey: DEV_CHAIN_TREASURY_KEY,
    unitsPerDollar: unitsPerDollar('1'),
    initialSupplyUnits: unitsOfTokens(on.supplyTokens),
    confirmations: 1,
    pollingMs: 10,
    receiptTimeoutMs: 10_000,
    ...overrides,
  });
}

/*
 * Crash points of the treasury's process: a transport that stops answering at a chosen moment around
 * `eth_sendRawTransaction`, as a killed process would.
 */

/** The process dies right after the node took the transaction: nothing it asks after the send gets an answer. */
export function dyingAfter(request: EIP1193RequestFn): EIP1193RequestFn {
  let dead = false;
  return (async (args: Parameters<EIP1193RequestFn>[0]) => {
    if (dead) throw new Error('process killed after sending');
    const answer: unknown = await request(args);
    dead = args.method === 'eth_sendRawTransaction';
    return answer;
  }) as EIP1193RequestFn;
}

/** The process dies right before the send: the intent is journaled, the node never sees it. */
export function dyingBefore(request: EIP1193RequestFn): EIP1193RequestFn {
  let dead = false;
  return (async (args: Parameters<EIP1193RequestFn>[0]) => {
    dead ||= args.method === 'eth_sendRawTransaction';
    if (dead) throw new Error('process killed before sending');
    return request(args);
  }) as EIP1193RequestFn;
}
