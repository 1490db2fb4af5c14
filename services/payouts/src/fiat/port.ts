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

/** Where a provider's own onboarding sends the producer back: the link expired, or onboarding is done. */
export interface OnboardingReturn {
  refreshUrl: string;
  returnUrl: string;
}

export interface FiatPayoutProvider {
  /**
   * The provider's own onboarding page for these details (Stripe Connect's account link), or null when
   * the provider needs nothing beyond what our onboarding page collects.
   */
  onboardingUrl(details: PayoutMethodDetails, back: OnboardingReturn): Promise<string | null>;
  submit(request: FiatPayoutRequest): Promise<{ providerRef: string; status: FiatPayoutStatus }>;
  /** The payouts' statuses now, by payoutId (unknown ids are left out). */
  statusesOf(payoutIds: readonly string[]): Promise<Map<string, FiatPayoutStatus>>;
}
