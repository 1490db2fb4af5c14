import {
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  keccak256,
  type Abi,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem';
import artifact from './contract/BeatToken.json';

/**
 * Signs the treasury's transactions without sending them: the journal keeps the signed bytes and the
 * nonce first, and sending is a separate step that can be repeated with the very same bytes.
 */
export interface SignedTransaction {
  nonce: number;
  rawTx: Hex;
  txHash: Hex;
}

/**
 * A fixed limit rather than an estimate: an estimate refuses a transfer that would revert, but a
 * transfer the treasury cannot cover must be mined and seen to revert, like any other outcome.
 * OpenZeppelin's transfer takes about 35,000–52,000 gas.
 */
const TRANSFER_GAS = 100_000n;

export async function signTransfer(
  client: PublicClient,
  account: PrivateKeyAccount,
  at: { chainId: number; nonce: number },
  transfer: { token: Hex; to: Hex; units: bigint },
): Promise<SignedTransaction> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [transfer.to, transfer.units],
  });
  return sign(client, account, at, { to: transfer.token, data, gas: TRANSFER_GAS });
}

/** Signs $BEAT's deployment; its address follows from the sender and the nonce, before anything is sent. */
export async function signDeployment(
  client: PublicClient,
  account: PrivateKeyAccount,
  at: { chainId: number; nonce: number },
  initialSupplyUnits: bigint,
): Promise<SignedTransaction & { token: Hex }> {
  const data = encodeDeployData({
    abi: artifact.abi as Abi,
    bytecode: artifact.bytecode as Hex,
    args: [initialSupplyUnits],
  });
  const gas = ((await client.estimateGas({ account: account.address, data })) * 12n) / 10n;
  const signed = await sign(client, account, at, { data, gas });
  return { ...signed, token: getContractAddress({ from: account.address, nonce: BigInt(at.nonce) }) };
}

async function sign(
  client: PublicClient,
  account: PrivateKeyAccount,
  at: { chainId: number; nonce: number },
  call: { to?: Hex; data: Hex; gas: bigint },
): Promise<SignedTransaction> {
  const fees = await client.estimateFeesPerGas();
  const rawTx = await account.signTransaction({
    type: 'eip1559',
    chainId: at.chainId,
    nonce: at.nonce,
    ...call,
    value: 0n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { nonce: at.nonce, rawTx, txHash: keccak256(rawTx) };
}
