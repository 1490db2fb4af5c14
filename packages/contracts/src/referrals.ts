import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';

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

export const referralsEventContracts = [referralConfirmedV1] as const;
