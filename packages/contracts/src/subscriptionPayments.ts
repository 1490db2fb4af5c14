import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';
import { ARTIST_PLANS, PRODUCER_PLANS } from './plans';

/*
 * Commerce's subscription payments (artist-side spec §4, §6): what a member really paid for a plan's
 * period, and a payment given back. Trials are not payments: a trial publishes nothing here until its
 * first charge. Referrals counts active sub-affiliates and the ambassadors' revenue share from them
 * (issue 23); they travel on commerce's topic.
 */

/** A plan's charge was paid (first period after any trial, or a renewal). Once per payment. */
export const subscriptionPaidV1 = contract(
  'commerce.SubscriptionPaid',
  1,
  z.object({
    /** The provider's payment id (Stripe's invoice, PayPal's sale): the same payment published twice counts once. */
    paymentId: z.string().min(1),
    userId: z.string().min(1),
    memberType: z.enum(['artist', 'producer']),
    plan: z.enum([...ARTIST_PLANS, ...PRODUCER_PLANS]),
    /** What was charged, integer cents. */
    amountCents: z.number().int().positive(),
    currency: z.literal('usd'),
    paidAt: instant,
    /** End of the period this payment pays for. */
    periodEndsAt: instant,
  }),
);

/**
 * A subscription payment was refunded or charged back: it counts for nothing any more. Once per refund
 * (a payment refunded in parts publishes each part) and once per chargeback; a redelivered provider
 * event publishes nothing.
 */
export const subscriptionPaymentRefundedV1 = contract(
  'commerce.SubscriptionPaymentRefunded',
  1,
  z.object({
    /** The payment's id as commerce.SubscriptionPaid published it. */
    paymentId: z.string().min(1),
    userId: z.string().min(1),
    /** What went back this time, integer cents (never more than was left of the payment). */
    amountCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    /** 'refund' (given back) or 'chargeback' (disputed at the bank). */
    reason: z.enum(['refund', 'chargeback']),
    refundedAt: instant,
  }),
);

export type SubscriptionPaidPayload = PayloadOf<typeof subscriptionPaidV1>;
export type SubscriptionPaymentRefundedPayload = PayloadOf<typeof subscriptionPaymentRefundedV1>;

export const subscriptionPaymentContracts = [subscriptionPaidV1, subscriptionPaymentRefundedV1] as const;
