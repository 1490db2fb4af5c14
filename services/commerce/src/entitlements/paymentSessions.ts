import type { SqlExecutor } from '@beatmatch/platform';
import { lifetimeSession } from './lifetime';
import { subscriptionSession } from './subscriptions';

/**
 * A plan's or the lifetime membership's payment session (the test provider's card form pays both):
 * who pays, how much, and for a plan its trial.
 */
export async function membershipPaymentSession(db: SqlExecutor, s: string, sessionId: string) {
  const plan = await subscriptionSession(db, s, sessionId);
  if (plan)
    return { userId: plan.user_id, amountCents: plan.amount_cents, plan: { trialDays: plan.trial_days } };
  const lifetime = await lifetimeSession(db, s, sessionId);
  return lifetime ? { userId: lifetime.user_id, amountCents: lifetime.amount_cents, plan: null } : null;
}
