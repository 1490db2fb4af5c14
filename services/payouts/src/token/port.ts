/**
 * The $BEAT side of a payout, as the monthly run sees it. The run decides how many cents of a
 * producer's payout go out in $BEAT (the split); an adapter turns cents into token units at the
 * configured rate and moves them from the treasury to the producer's wallet on a real EVM.
 *
 * `transfer` is idempotent per `payoutId`: the adapter records the intent (with its nonce) before it
 * sends, so a crash between sending and recording, a retried activity or a second run never sends
 * twice — calling it again for the same payout answers the first transfer.
 */
export interface TokenTransferRequest {
  /** One (producer, month, kind) payout: the idempotency key. */
  payoutId: string;
  /** EIP-55 checksummed ERC-20-capable address from the producer's payout settings. */
  to: string;
  /** The $BEAT share of the payout in US cents. */
  amountCents: number;
}

export interface TokenTransfer {
  payoutId: string;
  /**
   * `failed`: mined but reverted (e.g. the treasury holds too few tokens): nothing reached the
   * producer, and the run gives the amount back to their balance.
   */
  status: 'confirmed' | 'failed';
  txHash: string;
  blockNumber: number;
  /** Blocks on top of it, its own included, when this answer was given. */
  confirmations: number;
  /** Token base units sent (decimal string: can exceed Number's range). */
  tokenUnits: string;
}

export interface TokenTreasury {
  transfer(request: TokenTransferRequest): Promise<TokenTransfer>;
  /** Transfers already made for these payouts (for reconciliation and the $BEAT Payouts page). */
  transfersOf(payoutIds: readonly string[]): Promise<TokenTransfer[]>;
  /** The treasury's on-chain balance in token base units. */
  treasuryBalance(): Promise<bigint>;
  /**
   * 'Correct remaining tokens': settles every journaled transfer still pending against the chain now
   * (one the node holds unmined stays pending), then reads the balance to compare with the journal.
   */
  reconcile(): Promise<TreasuryReconciliation>;
  close(): Promise<void>;
}

export interface TreasuryReconciliation {
  /** The transfers that were pending, as the chain now says (`failed`: reverted, nothing moved). */
  checked: { payoutId: string; status: 'confirmed' | 'failed' | 'pending' }[];
  /** The treasury's balance on chain, in base units. */
  heldUnits: bigint;
  /** What the journal says it should hold (minted − confirmed transfers); null for $BEAT deployed elsewhere. */
  journalUnits: bigint | null;
}
