import type { BeatPurchasedPayload, PayoutMethod, PurchaseRefundedPayload } from '@beatmatch/contracts';
import { accounts, monthOf, type Transfer } from './ledger';

/*
 * The facts the ledger posts, as transfers (pure: the property test drives them directly).
 * A sale credits the producer with the beat's price (commission: none) and the platform with the
 * service fee; a refund takes both back in the month it happens (a paid month stays closed, so the
 * producer may go negative until later earnings settle it).
 */

export function saleTransfer(sale: BeatPurchasedPayload): Transfer {
  return {
    transferId: `sale:${sale.purchaseId}`,
    kind: 'sale',
    month: monthOf(sale.purchasedAt),
    occurredAt: sale.purchasedAt,
    entries: [
      { account: accounts.buyers, amountCents: -(sale.amountCents + sale.feeCents) },
      { account: accounts.earnings(sale.producerId), amountCents: sale.amountCents },
      { account: accounts.platformFees, amountCents: sale.feeCents },
    ],
  };
}

export function refundTransfer(refund: PurchaseRefundedPayload): Transfer {
  return {
    transferId: `refund:${refund.purchaseId}`,
    kind: 'refund',
    month: monthOf(refund.refundedAt),
    occurredAt: refund.refundedAt,
    entries: [
      { account: accounts.buyers, amountCents: refund.amountCents + refund.feeCents },
      { account: accounts.earnings(refund.producerId), amountCents: -refund.amountCents },
      { account: accounts.platformFees, amountCents: -refund.feeCents },
    ],
  };
}

export interface PayoutPosting {
  payoutId: string;
  producerId: string;
  /** The month paid for. */
  month: string;
  /** 'beat' for the $BEAT part (no fee), else the fiat method. */
  via: PayoutMethod | 'beat';
  grossCents: number;
  feeCents: number;
  at: string;
}

/** A payout moves its gross out of the producer's earnings: the net to "paid", the fee to the provider. */
export function payoutTransfer(payout: PayoutPosting): Transfer {
  return {
    transferId: `payout:${payout.payoutId}`,
    kind: 'payout',
    month: payout.month,
    occurredAt: payout.at,
    entries: [
      { account: accounts.earnings(payout.producerId), amountCents: -payout.grossCents },
      { account: accounts.paid(payout.producerId), amountCents: payout.grossCents - payout.feeCents },
      { account: accounts.provider(payout.via), amountCents: payout.feeCents },
    ],
  };
}

/** A failed or returned payout goes back to the producer's available balance, visibly. */
export function payoutReturnedTransfer(payout: PayoutPosting): Transfer {
  const sent = payoutTransfer(payout);
  return {
    ...sent,
    transferId: `payout-returned:${payout.payoutId}`,
    kind: 'payoutReturned',
    occurredAt: payout.at,
    entries: sent.entries.map((entry) => ({ ...entry, amountCents: -entry.amountCents })),
  };
}
