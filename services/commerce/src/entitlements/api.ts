import { Router } from 'express';
import {
  ARTIST_PLANS,
  memberStatusRequestSchema,
  PRODUCER_PLANS,
  type MemberStatusAnswer,
} from '@beatmatch/contracts';
import { parseInput, route, type SqlDatabase } from '@beatmatch/platform';
import { membershipOf } from './membership';

/** member_active_status (spec §3 Member status, §7): a visitor is on no plan. */
export function entitlementsRouter(
  db: SqlDatabase,
  s: string,
  /** The plans with a PayPal plan id (createPaypalSubscription offers only these). */
  paypalPlans: readonly string[] = [],
): Router {
  const router = Router();
  router.post(
    '/members/status',
    route(async (req, res) => {
      const { type } = parseInput(memberStatusRequestSchema, req.body ?? {});
      const m = await membershipOf(db, s, req.caller?.userId);
      const plan = type === 'artist' ? m.artistPlan : m.producerPlan;
      const answer: MemberStatusAnswer = {
        subscribed: plan !== null,
        lifer: m.lifer,
        paypal: m.paypal,
        plan,
        paypalPlans: paypalPlans.filter((id) =>
          (type === 'artist' ? ARTIST_PLANS : PRODUCER_PLANS).includes(id as never),
        ),
      };
      res.json(answer);
    }),
  );
  return router;
}
