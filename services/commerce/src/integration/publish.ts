import {
  COMMERCE_TOPIC,
  integrationEvent,
  type BeatPurchasedPayload,
  type EntitlementsChangedPayload,
  type GuestPurchaseCompletedPayload,
  type PurchaseRefundedPayload,
  type SubscriptionPaidPayload,
  type SubscriptionPaymentRefundedPayload,
} from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import type { MembershipEvent, MembershipState } from '../entitlements/membership';
import { ownerOf, purchasedLines, type OrderEvent, type OrderState } from '../orders/order';

/*
 * What commerce publishes (domain → contract), in the transaction of the events that cause it:
 * EntitlementsChanged after every membership change, BeatPurchased / GuestPurchaseCompleted when an
 * order is paid, PurchaseRefunded when a refund reverses purchases, SubscriptionPaid once per provider
 * payment of a plan (a trial is never a payment) and SubscriptionPaymentRefunded when such a payment
 * is refunded (each part of a partial refund) or charged back.
 */

/** Membership events that change no entitlement (a chargeback's PlanCancelled does, and comes with it). */
const PAYMENT_ONLY: ReadonlySet<MembershipEvent['type']> = new Set([
  'LifetimePaymentRefunded',
  'TrialRefused',
  'PlanPaid',
  'PlanPaymentRefunded',
]);

/** Every membership change publishes the whole picture (consumers keep the last). */
export const membershipPublication = {
  topic: COMMERCE_TOPIC,
  map(events: MembershipEvent[], state: MembershipState, streamName: string): OutgoingMessage[] {
    const userId = streamName.slice('membership:'.length);
    const payments = events.flatMap((event) => planPayment(event, userId));
    if (events.every((event) => PAYMENT_ONLY.has(event.type))) return payments;
    const last = events[events.length - 1]!;
    const changedAt = 'at' in last.data ? last.data.at : new Date().toISOString();
    const payload: EntitlementsChangedPayload = {
      userId,
      artistPlan: state.artistPlan,
      producerPlan: state.producerPlan,
      lifer: state.lifer,
      trialEndsAt: state.trialEndsAt,
      changedAt,
    };
    return [
      {
        key: userId,
        event: integrationEvent('commerce.EntitlementsChanged', 1, payload, new Date(changedAt)),
      },
      ...payments,
    ];
  },
};

/** A plan's payment (its provider payment id the key consumers count it once by), or one given back. */
function planPayment(event: MembershipEvent, userId: string): OutgoingMessage[] {
  if (event.type === 'PlanPaid') {
    const { paymentId, memberType, plan, amountCents, paidAt, periodEndsAt } = event.data;
    const payload: SubscriptionPaidPayload = {
      paymentId,
      userId,
      memberType,
      plan,
      amountCents,
      currency: 'usd',
      paidAt,
      periodEndsAt,
    };
    return [
      { key: userId, event: integrationEvent('commerce.SubscriptionPaid', 1, payload, new Date(paidAt)) },
    ];
  }
  if (event.type !== 'PlanPaymentRefunded') return [];
  const { paymentId, amountCents, reason, refundedAt } = event.data;
  const refund: SubscriptionPaymentRefundedPayload = {
    paymentId,
    userId,
    amountCents,
    currency: 'usd',
    reason,
    refundedAt,
  };
  return [
    {
      key: userId,
      event: integrationEvent('commerce.SubscriptionPaymentRefunded', 1, refund, new Date(refundedAt)),
    },
  ];
}

/**
 * OrderPaid → one commerce.BeatPurchased per line; OrderRefunded → one commerce.PurchaseRefunded per
 * refunded purchase; keyed by beat (stats per beat stay in order).
 */
export const orderPublication = {
  topic: COMMERCE_TOPIC,
  map(events: OrderEvent[], state: OrderState): OutgoingMessage[] {
    const placed = state.placed;
    if (!placed) return [];
    return events.flatMap((event) => {
      if (event.type === 'OrderRefunded')
        return event.data.purchases.map((purchase) => {
          const payload: PurchaseRefundedPayload = {
            purchaseId: purchase.purchaseId,
            orderId: placed.orderId,
            beatId: purchase.beatId,
            producerId: purchase.producerId,
            buyerId: ownerOf(state),
            amountCents: purchase.priceCents,
            feeCents: purchase.feeCents,
            currency: 'usd',
            refundedAt: event.data.refundedAt,
          };
          return {
            key: purchase.beatId,
            event: integrationEvent('commerce.PurchaseRefunded', 1, payload, new Date(event.data.refundedAt)),
          };
        });
      if (event.type !== 'OrderPaid') return [];
      const paid = purchasedLines({ ...state, purchases: event.data.purchases });
      const purchased = paid.map(({ line, purchase }) => {
        const payload: BeatPurchasedPayload = {
          purchaseId: purchase.purchaseId,
          orderId: placed.orderId,
          beatId: line.beatId,
          producerId: line.producerId,
          // A guest's purchase has no buyer until the e-mail's owner claims it.
          buyerId: placed.guest ? null : placed.buyerId,
          buyerEmail: placed.buyerEmail,
          package: line.package,
          amountCents: line.priceCents,
          feeCents: line.feeCents,
          currency: 'usd',
          purchasedAt: event.data.paidAt,
        };
        return {
          key: line.beatId,
          event: integrationEvent('commerce.BeatPurchased', 1, payload, new Date(event.data.paidAt)),
        };
      });
      if (!placed.guest) return purchased;
      // Identity mails the guest (set up an account, or a note that it is in their Purchases).
      const guest: GuestPurchaseCompletedPayload = {
        orderId: placed.orderId,
        email: placed.buyerEmail,
        purchaseIds: event.data.purchases.map((purchase) => purchase.purchaseId),
        beatNames: paid.map(({ line }) => line.beatName),
        amountCents: paid.reduce((sum, { line }) => sum + line.priceCents + line.feeCents, 0),
        currency: 'usd',
        completedAt: event.data.paidAt,
      };
      return [
        ...purchased,
        {
          key: placed.orderId,
          event: integrationEvent('commerce.GuestPurchaseCompleted', 1, guest, new Date(event.data.paidAt)),
        },
      ];
    });
  },
};
