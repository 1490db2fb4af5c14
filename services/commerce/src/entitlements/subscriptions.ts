import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import {
  ARTIST_PLANS,
  COMMERCE_MESSAGES,
  subscriptionCheckoutRequestSchema,
  memberTypeSchema,
  PRODUCER_PLANS,
  PLAN_BILLING_TITLES,
  PLAN_PRICES_CENTS,
  TRIAL_DAYS,
  type ArtistPlan,
  type ProducerPlan,
} from '@beatmatch/contracts';
import {
  handleCommand,
  HttpProblem,
  parseInput,
  requireUser,
  route,
  type EventStore,
  type Infrastructure,
  type SqlDatabase,
  type SqlExecutor,
} from '@beatmatch/platform';
import { membershipDecider, membershipPublication, membershipStream, type MemberType } from './membership';

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
  ALTER TABLE ${s}.subscription_sessions ADD COLUMN IF NOT EXISTS customer_id text;`;

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

export interface SubscriptionDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  payments: Infrastructure['payments'];
  publicUrl: () => string;
  clock: () => Date;
}

/**
 * Starts the plan of a paid subscription session (idempotent: the same plan again changes nothing).
 * `provider`: who bills it (the payments port's, unless PayPal's subscriptions do).
 */
export async function startPlan(
  deps: SubscriptionDeps,
  session: SubscriptionSession,
  reference: string,
  provider: 'stripe' | 'test' | 'paypal' = deps.payments.provider,
) {
  const now = deps.clock();
  await handleCommand(
    deps.store,
    membershipStream(session.user_id),
    membershipDecider,
    {
      type: 'start',
      memberType: session.member_type,
      plan: session.plan,
      trialEndsAt: session.trial_days > 0 ? new Date(now.getTime() + session.trial_days * 86_400_000) : null,
      provider,
      reference,
      amountCents: session.amount_cents,
      now,
    },
    { publish: membershipPublication },
  );
}

export const pagePath = (type: MemberType) =>
  type === 'artist' ? '/user/marketplace_pro' : '/user/subscriptions';

/**
 * `beforeCancel`: stops the provider's billing of the plan first (PayPal's subscriptions: ./paypal.ts);
 * if that fails the plan is left running and the member is told to try again.
 */
export function subscriptionsRouter(
  deps: SubscriptionDeps,
  beforeCancel?: (userId: string, type: MemberType) => Promise<void>,
): Router {
  const { db, schema: s } = deps;
  const router = Router();

  router.post(
    '/subscriptions/checkout',
    requireUser,
    route(async (req, res) => {
      const body = parseInput(subscriptionCheckoutRequestSchema, req.body ?? {});
      const plans: readonly string[] = body.type === 'artist' ? ARTIST_PLANS : PRODUCER_PLANS;
      if (!plans.includes(body.plan)) throw new HttpProblem(400, COMMERCE_MESSAGES.planRequired, 'plan');
      const plan = body.plan as ArtistPlan | ProducerPlan;
      const userId = req.caller!.userId!;
      const trialDays = truthy(body.ambassadorTrial)
        ? TRIAL_DAYS.ambassador
        : truthy(body.weekTrial)
          ? TRIAL_DAYS.week
          : 0;
      const base = deps.publicUrl().replace(/\/$/, '');
      const { customerId } = await deps.payments.createCustomer({
        userId,
        email: req.caller!.email ?? `${userId}@users.invalid`,
      });
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
      await db.query(
        `INSERT INTO ${s}.subscription_sessions (session_id, user_id, member_type, plan, amount_cents, trial_days, customer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id) DO NOTHING`,
        [session.sessionId, userId, body.type, plan, amountCents, trialDays, customerId],
      );
      res.json({ url: session.url, sessionId: session.sessionId });
    }),
  );

  router.post(
    '/subscriptions/cancel',
    requireUser,
    route(async (req, res) => {
      const { type } = parseInput(z.object({ type: memberTypeSchema }), req.body ?? {});
      await beforeCancel?.(req.caller!.userId!, type);
      await handleCommand(
        deps.store,
        membershipStream(req.caller!.userId!),
        membershipDecider,
        { type: 'cancel', memberType: type, now: deps.clock() },
        { publish: membershipPublication },
      );
      res.json({ message: 'success' });
    }),
  );

  router.post(
    '/subscriptions/portal',
    requireUser,
    route(async (req, res) => {
      const { type } = parseInput(z.object({ type: memberTypeSchema }), req.body ?? {});
      const userId = req.caller!.userId!;
      const returnUrl = `${deps.publicUrl().replace(/\/$/, '')}${pagePath(type)}`;
      // The customer the member's latest plan of this type was bought as (else the member's customer).
      const { rows } = await db.query<{ customer_id: string }>(
        `SELECT customer_id FROM ${s}.subscription_sessions
          WHERE user_id = $1 AND member_type = $2 AND customer_id IS NOT NULL
          ORDER BY created_at DESC LIMIT 1`,
        [userId, type],
      );
      const customerId =
        rows[0]?.customer_id ??
        (
          await deps.payments.createCustomer({
            userId,
            email: req.caller!.email ?? `${userId}@users.invalid`,
          })
        ).customerId;
      // Stripe: its Billing Portal for that customer, back to the plan page. The test provider has no
      // portal and answers the plan page itself (Manage there shows the plan with Cancel).
      const { url } = await deps.payments.createPortalSession({ customerId, returnUrl });
      res.json({ url });
    }),
  );
  return router;
}
