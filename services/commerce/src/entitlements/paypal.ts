import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type RequestHandler } from 'express';
import {
  ARTIST_PLANS,
  COMMERCE_MESSAGES,
  PAYPAL_MESSAGES,
  paypalSubscriptionRequestSchema,
  PRODUCER_PLANS,
  PLAN_PRICES_CENTS,
  type ArtistPlan,
  type PaypalSubscriptionAnswer,
  type ProducerPlan,
} from '@beatmatch/contracts';
import {
  aggregateStream,
  decimalToCents,
  handleCommand,
  HttpProblem,
  parseInput,
  problem,
  requireUser,
  route,
  SubscriptionProviderError,
  type Logger,
  type SubscriptionPaymentsPort,
  type SubscriptionWebhookEvent,
} from '@beatmatch/platform';
import {
  addMonth,
  membershipDecider,
  membershipPublication,
  membershipStream,
  planByReference,
  type MemberType,
} from './membership';
import { pagePath, startPlan, type SubscriptionDeps } from './subscriptions';

/**
 * createPaypalSubscription (spec §6, §7): a plan billed by PayPal's subscriptions through the
 * subscription-payment port. The member picks a plan, commerce creates the PayPal subscription for
 * that plan's PayPal plan id (configuration: PAYPAL_PLAN_<PLAN>) and answers the approve URL; back
 * from PayPal (return URL with subscription_id) the page calls it again with subId, commerce reads the
 * subscription from PayPal and starts the plan. PayPal's verified webhooks then start / renew / fail /
 * cancel it through the membership decider, as Stripe's and the test provider's events do; each
 * webhook event applies once (its id is kept).
 */
export type PaypalPlanIds = Partial<Record<ArtistPlan | ProducerPlan, string>>;

/** The env var of each plan's PayPal plan id (PAYPAL_PLAN_ARTIST_PROFESSIONAL = P-…). */
export const paypalPlanEnvVar = (plan: ArtistPlan | ProducerPlan) => `PAYPAL_PLAN_${plan.toUpperCase()}`;

/** The PayPal plan ids set in this environment (the local test provider: P-TEST-<plan> for every plan). */
export function paypalPlanIds(
  env: Record<string, string | undefined>,
  provider: SubscriptionPaymentsPort['provider'],
): PaypalPlanIds {
  const ids: PaypalPlanIds = {};
  for (const plan of [...ARTIST_PLANS, ...PRODUCER_PLANS] as Array<ArtistPlan | ProducerPlan>) {
    const id = env[paypalPlanEnvVar(plan)] ?? (provider === 'test' ? `P-TEST-${plan}` : undefined);
    if (id) ids[plan] = id;
  }
  return ids;
}

export const paypalSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.paypal_subscriptions (
    subscription_id text PRIMARY KEY,
    user_id text NOT NULL,
    member_type text NOT NULL,
    plan text NOT NULL,
    plan_id text NOT NULL,
    amount_cents integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  -- PayPal webhook event ids already handled (each event applies once; PayPal delivers at least once).
  CREATE TABLE IF NOT EXISTS ${s}.paypal_events (
    event_id text PRIMARY KEY,
    event_type text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  );`;

interface PaypalRow {
  subscription_id: string;
  user_id: string;
  member_type: MemberType;
  plan: ArtistPlan | ProducerPlan;
  plan_id: string;
  amount_cents: number;
}

export interface PaypalDeps {
  subscriptions: SubscriptionDeps;
  paypal: SubscriptionPaymentsPort;
  planIds: PaypalPlanIds;
  logger: Logger;
}

async function paypalRow(deps: PaypalDeps, subscriptionId: string): Promise<PaypalRow | null> {
  const { db, schema: s } = deps.subscriptions;
  const { rows } = await db.query<PaypalRow>(
    `SELECT * FROM ${s}.paypal_subscriptions WHERE subscription_id = $1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}

const start = (deps: PaypalDeps, row: PaypalRow) =>
  startPlan(
    deps.subscriptions,
    {
      session_id: row.subscription_id,
      user_id: row.user_id,
      member_type: row.member_type,
      plan: row.plan,
      amount_cents: row.amount_cents,
      trial_days: 0,
    },
    row.subscription_id,
    'paypal',
  );

