// Plan families and prices (artist-side spec §6, §9). Subscribing arrives with the commerce issue.

export interface Plan {
  title: string;
  pricePerMonth: number;
  features: string[];
}

export type PlanFamily = 'producer' | 'artist';

export const PRODUCER_PLANS: Plan[] = [
  {
    title: 'Independent',
    pricePerMonth: 4,
    features: ['Upload up to 100 beats', 'Stems upload and AI analysis', '0% seller commission'],
  },
  {
    title: 'Professional',
    pricePerMonth: 8,
    features: [
      'Upload up to 500 beats',
      'Stems upload and AI analysis',
      'Beat packs',
      'Access to new features',
      '0% seller commission',
    ],
  },
  {
    title: 'Unlimited',
    pricePerMonth: 15,
    features: [
      'Unlimited uploads',
      'Stems upload and AI analysis',
      'Beat packs',
      'Access to new features',
      '0% seller commission',
    ],
  },
];

export const ARTIST_PLANS: Plan[] = [
  {
    title: 'Independent',
    pricePerMonth: 4,
    features: ['Unlimited matches', 'Play history', 'No service fees'],
  },
  {
    title: 'Professional',
    pricePerMonth: 8,
    features: ['Unlimited matches', 'Play history', 'No service fees', 'YouTube Search', 'Spotify Search'],
  },
  {
    title: 'Unlimited',
    pricePerMonth: 10,
    features: [
      'Unlimited matches',
      'Play history',
      'No service fees',
      'YouTube Search',
      'Spotify Search',
      'My Sound Analyzer',
    ],
  },
];

export function trialDays(isReferral: boolean): number {
  return isReferral ? 14 : 7;
}
