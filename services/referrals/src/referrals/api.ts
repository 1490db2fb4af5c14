import { Router } from 'express';
import { handleCall } from '@beatmatch/platform';
import type { ReferralQueries } from './readModel';

/** Referrals' calls: routing only. */
export function referralsRouter(queries: ReferralQueries): Router {
  const router = Router();
  handleCall(router, 'beatmatch_get_referral_link', async (_input, { req }) => ({
    data: await queries.codeOf(req.caller!.userId!),
  }));
  handleCall(router, 'referral_status', async (_input, { req }) => ({
    referred: await queries.wasReferred(req.caller!.userId!),
  }));
  return router;
}
