import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';
import { adminRoleMessages } from './api/adminRoles';

/** The bus topic referrals publishes on. */
export const REFERRALS_TOPIC = 'referrals';

/** The shared sign-up link of a referral code (producer-side spec §2: `/signup?ref={code}`). */
export const referralLinkPath = (code: string) => `/signup?ref=${encodeURIComponent(code)}`;

/**
 * A sign-up's `ref` named an existing code of another, live account, and the new user had no referrer
 * yet: `referrerId` referred `userId`. Commerce offers the ambassador's 14-day trial only to such a
 * user. Once per referred user; a bogus, own, second or dead account's code publishes nothing.
 */
export const referralConfirmedV1 = contract(
  'referrals.ReferralConfirmed',
  1,
  z.object({
    userId: z.string().min(1),
    referrerId: z.string().min(1),
    referralCode: z.string().min(1),
    confirmedAt: instant,
  }),
);
export type ReferralConfirmedPayload = PayloadOf<typeof referralConfirmedV1>;

/** Every user's reward per active sub-affiliate per month (producer-side spec §9): $0.50. */
export const AFFILIATE_REWARD_CENTS = 50;

/**
 * Ambassadors' revenue share of their sub-affiliates' subscription revenue (producer-side spec §4):
 * by active sub-affiliates in the month; `nextLevelAt` is the spec's "Next level at".
 */
export const REV_SHARE_TIERS = [
  { from: 0, to: 49, percent: 10, nextLevelAt: 51 },
  { from: 50, to: 99, percent: 15, nextLevelAt: 101 },
  { from: 100, to: null, percent: 20, nextLevelAt: null },
] as const;
export type RevShareTier = (typeof REV_SHARE_TIERS)[number];

/** The tier of an ambassador with `active` active sub-affiliates. */
export const revShareTier = (active: number): RevShareTier =>
  REV_SHARE_TIERS.find((tier) => tier.to === null || active <= tier.to) ?? REV_SHARE_TIERS[0];

/**
 * A referral reward for `month` (YYYY-MM) was computed by the monthly referral run: `userId` is owed
 * `amountCents` more (negative: a clawback, after a subscription payment the reward counted was
 * refunded or charged back). The payouts ledger credits it once per `rewardId`, paid with the user's
 * payouts. `kind`: 'affiliate' ($0.50 per active sub-affiliate) or 'revShare' (ambassadors).
 */
export const rewardEarnedV1 = contract(
  'referrals.RewardEarned',
  1,
  z.object({
    rewardId: z.string().min(1),
    userId: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    kind: z.enum(['affiliate', 'revShare']),
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    earnedAt: instant,
  }),
);
export type RewardEarnedPayload = PayloadOf<typeof rewardEarnedV1>;

export const referralsEventContracts = [referralConfirmedV1, rewardEarnedV1] as const;

/** The referrals' own messages (the spec gives none for these; ours). */
export const REFERRAL_MESSAGES = {
  applicationText: 'Tell us in a few words how you would promote Beatmatch (up to 1000 characters).',
  alreadyAmbassador: 'You are an ambassador already.',
  noSuchUser: adminRoleMessages.noSuchUser,
  monthNotOver: 'That month has not ended yet.',
} as const;
