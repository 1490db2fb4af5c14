import {
  FREE_ENTITLEMENTS,
  type ArtistPlan,
  type Entitlements,
  type MemberType,
  type ProducerPlan,
} from '@beatmatch/contracts';

/**
 * A user's plans as a decider (spec §6): one artist plan, one producer plan, the lifetime membership.
 * Every change publishes commerce.EntitlementsChanged with the whole picture (consumers keep the last:
 * ../integration/publish.ts).
 */

/** A monthly plan as the provider bills it: its reference (subscription or session id) and period. */
export interface PlanSubscription {
  plan: ArtistPlan | ProducerPlan;
  reference: string;
  /** End of the paid (or trial) period; a renewal moves it on. */
  periodEndsAt: string;
  /** null while running; why it ended otherwise (only a failed renewal can be revived by a later payment). */
  ended: null | 'cancelled' | 'renewal_failed';
  /**
   * When the latest news of this plan happened (the provider's event time, or the member's cancel):
   * a provider event from before it never changes the plan (absent on plans recorded before it was kept).
   */
  eventAt?: string;
}

/** A plan's payment as the provider took it, and what of it went back since. */
export interface PlanPayment {
  memberType: MemberType;
  reference: string;
  amountCents: number;
  refundedCents: number;
  chargedBack: boolean;
}

export interface MembershipState extends Entitlements {
  paypal: boolean;
  subscriptions: Record<MemberType, PlanSubscription | null>;
  /** Provider event ids already applied (renewals and failed renewals are idempotent on them). */
  providerEvents: string[];
  /** Every reference a plan was ever started under: a completed session is spent. */
  references: string[];
  /** The families (artist, producer) whose one free trial was used. */
  trialsUsed: MemberType[];
  /** Plan sessions (their subscriptions) refused a second trial: to be cancelled at the provider. */
  trialsRefused: string[];
  /** The payment that bought the lifetime membership, and payments of it given back as duplicates. */
  lifetimeReference: string | null;
  refundedPayments: string[];
  /** The plans' payments by the provider's payment id (each is paid once, however often it is told). */
  planPayments: Record<string, PlanPayment>;
}

/** One calendar month on (the 31st of January → the 28th/29th of February), UTC. */
export function addMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export type MembershipEvent =
  | {
      type: 'PlanStarted';
      data: {
        memberType: MemberType;
        plan: ArtistPlan | ProducerPlan;
        trialEndsAt: string | null;
        provider: 'stripe' | 'test' | 'paypal';
        reference: string;
        at: string;
        /** Absent on events recorded before periods were kept: the trial's end, else a month on. */
        periodEndsAt?: string;
        amountCents?: number;
        /** The provider event's time (absent: `at`). */
        occurredAt?: string;
      };
    }
  | { type: 'PlanCancelled'; data: { memberType: MemberType; at: string } }
  | {
      /** A renewal payment (provider webhook): the period moves on; a plan ended by a failed renewal runs again. */
      type: 'PlanRenewed';
      data: {
        memberType: MemberType;
        plan: ArtistPlan | ProducerPlan;
        reference: string;
        eventId: string;
        periodEndsAt: string;
        amountCents: number;
        at: string;
        occurredAt?: string;
      };
    }
  | {
      /** A renewal payment failed (provider webhook): the plan ends at once. */
      type: 'PlanEnded';
      data: {
        memberType: MemberType;
        reason: 'renewal_failed';
        reference: string;
        eventId: string;
        at: string;
        occurredAt?: string;
      };
    }
  | {
      /**
       * A plan's charge was paid (a paid start, a renewal or a provider's billing cycle): once per
       * provider payment, whichever of the provider's events told of it.
       */
      type: 'PlanPaid';
      data: {
        memberType: MemberType;
        plan: ArtistPlan | ProducerPlan;
        reference: string;
        paymentId: string;
        amountCents: number;
        periodEndsAt: string;
        paidAt: string;
        at: string;
      };
    }
  | {
      /**
       * A plan's payment given back: a refund (the plan runs on) or a chargeback (the plan ends: a
       * PlanCancelled follows). amountCents: what went back this time (a part, for a partial refund).
       */
      type: 'PlanPaymentRefunded';
      data: {
        memberType: MemberType;
        paymentId: string;
        refundId: string;
        amountCents: number;
        reason: 'refund' | 'chargeback';
        refundedAt: string;
        at: string;
      };
    }
  | {
      type: 'LifetimeBought';
      /** amountCents: what was paid (absent on events recorded before it was kept). */
      data: { reference: string; at: string; amountCents?: number };
    }
  | {
      /** A lifetime payment from a member who is a lifer already: given back through the provider. */
      type: 'LifetimePaymentRefunded';
      data: { reference: string; amountCents: number; at: string };
    }
  | {
      /**
       * A plan's session completed on a trial when the family's one trial was used already: no plan
       * starts, and its subscription is cancelled at the provider (nothing was charged on the trial).
       */
      type: 'TrialRefused';
      data: { memberType: MemberType; plan: ArtistPlan | ProducerPlan; reference: string; at: string };
    };

