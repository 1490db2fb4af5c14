import type { SqlDatabase } from '@beatmatch/platform';
import {
  createPublicClient,
  erc20Abi,
  getAddress,
  isAddress,
  TransactionReceiptNotFoundError,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TokenTransfer, TokenTransferRequest, TokenTreasury, TreasuryReconciliation } from './port';
import { TokenJournal, type JournalEntry } from './journal';
import { signDeployment, signTransfer } from './signer';
import { tokenUnitsOf } from './units';

export interface EvmTreasuryOptions {
  db: SqlDatabase;
  /** The schema that holds the journal (payouts' own). */
  schema: string;
  /** JSON-RPC to the chain: EDR in-process (embedded) or `http(url)` (distributed). */
  transport: Transport;
  treasuryKey: Hex;
  unitsPerDollar: bigint;
  /** $BEAT deployed elsewhere; unset, the treasury deploys it once (journaled like a transfer). */
  tokenAddress?: Hex;
  /** Supply minted to the treasury when it deploys $BEAT, in base units. */
  initialSupplyUnits: bigint;
  /** Blocks a transfer waits for before it is recorded (1: mined). */
  confirmations: number;
  pollingMs: number;
  receiptTimeoutMs: number;
}

/**
 * $BEAT payouts on a real EVM (viem). Each transaction is signed, journaled with its nonce, and only
 * then sent; sending and resending are the same step (`settle`): whatever was mined for the hash is
 * recorded, else the same signed bytes go out again. So a crash anywhere, a retried activity or a
 * second run never puts a second transfer on chain for one payout.
 */
