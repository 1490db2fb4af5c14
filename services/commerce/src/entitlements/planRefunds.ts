import { aggregateStream } from '@beatmatch/platform';
import type {
  PaymentChargedBack,
  PaymentRefunded,
  PlanPaymentRefundedAtProvider,
  ProviderEventOutcome,
} from '../providers/providerEvent';
import { membershipDecider } from './businessLogic';
import { changeMembership } from './commands';
import { membershipStream } from './membership';
import type { PaypalDeps } from './paypal';
import { planPaymentOf } from './readModel';

/*
 * Refunds and chargebacks of a plan's payments, as the providers tell of them. A refund or dispute
 * names the payment by one of its refs (Stripe: the charge, its payment intent, the invoice; PayPal:
 * the sale), so every ref a provider gives of a payment is kept (./readModel.ts). Each refund
 * applies once (the membership decider keeps the refund's event id and the payment's refunded total).
 */

/** Stripe's charge.refunded of a plan's payment (null: not a plan's; an order's refund handles it). */
export async function stripePlanRefund(
  deps: PaypalDeps,
  event: PaymentRefunded,
): Promise<ProviderEventOutcome | null> {
  const { db, schema } = deps.subscriptions;
  const payment = await planPaymentOf(db, schema, [event.invoiceRef, event.chargeRef, event.paymentRef]);
  if (!payment) return null;
  if (event.refundedTotalCents === undefined) return 'ignored';
  const refunded = await changeMembership(deps.subscriptions, payment.user_id, {
    type: 'refundPayment',
    paymentId: payment.payment_id,
    refundId: event.eventId,
    reason: 'refund',
    refundedTotalCents: event.refundedTotalCents,
    now: deps.subscriptions.clock(),
  });
  return refunded ? 'planPaymentRefunded' : 'ignored';
}

/**
 * A plan's payment charged back (Stripe's dispute, PayPal's reversal) or refunded by PayPal: recorded
 * once; a chargeback ends the plan it paid for, and its billing at the provider is stopped (a card in
 * dispute is not charged again; the member may subscribe anew).
 */
export async function planPaymentTakenBack(
  deps: PaypalDeps,
  event: PaymentChargedBack | PlanPaymentRefundedAtProvider,
): Promise<ProviderEventOutcome> {
  const { db, schema } = deps.subscriptions;
  const payment = await planPaymentOf(db, schema, event.paymentRefs);
  if (!payment) {
    deps.logger.warn({ eventId: event.eventId, refs: event.paymentRefs }, 'taken back: no plan payment');
    return 'ignored';
  }
  const chargeback = event.kind === 'chargedBack';
  const changed = await changeMembership(deps.subscriptions, payment.user_id, {
    type: 'refundPayment',
    paymentId: payment.payment_id,
    refundId: event.eventId,
    reason: chargeback ? 'chargeback' : 'refund',
    amountCents: event.amountCents,
    now: deps.subscriptions.clock(),
  });
  if (chargeback && changed) await stopBilling(deps, event.provider, payment);
  return changed ? 'planPaymentRefunded' : 'ignored';
}

/** Stops the provider's billing of the plan a charged-back payment paid for, if it ended with it. */
async function stopBilling(
  deps: PaypalDeps,
  provider: PaymentChargedBack['provider'],
  payment: { payment_id: string; user_id: string },
) {
  const plans = deps.subscriptions;
  const { state } = await aggregateStream(plans.store, membershipStream(payment.user_id), membershipDecider);
  const paid = state.planPayments[payment.payment_id];
  const subscription = paid && state.subscriptions[paid.memberType];
  if (!paid || subscription?.reference !== paid.reference || subscription.ended !== 'cancelled') return;
  try {
    if (provider === 'paypal') await deps.paypal.cancelSubscription(paid.reference, 'Payment charged back');
    else await plans.payments.cancelSubscription(paid.reference);
  } catch (error) {
    // The plan has ended here already; a subscription the provider had ended is nothing to stop.
    deps.logger.warn({ err: error, reference: paid.reference }, 'chargeback: billing not stopped');
  }
}
