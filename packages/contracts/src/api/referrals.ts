import { z } from 'zod';
import { declareCall } from './call';
import { REFERRAL_MESSAGES } from '../referrals';
import { timeZone } from '../matchmakerApi';

const dollars = z.string().regex(/^-?\d+\.\d{2}$/);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.');
const count = z.number().int().nonnegative();

/** One month of a user's referral rewards (Kickback Stats, /user/referralRewards). */
const rewardMonth = z.object({
  month,
  /** Active sub-affiliates in the month (in the user's time zone). */
  active: count,
  /** $0.50 per active sub-affiliate. */
  affiliate: dollars,
  /** The ambassador's share of their sub-affiliates' subscription revenue. */
  revShare: dollars,
  total: dollars,
  /** false: the running month, so far (the run computes it once the month is over). */
  final: z.boolean(),
});

const ambassadorRow = z.object({
  userId: z.string(),
  email: z.string(),
  userName: z.string(),
  since: z.string(),
});
const applicationRow = z.object({
  userId: z.string(),
  email: z.string(),
  userName: z.string(),
  message: z.string(),
  appliedAt: z.string(),
});
const ambassadorsAnswer = z.object({
  ambassadors: z.array(ambassadorRow),
  applications: z.array(applicationRow),
});
const emailRequest = z.object({ email: z.email('Enter a valid email address.').max(320) });

/** The referral calls (producer-side spec §7; §3 "Ambassador link response: data (the ref code)"). */
export const referralsCalls = {
  beatmatch_get_referral_link: declareCall({
    service: 'referrals',
    path: '/referral-link',
    method: 'post',
    summary: "The caller's referral code (the link is /signup?ref={code}); null until it is issued",
    access: 'user',
    answer: z.object({ data: z.string().min(1).nullable() }),
  }),
  referral_status: declareCall({
    service: 'referrals',
    path: '/referral-status',
    method: 'post',
    summary:
      "Whether the caller's sign-up was attributed to a real referral code (confirmed; a bogus ref is not): the ambassador trial's offer",
    access: 'user',
    answer: z.object({ referred: z.boolean() }),
  }),
  beatmatch_referral_data: declareCall({
    service: 'referrals',
    path: '/referral-data',
    method: 'post',
    summary:
      "The caller's sub-affiliates this month (total: active, signUps: inactive), ambassador or not, and this month's kickback so far (dollars); timeZone (IANA) is the caller's, for the months",
    access: 'user',
    request: z.object({ timeZone }),
    answer: z.object({ total: count, signUps: count, isAmbassador: z.boolean(), kickback: dollars }),
  }),
  referral_rewards: declareCall({
    service: 'referrals',
    path: '/rewards',
    method: 'post',
    summary: "The caller's referral rewards month by month, newest first (the running month so far)",
    access: 'user',
    request: z.object({ timeZone }),
    answer: z.object({ months: z.array(rewardMonth) }),
  }),
  referral_ambassador_apply: declareCall({
    service: 'referrals',
    path: '/ambassador/apply',
    method: 'post',
    summary: "Apply to be an ambassador (lands in the admins' queue); applying again replaces the text",
    access: 'user',
    request: z.object({
      message: z
        .string({ error: REFERRAL_MESSAGES.applicationText })
        .trim()
        .min(1, REFERRAL_MESSAGES.applicationText)
        .max(1000, REFERRAL_MESSAGES.applicationText),
    }),
    answer: z.object({ status: z.literal('pending') }),
  }),
  populate_referral_payouts: declareCall({
    service: 'referrals',
    path: '/admin/populate',
    method: 'post',
    summary:
      "Admin: run the referral run for a month that is over (default: the prior one): each referrer's rewards, posted once",
    access: 'admin',
    request: z.object({ month: month.optional() }),
    answer: z.object({ month, referrers: count, rewards: count, total: dollars }),
  }),
  referral_ambassadors: declareCall({
    service: 'referrals',
    path: '/admin/ambassadors',
    method: 'post',
    summary: 'Admin: the ambassadors and the pending applications',
    access: 'admin',
    answer: ambassadorsAnswer,
    readsOnly: true,
  }),
  referral_ambassador_grant: declareCall({
    service: 'referrals',
    path: '/admin/ambassadors/grant',
    method: 'post',
    summary: 'Admin: make the account with this e-mail an ambassador',
    access: 'admin',
    request: emailRequest,
    answer: ambassadorsAnswer,
  }),
  referral_ambassador_revoke: declareCall({
    service: 'referrals',
    path: '/admin/ambassadors/revoke',
    method: 'post',
    summary: 'Admin: take the ambassador role from the account with this e-mail',
    access: 'admin',
    request: emailRequest,
    answer: ambassadorsAnswer,
  }),
};
