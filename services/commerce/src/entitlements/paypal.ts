import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  COMMERCE_MESSAGES,
  PAYPAL_MESSAGES,
  PLAN_PRICES_CENTS,
  plansOf,
  PLAN_IDS,
  type MemberType,
  type PaypalSubscriptionAnswer,
  type paypalSubscriptionRequestSchema,
  type PlanId,
} from '@beatmatch/contracts';
import {
  aggregateStream,
  HttpProblem,
  SubscriptionProviderError,
  type Logger,
  type SubscriptionPaymentsPort,
} from '@beatmatch/platform';
import type {
  ProviderEventOutcome,
  SubscriptionActivated,
  SubscriptionPaymentCompleted,
} from '../providers/providerEvent';
import { membershipDecider } from './businessLogic';
import { changeMembership } from './commands';
import { addMonth, membershipStream } from './membership';
import { planByReference, recordPaymentRefs } from './readModel';
import { customerEmail, pagePath, startPlan, type SignedIn, type SubscriptionDeps } from './subscriptions';

/**
 * createPaypalSubscription (spec §6, §7): a plan billed by PayPal's subscriptions through the
 * subscription-payment port. The member picks a plan, commerce creates the PayPal subscription for
 * that plan's PayPal plan id (configuration: PAYPAL_PLAN_<PLAN>) and answers the approve URL; back
 * from PayPal (return URL with subscription_id) the page calls it again with subId, commerce reads the
 * subscription from PayPal and starts the plan. PayPal's verified webhooks then start / renew / fail /
 * cancel it through the membership decider, as Stripe's and the test provider's events do; each
 * webhook event applies once (its id is kept).
 */
export type PaypalPlanIds = Partial<Record<PlanId, string>>;

/** The env var of each plan's PayPal plan id (PAYPAL_PLAN_ARTIST_PROFESSIONAL = P-…). */
export const paypalPlanEnvVar = (plan: PlanId) => `PAYPAL_PLAN_${plan.toUpperCase()}`;

