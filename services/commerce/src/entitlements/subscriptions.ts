import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  COMMERCE_MESSAGES,
  PLAN_BILLING_TITLES,
  PLAN_PRICES_CENTS,
  plansOf,
  TRIAL_DAYS,
  type ArtistPlan,
  type MemberType,
  type PlanId,
  type ProducerPlan,
  type subscriptionCheckoutRequestSchema,
} from '@beatmatch/contracts';
import {
  aggregateStream,
  HttpProblem,
  type Caller,
  type EventStore,
  type Infrastructure,
  type SqlDatabase,
  type SqlExecutor,
} from '@beatmatch/platform';
import { membershipDecider } from './businessLogic';
import { changeMembership } from './commands';
import { membershipStream } from './membership';
import { wasReferred } from '../integration/subscriptions';

/**
 * create_subscription_checkout opens a payment session for a plan (prices and trials: contracts'
 * plans.ts); the plan starts only when the verified webhook of that session arrives (orders/checkout.ts
 * hands it over); cancel ends it at once (a producer's beats then go inactive: the catalog acts on
 * commerce.EntitlementsChanged).
 */
const truthy = (value: unknown) => value === true || value === 1 || value === 'true';

export const subscriptionSessionsSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.subscription_sessions (
    session_id text PRIMARY KEY,
    user_id text NOT NULL,
    member_type text NOT NULL,
    plan text NOT NULL,
    amount_cents integer NOT NULL,
    trial_days integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  -- The provider's customer the plan was bought as (its billing portal: create_portal_session).
  ALTER TABLE ${s}.subscription_sessions ADD COLUMN IF NOT EXISTS customer_id text;
  -- Where the session is paid: a second trial checkout of the plan answers the open one again.
  ALTER TABLE ${s}.subscription_sessions ADD COLUMN IF NOT EXISTS url text;`;

export interface SubscriptionSession {
  session_id: string;
  user_id: string;
  member_type: MemberType;
  plan: ArtistPlan | ProducerPlan;
  amount_cents: number;
  trial_days: number;
}

export async function subscriptionSession(db: SqlExecutor, s: string, sessionId: string) {
  const { rows } = await db.query<SubscriptionSession>(
    `SELECT * FROM ${s}.subscription_sessions WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

type SubscriptionCheckoutRequest = z.output<typeof subscriptionCheckoutRequestSchema>;
/** A signed-in caller (the calls here are for signed-in members only). */
export type SignedIn = Pick<Caller, 'email'> & { userId: string };

export interface SubscriptionDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  /** The store inside a transaction (a payment and what it changes commit together). */
  storeIn: (tx: SqlExecutor) => EventStore;
  payments: Infrastructure['payments'];
  publicUrl: () => string;
  clock: () => Date;
}

/**
 * Starts the plan of a paid subscription session (idempotent: the same plan again changes nothing).
 * `provider`: who bills it (the payments port's, unless PayPal's subscriptions do); `paymentId`: the
 * provider's payment the start was paid with (none: a trial, or PayPal's, whose sale comes apart).
 */
export async function startPlan(
  deps: SubscriptionDeps,
  session: SubscriptionSession,
  reference: string,
  provider: 'stripe' | 'test' | 'paypal' = deps.payments.provider,
  occurredAt: Date | null = null,
  paymentId: string | null = null,
) {
  const now = deps.clock();
  await changeMembership(deps, session.user_id, {
    type: 'start',
    memberType: session.member_type,
    plan: session.plan,
    trialEndsAt: session.trial_days > 0 ? new Date(now.getTime() + session.trial_days * 86_400_000) : null,
    provider,
    reference,
    amountCents: session.amount_cents,
    paymentId,
    occurredAt,
    now,
  });
}

export const pagePath = (type: MemberType) =>
  type === 'artist' ? '/user/marketplace_pro' : '/user/subscriptions';

/** The e-mail a provider's customer is made with (an account without one gets a placeholder). */
export const customerEmail = (caller: Pick<Caller, 'userId' | 'email'>) =>
  caller.email ?? `${caller.userId}@users.invalid`;

/**
 * The trial of a plan checkout (README "Trials"): one per person per family, ever — none once a plan
 * of the family started on a trial. The ambassador's 14 days only for a referral the referrals service
 * confirmed (`referrals.ReferralConfirmed`), so a client's `ambassadorTrial` alone gives no trial; the
 * week's trial when asked for.
 */
async function trialDaysOf(deps: SubscriptionDeps, userId: string, body: SubscriptionCheckoutRequest) {
  const ambassador = truthy(body.ambassadorTrial) && (await wasReferred(deps.db, deps.schema, userId));
  if (!ambassador && !truthy(body.weekTrial)) return 0;
  const { state } = await aggregateStream(deps.store, membershipStream(userId), membershipDecider);
  if (state.trialsUsed.includes(body.type)) return 0;
  return ambassador ? TRIAL_DAYS.ambassador : TRIAL_DAYS.week;
}

