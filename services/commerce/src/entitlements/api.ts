import { Router, type Request } from 'express';
import { plansOf, type MemberStatusAnswer } from '@beatmatch/contracts';
import { handleCall } from '@beatmatch/platform';
import { openLifetimeCheckout } from './lifetime';
import { cancelAtPaypal, paypalSubscription, type PaypalDeps } from './paypal';
import { membershipOf } from './readModel';
import { cancelPlan, openPlanCheckout, portalUrl, type SignedIn } from './subscriptions';

/** The signed-in caller (handleCall has answered 401 to anyone else for these calls). */
const signedIn = (req: Request): SignedIn => ({
  userId: req.caller!.userId!,
  ...(req.caller!.email ? { email: req.caller!.email } : {}),
});

/**
 * The plan calls (spec §3 Member status, §6, §7): member status (a visitor is on no plan), a plan's
 * or the lifetime membership's payment session, cancel, the billing portal and PayPal's subscriptions.
 */
export function entitlementsRouter(deps: PaypalDeps): Router {
  const router = Router();
  const plans = deps.subscriptions;
  /** The plans with a PayPal plan id (createPaypalSubscription offers only these). */
  const paypalPlans = Object.keys(deps.planIds);

  handleCall(router, 'member_active_status', async ({ type }, { req }): Promise<MemberStatusAnswer> => {
    const member = await membershipOf(plans.db, plans.schema, req.caller?.userId);
    const plan = type === 'artist' ? member.artistPlan : member.producerPlan;
    return {
      subscribed: plan !== null,
      lifer: member.lifer,
      paypal: member.paypal,
      plan,
      paypalPlans: paypalPlans.filter((id) => plansOf(type).includes(id as never)),
    };
  });
  handleCall(router, 'create_subscription_checkout', (body, { req }) =>
    openPlanCheckout(plans, signedIn(req), body),
  );
  handleCall(router, 'cancel_subscription', async ({ type }, { req }) => {
    await cancelPlan(plans, req.caller!.userId!, type, (userId, memberType) =>
      cancelAtPaypal(deps, userId, memberType),
    );
    return { message: 'success' };
  });
  handleCall(router, 'create_portal_session', ({ type }, { req }) => portalUrl(plans, signedIn(req), type));
  handleCall(router, 'create_lifetime_checkout', ({ type }, { req }) =>
    openLifetimeCheckout(plans, signedIn(req), type),
  );
  handleCall(router, 'createPaypalSubscription', (body, { req }) =>
    paypalSubscription(deps, signedIn(req), body),
  );
  return router;
}