/** The PayPal plan ids set in this environment (the local test provider: P-TEST-<plan> for every plan). */
export function paypalPlanIds(
  env: Record<string, string | undefined>,
  provider: SubscriptionPaymentsPort['provider'],
): PaypalPlanIds {
  const ids: PaypalPlanIds = {};
  for (const plan of PLAN_IDS) {
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
  plan: PlanId;
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

type PaypalRequest = z.output<typeof paypalSubscriptionRequestSchema>;

/** Back from PayPal's approval: the subscription must be this member's, for this type, and active. */
async function confirmPaypalSubscription(
  deps: PaypalDeps,
  userId: string,
  body: PaypalRequest,
  subId: string,
) {
  const row = await paypalRow(deps, subId);
  if (!row || row.user_id !== userId || row.member_type !== body.type)
    throw new HttpProblem(404, PAYPAL_MESSAGES.notFound, 'subscription_not_found');
  const found = await deps.paypal.getSubscription(subId).catch(providerProblem);
  if (found.planId !== row.plan_id || (found.status !== 'ACTIVE' && found.status !== 'APPROVED'))
    throw new HttpProblem(409, PAYPAL_MESSAGES.notApproved, 'subscription_not_active');
  await start(deps, row);
  return { message: PAYPAL_MESSAGES.created, plan: row.plan };
}

/** A PayPal subscription for the plan, to be approved at PayPal (the approve URL is answered). */
async function createPaypalSubscription(deps: PaypalDeps, caller: SignedIn, body: PaypalRequest) {
  const { userId } = caller;
  if (!body.plan || !plansOf(body.type).includes(body.plan as PlanId))
    throw new HttpProblem(400, COMMERCE_MESSAGES.planRequired, 'plan');
  const plan = body.plan as PlanId;
  const planId = deps.planIds[plan];
  if (!planId) throw new HttpProblem(400, PAYPAL_MESSAGES.notAvailable, 'plan');
  const page = `${deps.subscriptions.publicUrl().replace(/\/$/, '')}${pagePath(body.type)}`;
  const created = await deps.paypal
    .createSubscription({
      planId,
      customId: userId,
      subscriber: { email: customerEmail(caller) },
      returnUrl: `${page}?paypal=approved&type=${body.type}`,
      cancelUrl: page,
      brandName: 'Beatmatch',
      requestId: `paypal-${randomUUID()}`,
    })
    .catch(providerProblem);
  const { db, schema: s } = deps.subscriptions;
  await db.query(
    `INSERT INTO ${s}.paypal_subscriptions (subscription_id, user_id, member_type, plan, plan_id, amount_cents)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (subscription_id) DO NOTHING`,
    [created.subscriptionId, userId, body.type, plan, planId, PLAN_PRICES_CENTS[plan]],
  );
  return { url: created.approveUrl, subId: created.subscriptionId };
}

/** createPaypalSubscription: with subId (after approval) starts the plan, else creates the subscription. */
export function paypalSubscription(
  deps: PaypalDeps,
  caller: SignedIn,
  body: PaypalRequest,
): Promise<PaypalSubscriptionAnswer> {
  return body.subId
    ? confirmPaypalSubscription(deps, caller.userId, body, body.subId)
    : createPaypalSubscription(deps, caller, body);
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

/**
 * Claims a PayPal webhook event for applying: false when it was applied before (PayPal delivers at
 * least once). `apply` failing releases the claim: PayPal delivers it again, and then it must not
 * count as seen.
 */
export async function oncePerPaypalEvent<T>(
  deps: PaypalDeps,
  event: { id: string; event_type: string },
  apply: () => Promise<T>,
): Promise<T | 'duplicate'> {
  const { db, schema: s } = deps.subscriptions;
  const claimed = await db.query(
    `INSERT INTO ${s}.paypal_events (event_id, event_type) VALUES ($1, $2)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.id, event.event_type],
  );
  if (claimed.rows.length === 0) return 'duplicate';
  try {
    return await apply();
  } catch (error) {
    await db.query(`DELETE FROM ${s}.paypal_events WHERE event_id = $1`, [event.id]);
    throw error;
  }
}

/** PayPal activated a subscription created here (on the plan it was created for): the plan starts. */
export async function paypalActivated(
  deps: PaypalDeps,
  event: SubscriptionActivated,
): Promise<ProviderEventOutcome> {
  const row = await paypalRow(deps, event.reference ?? '');
  if (!row || (event.providerPlanId && event.providerPlanId !== row.plan_id)) return 'ignored';
  await start(deps, row);
  return 'planStarted';
}

/** A billing cycle paid (the first one too): the plan runs to PayPal's next billing time. */
export async function paypalPaymentCompleted(
  deps: PaypalDeps,
  event: SubscriptionPaymentCompleted,
): Promise<ProviderEventOutcome> {
  const { clock, db, schema: s } = deps.subscriptions;
  const row = await paypalRow(deps, event.reference ?? '');
  if (!row) return 'ignored';
  // Paid before the activation event arrived (PayPal does not order its deliveries): start it first.
  if (!(await planByReference(db, s, row.subscription_id))) await start(deps, row);
  const found = await deps.paypal.getSubscription(row.subscription_id);
  const paidAt = event.paidAt ?? clock().toISOString();
  const periodEndsAt = found.nextBillingTime ? new Date(found.nextBillingTime) : addMonth(new Date(paidAt));
  // The sale is the payment (the activation took none): its refunds and reversals name it.
  const paymentId = event.paymentId ?? event.eventId;
  await recordPaymentRefs(db, s, { paymentId, userId: row.user_id }, []);
  const renewed = await changeMembership(deps.subscriptions, row.user_id, {
    type: 'renew',
    reference: row.subscription_id,
    eventId: event.eventId,
    paymentId,
    periodEndsAt,
    amountCents: event.amountCents ?? row.amount_cents,
    now: clock(),
  });
  return renewed ? 'planRenewed' : 'ignored';
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
