import { meetsPayoutMinimum, payoutFeeCents, type PayoutMethod } from '@beatmatch/contracts';

/*
 * One producer's payouts for a closed month (spec §9, pure): the $BEAT share is the split of what is
 * owed, the rest goes to the fiat method when it reaches the method's minimum, with the method's fee
 * deducted; whatever is not paid carries over to the next month.
 */

export interface ProducerToPay {
  /** What the platform owes for closed months, not yet paid or planned, in cents. */
  owedCents: number;
  /** null: no wallet saved (nothing in $BEAT). */
  wallet: { address: string; split: number } | null;
  /** null: no fiat method chosen (the fiat share carries over). */
  method: PayoutMethod | null;
  /** Prepaid-card payouts left out of runs (payout_exclude_intercash). */
  excludePrepaidCards: boolean;
}

export interface PlannedPayouts {
  token: { grossCents: number } | null;
  fiat: { method: PayoutMethod; grossCents: number; feeCents: number; netCents: number } | null;
  carriedOverCents: number;
}

function fiatPayout(method: PayoutMethod | null, grossCents: number, excludePrepaidCards: boolean) {
  if (method === null || (method === 'prepaidCard' && excludePrepaidCards)) return null;
  if (!meetsPayoutMinimum(method, grossCents)) return null;
  const feeCents = payoutFeeCents(method, grossCents);
  return { method, grossCents, feeCents, netCents: grossCents - feeCents };
}

export function planPayouts(producer: ProducerToPay): PlannedPayouts {
  if (producer.owedCents <= 0) return { token: null, fiat: null, carriedOverCents: producer.owedCents };
  const tokenCents = producer.wallet ? Math.floor((producer.owedCents * producer.wallet.split) / 100) : 0;
  const fiatShare = producer.owedCents - tokenCents;
  const fiat = fiatPayout(producer.method, fiatShare, producer.excludePrepaidCards);
  return {
    token: tokenCents > 0 ? { grossCents: tokenCents } : null,
    fiat,
    carriedOverCents: fiat ? 0 : fiatShare,
  };
}
