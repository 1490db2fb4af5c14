import { z } from 'zod';
import { declareCall } from './call';

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
};
