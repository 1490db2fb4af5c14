import {
  EdrContext,
  ContractDecoder,
  GENERIC_CHAIN_TYPE,
  MineOrdering,
  PRAGUE,
  genericChainProviderFactory,
  type Provider,
} from '@nomicfoundation/edr';
import { hexToBytes, type EIP1193RequestFn } from 'viem';

/**
 * The embedded profile's EVM: Hardhat's EDR (a Rust EVM node from npm) inside this process, mining a
 * block for each transaction as it arrives. It keeps nothing on disk; the treasury replays its own
 * journal of signed transactions into it at start (treasury.ts), which rebuilds the same chain.
 */
export interface DevChain {
  chainId: number;
  request: EIP1193RequestFn;
}

/** Hardhat's first well-known test account: funded on the development chain only, never anywhere else. */
export const DEV_CHAIN_TREASURY_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_CHAIN_TREASURY_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const DEV_CHAIN_ID = 31337;

const ETHER = 10n ** 18n;
const HARDFORK = PRAGUE;

/**
 * EDR allows one context per process, with the chain type registered once. It hangs on EDR's own
 * native class, which a process loads once even when it loads this module more than once (jest gives
 * each suite its own module registry and globals).
 */
const CONTEXT = Symbol.for('beatmatch.payouts.edrContext');

function edrContext(): Promise<EdrContext> {
  const holder = EdrContext as unknown as { [CONTEXT]?: Promise<EdrContext> };
  holder[CONTEXT] ??= (async () => {
    const created = new EdrContext();
    await created.registerProviderFactory(GENERIC_CHAIN_TYPE, genericChainProviderFactory());
    return created;
  })();
  return holder[CONTEXT];
}

export async function startDevChain(): Promise<DevChain> {
  const provider = await (
    await edrContext()
  ).createProvider(
    GENERIC_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: true,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      // A reverted transfer is mined with status 0, as on a real chain, instead of an RPC error.
      bailOnTransactionFailure: false,
      chainId: BigInt(DEV_CHAIN_ID),
      coinbase: hexToBytes('0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e'),
      defaultTransactionGasLimit: 30_000_000n,
      genesisState: [{ address: hexToBytes(DEV_CHAIN_TREASURY_ADDRESS), balance: 10_000n * ETHER }],
      hardfork: HARDFORK,
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: MineOrdering.Priority } },
      network: { genesisBlockGasLimit: 30_000_000n },
      networkId: BigInt(DEV_CHAIN_ID),
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );
  return { chainId: DEV_CHAIN_ID, request: jsonRpcOf(provider) };
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** EIP-1193 over EDR's JSON-RPC handler; errors keep their code so viem classifies them. */
function jsonRpcOf(provider: Provider): EIP1193RequestFn {
  let id = 0;
  return (async ({ method, params }: { method: string; params?: unknown }) => {
    const request = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] });
    const data = (await provider.handleRequest(request)).data as string | JsonRpcAnswer;
    const answer = (typeof data === 'string' ? JSON.parse(data) : data) as JsonRpcAnswer;
    if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer.result;
  }) as EIP1193RequestFn;
}