/** create_subscription_checkout: a payment session for a plan of the member's type; answers where to pay. */
export async function openPlanCheckout(
  deps: SubscriptionDeps,
  caller: SignedIn,
  body: SubscriptionCheckoutRequest,
) {
  if (!plansOf(body.type).includes(body.plan as PlanId))
    throw new HttpProblem(400, COMMERCE_MESSAGES.planRequired, 'plan');
  const plan = body.plan as PlanId;
  const { userId } = caller;
  const trialDays = await trialDaysOf(deps, userId, body);
  const open = trialDays > 0 ? await openTrialSession(deps, userId, plan) : null;
  if (open) return open;
  const base = deps.publicUrl().replace(/\/$/, '');
  const { customerId } = await deps.payments.createCustomer({ userId, email: customerEmail(caller) });
  const amountCents = PLAN_PRICES_CENTS[plan];
  const done = `${base}${pagePath(body.type)}?redirect_status=succeeded`;
  const session = await deps.payments.createCheckoutSession({
    customerId,
    currency: 'usd',
    // A monthly subscription at the plan's price (the provider bills each month: invoice.* events).
    lineItems: [{ name: PLAN_BILLING_TITLES[plan], unitAmountCents: amountCents, quantity: 1 }],
    recurring: { interval: 'month', trialDays },
    successUrl: deps.payments.provider === 'test' ? `${base}/checkout?plan=${plan}` : done,
    cancelUrl: `${base}${pagePath(body.type)}`,
    metadata: { kind: 'subscription', userId, plan },
    idempotencyKey: `subscription-${randomUUID()}`,
  });
  await deps.db.query(
    `INSERT INTO ${deps.schema}.subscription_sessions (session_id, user_id, member_type, plan, amount_cents, trial_days, customer_id, url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (session_id) DO NOTHING`,
    [session.sessionId, userId, body.type, plan, amountCents, trialDays, customerId, session.url],
  );
  // Two trial checkouts at once both get the first session (the other one is never shown).
  if (trialDays > 0) return (await openTrialSession(deps, userId, plan))!;
  return { url: session.url, sessionId: session.sessionId };
}

/**
 * The member's open trial session of a plan: the first opened in the last 23 hours (Stripe's sessions
 * expire after 24), or null. Once one is paid the family's trial is used and no trial is offered
 * again; a second trial session paid anyway (another plan's) starts nothing (./billing.ts).
 */
async function openTrialSession(deps: SubscriptionDeps, userId: string, plan: PlanId) {
  const { rows } = await deps.db.query<{ session_id: string; url: string }>(
    `SELECT session_id, url FROM ${deps.schema}.subscription_sessions
      WHERE user_id = $1 AND plan = $2 AND trial_days > 0 AND url IS NOT NULL
        AND created_at > now() - interval '23 hours'
      ORDER BY created_at, session_id LIMIT 1`,
    [userId, plan],
  );
  const row = rows[0];
  return row ? { url: row.url, sessionId: row.session_id } : null;
}

/**
 * create_portal_session: where the member manages a plan of a type. Stripe: its Billing Portal for
 * the customer the member's latest plan of this type was bought as (else the member's customer), back
 * to the plan page. The test provider has no portal and answers the plan page itself (Manage there
 * shows the plan with Cancel).
 */
export async function portalUrl(deps: SubscriptionDeps, caller: SignedIn, type: MemberType) {
  const { userId } = caller;
  const returnUrl = `${deps.publicUrl().replace(/\/$/, '')}${pagePath(type)}`;
  const { rows } = await deps.db.query<{ customer_id: string }>(
    `SELECT customer_id FROM ${deps.schema}.subscription_sessions
      WHERE user_id = $1 AND member_type = $2 AND customer_id IS NOT NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId, type],
  );
  const customerId =
    rows[0]?.customer_id ??
    (await deps.payments.createCustomer({ userId, email: customerEmail(caller) })).customerId;
  const { url } = await deps.payments.createPortalSession({ customerId, returnUrl });
  return { url };
}

/**
 * cancel_subscription: the plan of that type ends at once. `stopBilling` first stops the provider's
 * billing of it (PayPal's subscriptions: ./paypal.ts); if that fails the plan is left running and the
 * member is told to try again.
 */
export async function cancelPlan(
  deps: SubscriptionDeps,
  userId: string,
  type: MemberType,
  stopBilling: (userId: string, type: MemberType) => Promise<void>,
) {
  await stopBilling(userId, type);
  await changeMembership(deps, userId, { type: 'cancel', memberType: type, now: deps.clock() });
}