/** A provider failure answered to the member (502) rather than as our own error. */
function providerProblem(error: unknown): never {
  if (error instanceof SubscriptionProviderError)
    throw new HttpProblem(502, PAYPAL_MESSAGES.providerDown, 'paypal_unavailable');
  throw error;
}

export function paypalRouter(deps: PaypalDeps): Router {
  const router = Router();
  const { db, schema: s } = deps.subscriptions;

  router.post(
    '/subscriptions/paypal',
    requireUser,
    route(async (req, res) => {
      const body = parseInput(paypalSubscriptionRequestSchema, req.body ?? {});
      const userId = req.caller!.userId!;
      let answer: PaypalSubscriptionAnswer;
      if (body.subId) {
        // Back from PayPal's approval: the subscription must be this member's, for this type, and active.
        const row = await paypalRow(deps, body.subId);
        if (!row || row.user_id !== userId || row.member_type !== body.type)
          throw new HttpProblem(404, PAYPAL_MESSAGES.notFound, 'subscription_not_found');
        const found = await deps.paypal.getSubscription(body.subId).catch(providerProblem);
        if (found.planId !== row.plan_id || (found.status !== 'ACTIVE' && found.status !== 'APPROVED'))
          throw new HttpProblem(409, PAYPAL_MESSAGES.notApproved, 'subscription_not_active');
        await start(deps, row);
        answer = { message: PAYPAL_MESSAGES.created, plan: row.plan };
      } else {
        const plans: readonly string[] = body.type === 'artist' ? ARTIST_PLANS : PRODUCER_PLANS;
        if (!body.plan || !plans.includes(body.plan))
          throw new HttpProblem(400, COMMERCE_MESSAGES.planRequired, 'plan');
        const plan = body.plan as ArtistPlan | ProducerPlan;
        const planId = deps.planIds[plan];
        if (!planId) throw new HttpProblem(400, PAYPAL_MESSAGES.notAvailable, 'plan');
        const page = `${deps.subscriptions.publicUrl().replace(/\/$/, '')}${pagePath(body.type)}`;
        const created = await deps.paypal
          .createSubscription({
            planId,
            customId: userId,
            subscriber: { email: req.caller!.email ?? `${userId}@users.invalid` },
            returnUrl: `${page}?paypal=approved&type=${body.type}`,
            cancelUrl: page,
            brandName: 'Beatmatch',
            requestId: `paypal-${randomUUID()}`,
          })
          .catch(providerProblem);
        await db.query(
          `INSERT INTO ${s}.paypal_subscriptions (subscription_id, user_id, member_type, plan, plan_id, amount_cents)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (subscription_id) DO NOTHING`,
          [created.subscriptionId, userId, body.type, plan, planId, PLAN_PRICES_CENTS[plan]],
        );
        answer = { url: created.approveUrl, subId: created.subscriptionId };
      }
      res.json(answer);
    }),
  );
  return router;
}

/**
 * The member's running PayPal subscription of a type, if the plan of that type is billed by PayPal
 * (cancel_subscription cancels it at PayPal too: otherwise PayPal would go on charging).
 */
export async function runningPaypalSubscription(deps: PaypalDeps, userId: string, type: MemberType) {
  const { state } = await aggregateStream(
    deps.subscriptions.store,
    membershipStream(userId),
    membershipDecider,
  );
  const sub = state.subscriptions[type];
  if (!sub || sub.ended !== null) return null;
  return (await paypalRow(deps, sub.reference)) ? sub.reference : null;
}

type Outcome = 'started' | 'renewed' | 'failed' | 'cancelled' | 'ignored' | 'duplicate';