export const membershipStream = (userId: string) => `membership:${userId}`;

export const initialMembership = (): MembershipState => ({
  ...FREE_ENTITLEMENTS,
  paypal: false,
  subscriptions: { artist: null, producer: null },
  providerEvents: [],
  references: [],
  trialsUsed: [],
  trialsRefused: [],
  lifetimeReference: null,
  refundedPayments: [],
  planPayments: {},
});

export function evolve(state: MembershipState, event: MembershipEvent): MembershipState {
  switch (event.type) {
    case 'PlanStarted':
      return {
        ...state,
        ...planOf(event.data.memberType, event.data.plan),
        trialEndsAt: event.data.trialEndsAt,
        paypal: event.data.provider === 'paypal',
        subscriptions: {
          ...state.subscriptions,
          [event.data.memberType]: {
            plan: event.data.plan,
            reference: event.data.reference,
            periodEndsAt:
              event.data.periodEndsAt ??
              event.data.trialEndsAt ??
              addMonth(new Date(event.data.at)).toISOString(),
            ended: null,
            eventAt: event.data.occurredAt ?? event.data.at,
          },
        },
        references: [...state.references, event.data.reference],
        trialsUsed:
          event.data.trialEndsAt && !state.trialsUsed.includes(event.data.memberType)
            ? [...state.trialsUsed, event.data.memberType]
            : state.trialsUsed,
      };
    case 'PlanCancelled':
      return {
        ...state,
        ...planOf(event.data.memberType, null),
        subscriptions: endSubscription(state, event.data.memberType, 'cancelled', event.data.at),
      };
    case 'PlanRenewed':
      return {
        ...state,
        ...planOf(event.data.memberType, event.data.plan),
        subscriptions: {
          ...state.subscriptions,
          [event.data.memberType]: {
            plan: event.data.plan,
            reference: event.data.reference,
            periodEndsAt: event.data.periodEndsAt,
            ended: null,
            eventAt: event.data.occurredAt ?? event.data.at,
          },
        },
        providerEvents: [...state.providerEvents, event.data.eventId],
      };
    case 'PlanEnded':
      return {
        ...state,
        ...planOf(event.data.memberType, null),
        subscriptions: endSubscription(
          state,
          event.data.memberType,
          event.data.reason,
          event.data.occurredAt ?? event.data.at,
        ),
        providerEvents: [...state.providerEvents, event.data.eventId],
      };
    case 'PlanPaid':
      return recordPayment(state, event.data);
    case 'PlanPaymentRefunded':
      return refundPayment(state, event.data);
    case 'LifetimeBought':
      return { ...state, lifer: true, lifetimeReference: event.data.reference };
    case 'LifetimePaymentRefunded':
      return { ...state, refundedPayments: [...state.refundedPayments, event.data.reference] };
    case 'TrialRefused':
      return {
        ...state,
        references: [...state.references, event.data.reference],
        trialsRefused: [...state.trialsRefused, event.data.reference],
      };
  }
}

function recordPayment(state: MembershipState, paid: Extract<MembershipEvent, { type: 'PlanPaid' }>['data']) {
  const { memberType, reference, amountCents } = paid;
  return withPayment(state, paid.paymentId, {
    memberType,
    reference,
    amountCents,
    refundedCents: 0,
    chargedBack: false,
  });
}

function refundPayment(
  state: MembershipState,
  refund: Extract<MembershipEvent, { type: 'PlanPaymentRefunded' }>['data'],
): MembershipState {
  const payment = state.planPayments[refund.paymentId];
  if (!payment) return state;
  const refunded = withPayment(state, refund.paymentId, {
    ...payment,
    refundedCents: payment.refundedCents + refund.amountCents,
    chargedBack: payment.chargedBack || refund.reason === 'chargeback',
  });
  return { ...refunded, providerEvents: [...state.providerEvents, refund.refundId] };
}

const withPayment = (state: MembershipState, paymentId: string, payment: PlanPayment): MembershipState => ({
  ...state,
  planPayments: { ...state.planPayments, [paymentId]: payment },
});

function planOf(memberType: MemberType, plan: ArtistPlan | ProducerPlan | null) {
  return memberType === 'artist'
    ? { artistPlan: plan as ArtistPlan | null }
    : { producerPlan: plan as ProducerPlan | null };
}

function endSubscription(
  state: MembershipState,
  memberType: MemberType,
  ended: 'cancelled' | 'renewal_failed',
  eventAt: string,
): MembershipState['subscriptions'] {
  const sub = state.subscriptions[memberType];
  return { ...state.subscriptions, [memberType]: sub ? { ...sub, ended, eventAt } : null };
}
