import { createHash } from 'node:crypto';
import type { TokenTransfer, TokenTransferRequest, TokenTreasury } from '../token/port';

/**
 * A real, in-memory TokenTreasury for tests of the monthly run: it keeps the port's promise
 * (idempotent per payoutId: a second call answers the first transfer) and counts how often each
 * payout was actually sent, so a test can see that nobody was paid twice. One cent is 10^16 units;
 * a transfer beyond the treasury's balance fails as a reverted one does.
 */
export class MemoryTreasury implements TokenTreasury {
  readonly transfers = new Map<string, TokenTransfer & { to: string; amountCents: number }>();
  /** Sends per payout; more than one would be a double payment. */
  readonly sends = new Map<string, number>();
  private block = 0;

  constructor(private balanceUnits: bigint = 10n ** 30n) {}

  async transfer(request: TokenTransferRequest): Promise<TokenTransfer> {
    const earlier = this.transfers.get(request.payoutId);
    if (earlier) return earlier;
    const units = BigInt(request.amountCents) * 10n ** 16n;
    // Like a reverted transfer on chain: mined, nothing moved.
    const status = units > this.balanceUnits ? ('failed' as const) : ('confirmed' as const);
    if (status === 'confirmed') this.balanceUnits -= units;
    this.sends.set(request.payoutId, (this.sends.get(request.payoutId) ?? 0) + 1);
    const transfer = {
      payoutId: request.payoutId,
      status,
      to: request.to,
      amountCents: request.amountCents,
      txHash: `0x${createHash('sha256').update(request.payoutId).digest('hex')}`,
      blockNumber: ++this.block,
      confirmations: 1,
      tokenUnits: units.toString(),
    };
    this.transfers.set(request.payoutId, transfer);
    return transfer;
  }

  async transfersOf(payoutIds: readonly string[]) {
    return payoutIds.flatMap((id) => {
      const transfer = this.transfers.get(id);
      return transfer ? [transfer] : [];
    });
  }

  async treasuryBalance() {
    return this.balanceUnits;
  }

  /** Every transfer here settles at once: nothing is left pending, and the balance is the journal's. */
  async reconcile() {
    return { checked: [], heldUnits: this.balanceUnits, journalUnits: this.balanceUnits };
  }

  async close() {}
}
