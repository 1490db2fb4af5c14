import type { ArtistPlan, MemberType, ProducerPlan } from '@beatmatch/contracts';
import type { Decider } from '@beatmatch/platform';
import {
  addMonth,
  evolve,
  initialMembership,
  type MembershipEvent,
  type MembershipState,
} from './membership';
import { planPaid, refundPlanPayment, type PaymentRefundCommand } from './planPayments';

/*
 * The membership's commands and how each is decided (spec §6): a provider's payment starts, renews or
 * ends a plan, the member cancels one, the lifetime membership is bought once. Provider events apply
 * once: renewals and failed renewals are idempotent on the provider's event id.
 */

export type MembershipCommand =
  | {
      type: 'start';
      memberType: MemberType;
      plan: ArtistPlan | ProducerPlan;
      trialEndsAt: Date | null;
      provider: 'stripe' | 'test' | 'paypal';
      reference: string;
      amountCents?: number;
      /** The provider's payment the start was paid with (none: a trial, or the payment comes later). */
      paymentId?: string | null;
      /** When the provider says it happened (null: not said). */
      occurredAt?: Date | null;
      now: Date;
    }
  /** reference: only the plan the provider bills under it (a provider's cancellation webhook). */
  | { type: 'cancel'; memberType: MemberType; now: Date; reference?: string }
  | {
      type: 'renew';
      reference: string;
      eventId: string;
      /** The provider's payment (absent: the event stands for it). */
      paymentId?: string | null;
      periodEndsAt: Date;
      amountCents: number;
      occurredAt?: Date | null;
      now: Date;
    }
  | { type: 'renewalFailed'; reference: string; eventId: string; occurredAt?: Date | null; now: Date }
  | { type: 'lifetime'; reference: string; amountCents?: number; now: Date }
  | PaymentRefundCommand;

type Command<T extends MembershipCommand['type']> = Extract<MembershipCommand, { type: T }>;
const currentPlan = (state: MembershipState, memberType: MemberType) =>
  memberType === 'artist' ? state.artistPlan : state.producerPlan;

/** Whether a provider event happened before the latest news of the member's plan of that type. */
const older = (state: MembershipState, memberType: MemberType, occurredAt: Date | null | undefined) => {
  const latest = state.subscriptions[memberType]?.eventAt;
  // Providers give whole seconds: news of the same second is not older.
  const second = (time: number) => Math.floor(time / 1000);
  return !!occurredAt && !!latest && second(occurredAt.getTime()) < second(Date.parse(latest));
};

/** The provider event's time, when it said one (kept on the event: later news is compared with it). */
const occurred = (occurredAt: Date | null | undefined) =>
  occurredAt ? { occurredAt: occurredAt.toISOString() } : {};

function start(command: Command<'start'>, state: MembershipState): MembershipEvent[] {
  // A completed session (or a subscription) starts a plan once, ever: a redelivery after a cancel
  // or another payment of the same session brings nothing back.
  if (state.references.includes(command.reference)) return [];
  // One trial per person per family, ever: a second trial session paid before the first started
  // (both opened while neither was paid) starts nothing, and the caller cancels its subscription.
  if (command.trialEndsAt && state.trialsUsed.includes(command.memberType))
    return [
      {
        type: 'TrialRefused',
        data: {
          memberType: command.memberType,
          plan: command.plan,
          reference: command.reference,
          at: command.now.toISOString(),
        },
      },
    ];
  if (older(state, command.memberType, command.occurredAt)) return [];
  if (currentPlan(state, command.memberType) === command.plan) return [];
  const periodEndsAt = (command.trialEndsAt ?? addMonth(command.now)).toISOString();
  const started: MembershipEvent = {
    type: 'PlanStarted',
    data: {
      memberType: command.memberType,
      plan: command.plan,
      trialEndsAt: command.trialEndsAt?.toISOString() ?? null,
      provider: command.provider,
      reference: command.reference,
      at: command.now.toISOString(),
      periodEndsAt,
      ...(command.amountCents !== undefined ? { amountCents: command.amountCents } : {}),
      ...occurred(command.occurredAt),
    },
  };
  if (command.trialEndsAt || !command.paymentId) return [started];
  const at = command.now.toISOString();
  const payment = {
    paymentId: command.paymentId,
    amountCents: command.amountCents ?? 0,
    periodEndsAt,
    paidAt: command.occurredAt?.toISOString() ?? at,
    at,
  };
  return [started, ...planPaid(state, command.memberType, command, payment)];
}

