import { aggregateStream } from '@beatmatch/platform';
import type {
  CheckoutSessionSettled,
  ProviderEventOutcome,
  RenewalFailed,
  RenewalPaid,
  SubscriptionCancelled,
} from '../providers/providerEvent';
import { membershipDecider } from './businessLogic';
import { changeMembership } from './commands';
import { membershipStream } from './membership';
import { planByReference, recordPaymentRefs } from './readModel';
import { lifetimePaid, type LifetimeSession } from './lifetime';
import { startPlan, type SubscriptionDeps, type SubscriptionSession } from './subscriptions';

/*
 * A member's plans as the providers bill them: a plan's or the lifetime membership's payment session,
 * then renewals, failed renewals and the provider's cancellation. Each applies once (the membership
 * decider keeps the provider event ids), so an event delivered again changes nothing.
 */

/** Whose plan the provider bills under the event's reference (none named: nobody's). */
const billedPlan = (deps: SubscriptionDeps, reference: string | null) =>
  reference ? planByReference(deps.db, deps.schema, reference) : Promise.resolve(null);

/**
 * A plan's session completed: the plan starts, billed under its subscription (invoice events name it),
 * else under the session. On trial nothing is paid yet, and that completes it too.
 */
export async function planSessionSettled(
  deps: SubscriptionDeps,
  session: SubscriptionSession,
  event: CheckoutSessionSettled,
): Promise<ProviderEventOutcome> {
  if (event.stage !== 'completed' || event.payment === 'unpaid') return 'ignored';
  const reference = event.subscriptionRef ?? event.sessionId;
  // Paid now: the session's first invoice is the payment (its invoice.paid tells of it again).
  const paymentId = event.payment === 'paid' ? (event.invoiceRef ?? reference) : null;
  if (paymentId) await recordPaymentRefs(deps.db, deps.schema, { paymentId, userId: session.user_id }, []);
  await startPlan(deps, session, reference, deps.payments.provider, event.occurredAt, paymentId);
  const { state } = await aggregateStream(deps.store, membershipStream(session.user_id), membershipDecider);
  if (!state.trialsRefused.includes(reference)) return 'planStarted';
  // A second trial of the family: its subscription must not go on to bill a plan that never started.
  // Asked on every delivery (cancelling twice is harmless), so a crash before it is repaired by the
  // provider's redelivery.
  if (event.subscriptionRef) await deps.payments.cancelSubscription(event.subscriptionRef);
  return 'ignored';
}

/** The lifetime membership's session paid; expired or failed, nothing was started, so nothing to undo. */
export async function lifetimeSessionSettled(
  deps: SubscriptionDeps,
  session: LifetimeSession,
  event: CheckoutSessionSettled,
): Promise<ProviderEventOutcome> {
  if (event.stage !== 'completed' && event.stage !== 'paidLater') return 'ignored';
  if (event.payment !== 'paid') return 'ignored';
  await lifetimePaid(deps, session, event.paymentRef ?? event.sessionId, event.amountCents);
  return 'lifetimeBought';
}

/** A renewal paid: the period moves on (a plan ended by a failed renewal runs again). */
export async function renewalPaid(deps: SubscriptionDeps, event: RenewalPaid): Promise<ProviderEventOutcome> {
  const plan = await billedPlan(deps, event.reference);
  if (!event.reference || !plan || event.periodEndsAt === null) return 'ignored';
  const paymentId = event.paymentId ?? event.eventId;
  // Kept even when the payment is known (the session's): a refund may name its charge.
  await recordPaymentRefs(deps.db, deps.schema, { paymentId, userId: plan.user_id }, event.chargeRefs);
  const renewed = await changeMembership(deps, plan.user_id, {
    type: 'renew',
    reference: event.reference,
    eventId: event.eventId,
    paymentId,
    periodEndsAt: event.periodEndsAt,
    amountCents: event.amountCents,
    occurredAt: event.occurredAt,
    now: deps.clock(),
  });
  return renewed ? 'planRenewed' : 'ignored';
}

/** A renewal payment failed: the plan ends at once. */
export async function renewalFailed(
  deps: SubscriptionDeps,
  event: RenewalFailed,
): Promise<ProviderEventOutcome> {
  const plan = await billedPlan(deps, event.reference);
  if (!event.reference || !plan) return 'ignored';
  const ended = await changeMembership(deps, plan.user_id, {
    type: 'renewalFailed',
    reference: event.reference,
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    now: deps.clock(),
  });
  return ended ? 'renewalFailed' : 'ignored';
}

/** The provider ended the subscription: the plan it bills ends (another plan of the type is left alone). */
export async function subscriptionCancelled(
  deps: SubscriptionDeps,
  event: SubscriptionCancelled,
): Promise<ProviderEventOutcome> {
  const plan = await billedPlan(deps, event.reference);
  if (!event.reference || !plan) return 'ignored';
  const cancelled = await changeMembership(deps, plan.user_id, {
    type: 'cancel',
    memberType: plan.member_type,
    reference: event.reference,
    now: deps.clock(),
  });
  return cancelled ? 'planCancelled' : 'ignored';
}
