import type { PayoutMethodDetails } from '@beatmatch/contracts';

/*
 * The fiat side of a payout, as the monthly run sees it: a mass-payout provider that takes one
 * payout per call, idempotent per `payoutId` (a retried submission answers the first one), and
 * settles it later — paid, or failed/returned, which gives the money back to the producer.
 */

export interface FiatPayoutRequest {
  payoutId: string;
  details: PayoutMethodDetails;
  /** What the producer receives (the gross less the method's fee), in US cents. */
  netCents: number;
}

export type FiatPayoutStatus = 'pending' | 'paid' | 'failed' | 'returned';

export interface FiatPayoutProvider {
  submit(request: FiatPayoutRequest): Promise<{ providerRef: string; status: FiatPayoutStatus }>;
  /** The payouts' statuses now, by payoutId (unknown ids are left out). */
  statusesOf(payoutIds: readonly string[]): Promise<Map<string, FiatPayoutStatus>>;
}