export class EvmTokenTreasury implements TokenTreasury {
  private signing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly options: EvmTreasuryOptions,
    private readonly client: PublicClient,
    private readonly account: PrivateKeyAccount,
    private readonly chainId: number,
    private readonly journal: TokenJournal,
    private token: Hex = '0x',
  ) {}

  /** Migrates the journal, rebuilds a fresh development chain, settles what a crash left pending, deploys $BEAT once. */
  static async open(options: EvmTreasuryOptions): Promise<EvmTokenTreasury> {
    const client = createPublicClient({
      transport: options.transport,
      pollingInterval: options.pollingMs,
      cacheTime: 0,
    });
    const account = privateKeyToAccount(options.treasuryKey);
    const chainId = await client.getChainId();
    const journal = new TokenJournal(options.db, options.schema, chainId, account.address);
    await journal.migrate();
    const treasury = new EvmTokenTreasury(options, client, account, chainId, journal);
    await treasury.replayIntoFreshChain();
    await treasury.settlePending();
    treasury.token = options.tokenAddress ?? (await treasury.deployedToken());
    return treasury;
  }

  get tokenAddress(): Hex {
    return this.token;
  }

  get address(): Hex {
    return this.account.address;
  }

  async transfer(request: TokenTransferRequest): Promise<TokenTransfer> {
    if (!isChecksummed(request.to)) throw new RangeError(`not an EIP-55 checksummed address: ${request.to}`);
    const units = tokenUnitsOf(request.amountCents, this.options.unitsPerDollar);
    const [known] = await this.journal.ofPayouts([request.payoutId]);
    const entry = known ?? (await this.recordTransferIntent(request, units));
    return this.answer(await this.settle(entry));
  }

  async transfersOf(payoutIds: readonly string[]): Promise<TokenTransfer[]> {
    const entries = await this.journal.ofPayouts(payoutIds);
    const settled = await Promise.all(entries.map((entry) => this.settleIfMined(entry)));
    const head = await this.client.getBlockNumber();
    return settled.filter((entry) => entry.status !== 'pending').map((entry) => transferOf(entry, head));
  }

  async treasuryBalance(): Promise<bigint> {
    return this.client.readContract({
      address: this.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [this.account.address],
    });
  }

  async reconcile(): Promise<TreasuryReconciliation> {
    const settled = await this.settlePending();
    const transfers = settled.filter((entry) => entry.kind === 'transfer');
    return {
      checked: transfers.map((entry) => ({ payoutId: entry.payoutId!, status: entry.status })),
      heldUnits: await this.treasuryBalance(),
      journalUnits: await this.journal.expectedBalance(this.token),
    };
  }

  async close(): Promise<void> {
    await this.signing.catch(() => undefined);
  }

  /** One signer at a time: each intent takes the next nonce, and no two take the same one. */
  private exclusive<T>(step: () => Promise<T>): Promise<T> {
    const next = this.signing.catch(() => undefined).then(step);
    this.signing = next;
    return next;
  }

  private recordTransferIntent(request: TokenTransferRequest, units: bigint): Promise<JournalEntry> {
    return this.exclusive(async () => {
      const nonce = await this.nextNonce();
      const signed = await signTransfer(
        this.client,
        this.account,
        { chainId: this.chainId, nonce },
        { token: this.token, to: request.to as Hex, units },
      );
      const entry: JournalEntry = {
        ...this.entryBase(signed.nonce),
        ...signed,
        kind: 'transfer',
        payoutId: request.payoutId,
        recipient: request.to as Hex,
        amountCents: request.amountCents,
        tokenUnits: units,
      };
      if (await this.journal.recordIntent(entry)) return entry;
      // Another process journaled this payout (or took the nonce) first: answer what it journaled.
      const [known] = await this.journal.ofPayouts([request.payoutId]);
      if (!known) throw new Error(`nonce ${nonce} was taken by another signer; retry the transfer`);
      return known;
    });
  }

  private async deployedToken(): Promise<Hex> {
    const deployment =
      (await this.journal.latestDeployment()) ??
      (await this.exclusive(async () => {
        const nonce = await this.nextNonce();
        const at = { chainId: this.chainId, nonce };
        const signed = await signDeployment(this.client, this.account, at, this.options.initialSupplyUnits);
        const entry: JournalEntry = {
          ...this.entryBase(nonce),
          ...signed,
          kind: 'deploy',
          payoutId: null,
          recipient: signed.token,
          amountCents: null,
          tokenUnits: this.options.initialSupplyUnits,
        };
        if (!(await this.journal.recordIntent(entry))) throw new Error('another process is deploying $BEAT');
        return entry;
      }));
    const settled = await this.settle(deployment);
    if (settled.status === 'failed') throw new Error(`the $BEAT deployment ${settled.txHash} reverted`);
    return settled.recipient;
  }

  private entryBase(nonce: number) {
    return {
      chainId: this.chainId,
      sender: this.account.address,
      nonce,
      status: 'pending' as const,
      blockNumber: null,
    };
  }

  /** The chain's next nonce, or the journal's when it holds intents the chain has not seen yet. */
  private async nextNonce(): Promise<number> {
    const onChain = await this.client.getTransactionCount({
      address: this.account.address,
      blockTag: 'pending',
    });
    return Math.max(onChain, await this.journal.nextNonce());
  }

  /**
   * The one reconciliation of the journal with the chain, at start and on an admin's request ('Correct
   * remaining tokens'): each pending entry is settled, except one the node holds unmined, which stays
   * pending rather than holding the caller up (the payout's own transfer call waits for it later).
   */
  private async settlePending(): Promise<JournalEntry[]> {
    const settled: JournalEntry[] = [];
    for (const entry of await this.journal.ofSender('pending'))
      settled.push(await this.settle(entry, { waitInMempool: false }));
    return settled;
  }

  /** Records what was mined for the entry's hash; if nothing was and its nonce is still free, sends the same bytes. */
  private async settle(entry: JournalEntry, { waitInMempool = true } = {}): Promise<JournalEntry> {
    if (entry.status !== 'pending') return entry;
    const mined = await this.settleIfMined(entry);
    if (mined.status !== 'pending') return mined;
    const used = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'latest' });
    if (used > entry.nonce) {
      // Mined between the two looks, or its nonce really went elsewhere.
      const late = await this.settleIfMined(entry);
      if (late.status !== 'pending') return late;
      throw new NonceTakenError(entry);
    }
    if (!waitInMempool && (await this.nodeKnows(entry.txHash))) return entry;
    await this.send(entry);
    return this.record(entry, await this.waitFor(entry.txHash));
  }

  private async settleIfMined(entry: JournalEntry): Promise<JournalEntry> {
    if (entry.status !== 'pending') return entry;
    const receipt = await this.receiptOf(entry.txHash);
    return receipt ? this.record(entry, await this.waitFor(entry.txHash)) : entry;
  }

  private async record(entry: JournalEntry, receipt: TransactionReceipt): Promise<JournalEntry> {
    const status = receipt.status === 'success' ? 'confirmed' : 'failed';
    const blockNumber = Number(receipt.blockNumber);
    await this.journal.recordOutcome(entry.txHash, status, blockNumber);
    return { ...entry, status, blockNumber };
  }

  /** Sends signed bytes; a node that already holds them ("already known") is not an error. */
  private async send(entry: JournalEntry): Promise<void> {
    try {
      await this.client.request({ method: 'eth_sendRawTransaction', params: [entry.rawTx] });
    } catch (error) {
      if (!(await this.nodeKnows(entry.txHash))) throw error;
    }
  }

  private nodeKnows(hash: Hex): Promise<boolean> {
    return this.client.getTransaction({ hash }).then(
      () => true,
      () => false,
    );
  }

  private async receiptOf(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await this.client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  private waitFor(hash: Hex): Promise<TransactionReceipt> {
    const { confirmations, receiptTimeoutMs } = this.options;
    return this.client.waitForTransactionReceipt({ hash, confirmations, timeout: receiptTimeoutMs });
  }

  /**
   * A chain on which the treasury has sent nothing, while its journal holds transactions for this
   * chain id, was started afresh: a development chain (in this process, or a local node) keeps
   * nothing once stopped. The journal's signed transactions, in nonce order, rebuild it as it was.
   * A public chain never forgets, so there this finds nothing to do.
   */
  private async replayIntoFreshChain(): Promise<void> {
    if ((await this.client.getTransactionCount({ address: this.account.address })) > 0) return;
    for (const entry of await this.journal.ofSender()) await this.send(entry);
  }

  private answer(entry: JournalEntry): Promise<TokenTransfer> {
    return this.client.getBlockNumber().then((head) => transferOf(entry, head));
  }
}

/** A pending transfer's nonce went to another transaction: only an operator can tell what happened. */
export class NonceTakenError extends Error {
  constructor(entry: JournalEntry) {
    super(
      `nonce ${entry.nonce} of the treasury went to a transaction other than ${entry.txHash}: ` +
        'the treasury key was used outside Beatmatch; the journal keeps the payout pending',
    );
    this.name = 'NonceTakenError';
  }
}

/** EIP-55: the mixed case is the checksum (all-lowercase addresses carry none and are refused). */
export function isChecksummed(address: string): boolean {
  return isAddress(address, { strict: false }) && getAddress(address) === address;
}

function transferOf(entry: JournalEntry, head: bigint): TokenTransfer {
  const blockNumber = entry.blockNumber!;
  return {
    payoutId: entry.payoutId!,
    status: entry.status === 'confirmed' ? 'confirmed' : 'failed',
    txHash: entry.txHash,
    blockNumber,
    confirmations: Number(head) - blockNumber + 1,
    tokenUnits: entry.tokenUnits!.toString(),
  };
}
