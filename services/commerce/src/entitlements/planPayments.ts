import type { MemberType } from '@beatmatch/contracts';
import type { MembershipEvent, MembershipState, PlanSubscription } from './membership';

/*
 * A plan's payments in the membership decider: each provider payment is paid once (Stripe tells of
 * one invoice in the session's completion, invoice.paid and invoice.payment_succeeded; each names the
 * invoice), and what of it goes back — a refund, in parts, or a chargeback — is recorded once per
 * refund. A chargeback ends the plan it paid for: the member took the money back through the bank, so
 * the period is unpaid (a refund is the team's decision and leaves the plan running).
 */

export interface PaymentRefundCommand {
  type: 'refundPayment';
  paymentId: string;
  /** The provider's event or refund id: a redelivery changes nothing. */
  refundId: string;
  reason: 'refund' | 'chargeback';
  /** The payment's refunded total so far (Stripe's cumulative amount_refunded)… */
  refundedTotalCents?: number;
  /** …or what this refund or chargeback took back. */
  amountCents?: number;
  now: Date;
}

/** A plan's charge, paid under a subscription's reference: PlanPaid unless that payment is known or was nothing. */
export function planPaid(
  state: MembershipState,
  memberType: MemberType,
  subscription: Pick<PlanSubscription, 'plan' | 'reference'>,
  payment: { paymentId: string; amountCents: number; periodEndsAt: string; paidAt: string; at: string },
): MembershipEvent[] {
  if (payment.amountCents <= 0 || state.planPayments[payment.paymentId]) return [];
  return [
    {
      type: 'PlanPaid',
      data: { memberType, plan: subscription.plan, reference: subscription.reference, ...payment },
    },
  ];
}

/** What this refund takes back: the newly refunded part, never more than is left of the payment. */
function refundedNow(command: PaymentRefundCommand, paid: number, refunded: number) {
  const asked =
    command.refundedTotalCents !== undefined
      ? command.refundedTotalCents - refunded
      : (command.amountCents ?? paid - refunded);
  return Math.min(asked, paid - refunded);
}

export function refundPlanPayment(command: PaymentRefundCommand, state: MembershipState): MembershipEvent[] {
  const payment = state.planPayments[command.paymentId];
  if (!payment || state.providerEvents.includes(command.refundId)) return [];
  if (command.reason === 'chargeback' && payment.chargedBack) return [];
  const amountCents = refundedNow(command, payment.amountCents, payment.refundedCents);
  if (amountCents <= 0) return [];
  const at = command.now.toISOString();
  const { memberType } = payment;
  const events: MembershipEvent[] = [
    {
      type: 'PlanPaymentRefunded',
      data: {
        memberType,
        paymentId: command.paymentId,
        refundId: command.refundId,
        amountCents,
        reason: command.reason,
        refundedAt: at,
        at,
      },
    },
  ];
  const paidFor = state.subscriptions[memberType];
  if (command.reason === 'chargeback' && paidFor?.reference === payment.reference && paidFor.ended === null)
    events.push({ type: 'PlanCancelled', data: { memberType, at } });
  return events;
}
