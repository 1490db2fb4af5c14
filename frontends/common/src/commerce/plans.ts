// The plan offer (artist-side spec §6, §9): three tiers per family, monthly prices in dollars. The id
// is what create_subscription_checkout and member_active_status call the plan.
import type { MemberType } from '@beatmatch/frontend-common/sdk';

export interface PlanOffer {
  id: string;
  title: string;
  pricePerMonth: number;
  features: string[];
}

const ARTIST_BASICS = ['Unlimited matches', 'Play history', 'No service fees'];
const PRODUCER_BASICS = ['Stems upload and AI analysis', '0% seller commission'];

export const PLAN_OFFERS: Record<MemberType, PlanOffer[]> = {
  artist: [
    { id: 'artist', title: 'Independent', pricePerMonth: 4, features: ARTIST_BASICS },
    {
      id: 'artist_professional',
      title: 'Professional',
      pricePerMonth: 8,
      features: [...ARTIST_BASICS, 'YouTube Search', 'Spotify Search'],
    },
    {
      id: 'artist_unlimited',
      title: 'Unlimited',
      pricePerMonth: 10,
      features: [...ARTIST_BASICS, 'YouTube Search', 'Spotify Search', 'My Sound Analyzer'],
    },
  ],
  producer: [
    {
      id: 'producer',
      title: 'Independent',
      pricePerMonth: 4,
      features: ['Upload up to 100 beats', ...PRODUCER_BASICS],
    },
    {
      id: 'producer_professional',
      title: 'Professional',
      pricePerMonth: 8,
      features: ['Upload up to 500 beats', ...PRODUCER_BASICS, 'Beat packs', 'Access to new features'],
    },
    {
      id: 'producer_unlimited',
      title: 'Unlimited',
      pricePerMonth: 15,
      features: ['Unlimited uploads', ...PRODUCER_BASICS, 'Beat packs', 'Access to new features'],
    },
  ],
};

/** 'artist_professional' → 'Professional' (a plan id the offer does not know shows as itself). */
export function planTitle(type: MemberType, planId: string | null | undefined): string | null {
  if (!planId) return null;
  return PLAN_OFFERS[type].find((plan) => plan.id === planId)?.title ?? planId;
}

/** The free trial after the survey: 7 days, 14 for a user referred by an ambassador (artist-side spec, login states prodSubs / artistSubs). */
export function trialDays(isReferral: boolean): number {
  return isReferral ? 14 : 7;
}