function renew(command: Command<'renew'>, state: MembershipState): MembershipEvent[] {
  if (state.providerEvents.includes(command.eventId)) return [];
  const memberType = billedType(state, command.reference);
  if (!memberType) return [];
  const sub = state.subscriptions[memberType]!;
  // Cancelled by the member: a late payment does not bring it back (the provider refunds it).
  if (sub.ended === 'cancelled' || older(state, memberType, command.occurredAt)) return [];
  const periodEndsAt = command.periodEndsAt.toISOString();
  const at = command.now.toISOString();
  const paid = planPaid(state, memberType, sub, {
    paymentId: command.paymentId ?? command.eventId,
    amountCents: command.amountCents,
    periodEndsAt,
    paidAt: command.occurredAt?.toISOString() ?? at,
    at,
  });
  // Running and already paid past that date (the first invoice, paid with the session that started
  // the plan, or the same invoice's second event): at most the payment is news — if the provider
  // named it (an event of no named payment that moves nothing is the same payment told again).
  if (sub.ended === null && periodEndsAt <= sub.periodEndsAt) return command.paymentId ? paid : [];
  const renewed: MembershipEvent = {
    type: 'PlanRenewed',
    data: {
      memberType,
      plan: sub.plan,
      reference: sub.reference,
      eventId: command.eventId,
      periodEndsAt: periodEndsAt > sub.periodEndsAt ? periodEndsAt : sub.periodEndsAt,
      amountCents: command.amountCents,
      at,
      ...occurred(command.occurredAt),
    },
  };
  return [renewed, ...paid];
}

function renewalFailed(command: Command<'renewalFailed'>, state: MembershipState): MembershipEvent[] {
  if (state.providerEvents.includes(command.eventId)) return [];
  const memberType = billedType(state, command.reference);
  if (!memberType || state.subscriptions[memberType]!.ended !== null) return [];
  if (older(state, memberType, command.occurredAt)) return [];
  return [
    {
      type: 'PlanEnded',
      data: {
        memberType,
        reason: 'renewal_failed',
        reference: command.reference,
        eventId: command.eventId,
        at: command.now.toISOString(),
        ...occurred(command.occurredAt),
      },
    },
  ];
}

function cancel(command: Command<'cancel'>, state: MembershipState): MembershipEvent[] {
  if (currentPlan(state, command.memberType) === null) return [];
  if (
    command.reference !== undefined &&
    state.subscriptions[command.memberType]?.reference !== command.reference
  )
    return [];
  return [{ type: 'PlanCancelled', data: { memberType: command.memberType, at: command.now.toISOString() } }];
}

function lifetime(command: Command<'lifetime'>, state: MembershipState): MembershipEvent[] {
  // Once only. A running monthly plan ends with it: the lifetime view has no Cancel button,
  // and nothing is left to pay for (every benefit is the member's for good).
  const at = command.now.toISOString();
  if (state.lifer) {
    const known = [state.lifetimeReference, ...state.refundedPayments].includes(command.reference);
    // Another payment from a lifer (a second checkout paid): given back, never a second membership.
    return known
      ? []
      : [
          {
            type: 'LifetimePaymentRefunded',
            data: { reference: command.reference, amountCents: command.amountCents ?? 0, at },
          },
        ];
  }
  const events: MembershipEvent[] = [
    {
      type: 'LifetimeBought',
      data: {
        reference: command.reference,
        at,
        ...(command.amountCents !== undefined ? { amountCents: command.amountCents } : {}),
      },
    },
  ];
  for (const memberType of ['artist', 'producer'] as const)
    if (currentPlan(state, memberType) !== null)
      events.push({ type: 'PlanCancelled', data: { memberType, at } });
  return events;
}

function decide(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  switch (command.type) {
    case 'start':
      return start(command, state);
    case 'renew':
      return renew(command, state);
    case 'renewalFailed':
      return renewalFailed(command, state);
    case 'cancel':
      return cancel(command, state);
    case 'lifetime':
      return lifetime(command, state);
    case 'refundPayment':
      return refundPlanPayment(command, state);
  }
}

/** Which of the member's plans the provider bills under this reference (the latest plan of a type only). */
function billedType(state: MembershipState, reference: string): MemberType | null {
  for (const memberType of ['artist', 'producer'] as const)
    if (state.subscriptions[memberType]?.reference === reference) return memberType;
  return null;
}

export const membershipDecider: Decider<MembershipState, MembershipCommand, MembershipEvent> = {
  initialState: initialMembership,
  decide,
  evolve,
};
