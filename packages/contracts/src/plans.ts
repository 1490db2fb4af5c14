/*
 * The plans (artist-side spec §2 Subscription pages, §6, §9): the one place their ids, prices, titles,
 * features and trial days are written. Commerce charges these prices, identity offers these trials,
 * and the plan pages show them.
 */

export type MemberType = 'artist' | 'producer';

export const ARTIST_PLANS = ['artist', 'artist_professional', 'artist_unlimited'] as const;
export const PRODUCER_PLANS = ['producer', 'producer_professional', 'producer_unlimited'] as const;
export type ArtistPlan = (typeof ARTIST_PLANS)[number];
export type ProducerPlan = (typeof PRODUCER_PLANS)[number];
export type PlanId = ArtistPlan | ProducerPlan;
export const PLAN_IDS: readonly PlanId[] = [...ARTIST_PLANS, ...PRODUCER_PLANS];

/** The plans a family can buy. */
export const plansOf = (type: MemberType): readonly PlanId[] =>
  type === 'artist' ? ARTIST_PLANS : PRODUCER_PLANS;

/** Monthly prices in integer cents: producer $4 / $8 / $15, artist (Marketplace Pro) $4 / $8 / $10. */
export const PLAN_PRICES_CENTS: Record<PlanId, number> = {
  artist: 400,
  artist_professional: 800,
  artist_unlimited: 1000,
  producer: 400,
  producer_professional: 800,
  producer_unlimited: 1500,
};

/** The plan's name on the provider's payment page and statement. */
export const PLAN_BILLING_TITLES: Record<PlanId, string> = {
  artist: 'Marketplace Pro Independent',
  artist_professional: 'Marketplace Pro Professional',
  artist_unlimited: 'Marketplace Pro Unlimited',
  producer: 'Producer Independent',
  producer_professional: 'Producer Professional',
  producer_unlimited: 'Producer Unlimited',
};

/**
 * 'The Deal of A Lifetime' (artist-side spec §2 Subscription pages): one payment, every benefit of
 * both families for good, no service fee. The spec shows no price: $149.00 is ours (ten months of
 * the dearest plan, Producer Unlimited at $15, less a dollar), in integer cents.
 */
export const LIFETIME_PRICE_CENTS = 14_900;

/**
 * The free trial after the survey (login states prodSubs / artistSubs): a week, two for a user
 * referred by an ambassador. create_subscription_checkout's weekTrial / ambassadorTrial ask for them.
 */
export const TRIAL_DAYS = { week: 7, ambassador: 14 } as const;
export type TrialDays = (typeof TRIAL_DAYS)[keyof typeof TRIAL_DAYS];
export const trialDays = (isReferral: boolean): TrialDays =>
  isReferral ? TRIAL_DAYS.ambassador : TRIAL_DAYS.week;

/** A plan as its page offers it: the tier's title, its monthly price in dollars and what it gives. */
export interface PlanOffer {
  id: PlanId;
  title: string;
  pricePerMonth: number;
  features: string[];
}

const ARTIST_BASICS = ['Unlimited matches', 'Play history', 'No service fees'];
const PRODUCER_BASICS = ['Stems upload and AI analysis', '0% seller commission'];
const offer = (id: PlanId, title: string, features: string[]): PlanOffer => ({
  id,
  title,
  pricePerMonth: PLAN_PRICES_CENTS[id] / 100,
  features,
});

/** Three tiers per family, in the order the plan pages show them. */
export const PLAN_OFFERS: Record<MemberType, PlanOffer[]> = {
  artist: [
    offer('artist', 'Independent', ARTIST_BASICS),
    offer('artist_professional', 'Professional', [...ARTIST_BASICS, 'YouTube Search', 'Spotify Search']),
    offer('artist_unlimited', 'Unlimited', [
      ...ARTIST_BASICS,
      'YouTube Search',
      'Spotify Search',
      'My Sound Analyzer',
    ]),
  ],
  producer: [
    offer('producer', 'Independent', ['Upload up to 100 beats', ...PRODUCER_BASICS]),
    offer('producer_professional', 'Professional', [
      'Upload up to 500 beats',
      ...PRODUCER_BASICS,
      'Beat packs',
      'Access to new features',
    ]),
    offer('producer_unlimited', 'Unlimited', [
      'Unlimited uploads',
      ...PRODUCER_BASICS,
      'Beat packs',
      'Access to new features',
    ]),
  ],
};

/** 'artist_professional' → 'Professional' (a plan id the offer does not know shows as itself). */
export function planTitle(type: MemberType, planId: string | null | undefined): string | null {
  if (!planId) return null;
  return PLAN_OFFERS[type].find((plan) => plan.id === planId)?.title ?? planId;
}