/** One verified PayPal webhook event, applied once per event id. */
export async function handlePaypalEvent(deps: PaypalDeps, event: SubscriptionWebhookEvent): Promise<Outcome> {
  const { db, schema: s } = deps.subscriptions;
  const claimed = await db.query(
    `INSERT INTO ${s}.paypal_events (event_id, event_type) VALUES ($1, $2)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.id, event.event_type],
  );
  if (claimed.rows.length === 0) return 'duplicate';
  try {
    return await applyPaypalEvent(deps, event);
  } catch (error) {
    // Not applied: PayPal delivers it again, and then it must not count as seen.
    await db.query(`DELETE FROM ${s}.paypal_events WHERE event_id = $1`, [event.id]);
    throw error;
  }
}

async function applyPaypalEvent(deps: PaypalDeps, event: SubscriptionWebhookEvent): Promise<Outcome> {
  const { store, clock, db, schema: s } = deps.subscriptions;
  const resource = event.resource ?? {};
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  switch (event.event_type) {
    case 'BILLING.SUBSCRIPTION.ACTIVATED': {
      const row = await paypalRow(deps, str(resource.id) ?? '');
      if (!row || (str(resource.plan_id) && resource.plan_id !== row.plan_id)) return 'ignored';
      await start(deps, row);
      return 'started';
    }
    case 'PAYMENT.SALE.COMPLETED': {
      // A payment of a billing cycle (the first one too): the plan runs to PayPal's next billing time.
      const row = await paypalRow(deps, str(resource.billing_agreement_id) ?? '');
      if (!row) return 'ignored';
      // Paid before the activation event arrived (PayPal does not order its deliveries): start it first.
      if (!(await planByReference(db, s, row.subscription_id))) await start(deps, row);
      const amount = resource.amount as { total?: string } | undefined;
      const found = await deps.paypal.getSubscription(row.subscription_id);
      const paidAt = str(resource.create_time) ?? clock().toISOString();
      const periodEndsAt = found.nextBillingTime
        ? new Date(found.nextBillingTime)
        : addMonth(new Date(paidAt));
      const result = await handleCommand(
        store,
        membershipStream(row.user_id),
        membershipDecider,
        {
          type: 'renew',
          reference: row.subscription_id,
          eventId: event.id,
          periodEndsAt,
          amountCents: amount?.total ? decimalToCents(amount.total) : row.amount_cents,
          now: clock(),
        },
        { publish: membershipPublication },
      );
      return result.newEvents.length > 0 ? 'renewed' : 'ignored';
    }
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED': {
      const row = await paypalRow(deps, str(resource.id) ?? '');
      if (!row) return 'ignored';
      const result = await handleCommand(
        store,
        membershipStream(row.user_id),
        membershipDecider,
        { type: 'renewalFailed', reference: row.subscription_id, eventId: event.id, now: clock() },
        { publish: membershipPublication },
      );
      return result.newEvents.length > 0 ? 'failed' : 'ignored';
    }
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.EXPIRED': {
      const row = await paypalRow(deps, str(resource.id) ?? '');
      if (!row) return 'ignored';
      const result = await handleCommand(
        store,
        membershipStream(row.user_id),
        membershipDecider,
        { type: 'cancel', memberType: row.member_type, reference: row.subscription_id, now: clock() },
        { publish: membershipPublication },
      );
      return result.newEvents.length > 0 ? 'cancelled' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

/**
 * POST /webhooks/paypal — mounted ahead of the JSON parser: the event goes to PayPal's verify call
 * exactly as it came. Unverified: 400 (never applied); not handled: 500 (PayPal delivers it again).
 */
export function paypalWebhookRoute(deps: PaypalDeps): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '1mb' }),
    (req: Request, res, next) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value[0] : value;
      deps.paypal
        .verifyWebhook(headers, body)
        .then(async (event) => {
          if (!event) {
            next(new HttpProblem(400, 'Invalid PayPal webhook signature', 'WEBHOOK_SIGNATURE_INVALID'));
            return;
          }
          const outcome = await handlePaypalEvent(deps, event);
          res.json({ received: true, outcome });
        })
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'PayPal webhook handling failed; PayPal will retry');
          res
            .status(500)
            .type('application/problem+json')
            .json(
              problem(500, 'The event could not be handled; it will be retried', 'WEBHOOK_HANDLER_FAILED'),
            );
        });
    },
  ];
}

/** cancel_subscription on a PayPal-billed plan: cancel it at PayPal (a member's cancellation). */
export async function cancelAtPaypal(deps: PaypalDeps, userId: string, type: MemberType): Promise<void> {
  const reference = await runningPaypalSubscription(deps, userId, type);
  if (!reference) return;
  try {
    await deps.paypal.cancelSubscription(reference, 'Cancelled by the member');
  } catch (error) {
    // Cancelled at PayPal already (422): nothing left to stop.
    if (error instanceof SubscriptionProviderError && error.status === 422) return;
    providerProblem(error);
  }
}
