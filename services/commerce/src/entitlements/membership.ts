import {
  COMMERCE_TOPIC,
  FREE_ENTITLEMENTS,
  integrationEvent,
  type ArtistPlan,
  type Entitlements,
  type EntitlementsChangedPayload,
  type ProducerPlan,
} from '@beatmatch/contracts';
import type {
  Decider,
  InlineProjection,
  OutgoingMessage,
  RecordedEvent,
  SqlExecutor,
} from '@beatmatch/platform';

/**
 * A user's plans as a decider (spec §6): one artist plan, one producer plan, the lifetime membership.
 * Every change publishes commerce.EntitlementsChanged with the whole picture (consumers keep the last).
 */
export type MemberType = 'artist' | 'producer';

/** A monthly plan as the provider bills it: its reference (subscription or session id) and period. */
export interface PlanSubscription {
  plan: ArtistPlan | ProducerPlan;
  reference: string;
  /** End of the paid (or trial) period; a renewal moves it on. */
  periodEndsAt: string;
  /** null while running; why it ended otherwise (only a failed renewal can be revived by a later payment). */
  ended: null | 'cancelled' | 'renewal_failed';
}

export interface MembershipState extends Entitlements {
  paypal: boolean;
  subscriptions: Record<MemberType, PlanSubscription | null>;
  /** Provider event ids already applied (renewals and failed renewals are idempotent on them). */
  providerEvents: string[];
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
      };
    }
  | {
      type: 'LifetimeBought';
      /** amountCents: what was paid (absent on events recorded before it was kept). */
      data: { reference: string; at: string; amountCents?: number };
    };

export type MembershipCommand =
  | {
      type: 'start';
      memberType: MemberType;
      plan: ArtistPlan | ProducerPlan;
      trialEndsAt: Date | null;
      provider: 'stripe' | 'test' | 'paypal';
      reference: string;
      amountCents?: number;
      now: Date;
    }
  /** reference: only the plan the provider bills under it (a provider's cancellation webhook). */
  | { type: 'cancel'; memberType: MemberType; now: Date; reference?: string }
  | {
      type: 'renew';
      reference: string;
      eventId: string;
      periodEndsAt: Date;
      amountCents: number;
      now: Date;
    }
  | { type: 'renewalFailed'; reference: string; eventId: string; now: Date }
  | { type: 'lifetime'; reference: string; amountCents?: number; now: Date };

export const membershipStream = (userId: string) => `membership:${userId}`;

export const membershipDecider: Decider<MembershipState, MembershipCommand, MembershipEvent> = {
  initialState: () => ({
    ...FREE_ENTITLEMENTS,
    paypal: false,
    subscriptions: { artist: null, producer: null },
    providerEvents: [],
  }),
  decide(command, state) {
    switch (command.type) {
      case 'start': {
        const current = command.memberType === 'artist' ? state.artistPlan : state.producerPlan;
        if (current === command.plan) return [];
        return {
          type: 'PlanStarted',
          data: {
            memberType: command.memberType,
            plan: command.plan,
            trialEndsAt: command.trialEndsAt?.toISOString() ?? null,
            provider: command.provider,
            reference: command.reference,
            at: command.now.toISOString(),
            periodEndsAt: (command.trialEndsAt ?? addMonth(command.now)).toISOString(),
            ...(command.amountCents !== undefined ? { amountCents: command.amountCents } : {}),
          },
        };
      }
      case 'renew': {
        if (state.providerEvents.includes(command.eventId)) return [];
        const memberType = billedType(state, command.reference);
        if (!memberType) return [];
        const sub = state.subscriptions[memberType]!;
        // Cancelled by the member: a late payment does not bring it back (the provider refunds it).
        if (sub.ended === 'cancelled') return [];
        const periodEndsAt = command.periodEndsAt.toISOString();
        // Running and already paid past that date (the same invoice's second event): nothing to do.
        if (sub.ended === null && periodEndsAt <= sub.periodEndsAt) return [];
        return {
          type: 'PlanRenewed',
          data: {
            memberType,
            plan: sub.plan,
            reference: sub.reference,
            eventId: command.eventId,
            periodEndsAt: periodEndsAt > sub.periodEndsAt ? periodEndsAt : sub.periodEndsAt,
            amountCents: command.amountCents,
            at: command.now.toISOString(),
          },
        };
      }
      case 'renewalFailed': {
        if (state.providerEvents.includes(command.eventId)) return [];
        const memberType = billedType(state, command.reference);
        if (!memberType || state.subscriptions[memberType]!.ended !== null) return [];
        return {
          type: 'PlanEnded',
          data: {
            memberType,
            reason: 'renewal_failed',
            reference: command.reference,
            eventId: command.eventId,
            at: command.now.toISOString(),
          },
        };
      }
      case 'cancel': {
        const current = command.memberType === 'artist' ? state.artistPlan : state.producerPlan;
        if (current === null) return [];
        if (
          command.reference !== undefined &&
          state.subscriptions[command.memberType]?.reference !== command.reference
        )
          return [];
        return {
          type: 'PlanCancelled',
          data: { memberType: command.memberType, at: command.now.toISOString() },
        };
      }
      case 'lifetime': {
        // Once only. A running monthly plan ends with it: the lifetime view has no Cancel button,
        // and nothing is left to pay for (every benefit is the member's for good).
        if (state.lifer) return [];
        const at = command.now.toISOString();
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
        for (const memberType of ['artist', 'producer'] as const) {
          const current = memberType === 'artist' ? state.artistPlan : state.producerPlan;
          if (current !== null) events.push({ type: 'PlanCancelled', data: { memberType, at } });
        }
        return events;
      }
    }
  },
  evolve(state, event) {
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
            },
          },
        };
      case 'PlanCancelled':
        return {
          ...state,
          ...planOf(event.data.memberType, null),
          subscriptions: endSubscription(state, event.data.memberType, 'cancelled'),
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
            },
          },
          providerEvents: [...state.providerEvents, event.data.eventId],
        };
      case 'PlanEnded':
        return {
          ...state,
          ...planOf(event.data.memberType, null),
          subscriptions: endSubscription(state, event.data.memberType, event.data.reason),
          providerEvents: [...state.providerEvents, event.data.eventId],
        };
      case 'LifetimeBought':
        return { ...state, lifer: true };
    }
  },
};

function planOf(memberType: MemberType, plan: ArtistPlan | ProducerPlan | null) {
  return memberType === 'artist'
    ? { artistPlan: plan as ArtistPlan | null }
    : { producerPlan: plan as ProducerPlan | null };
}

function endSubscription(
  state: MembershipState,
  memberType: MemberType,
  ended: 'cancelled' | 'renewal_failed',
): MembershipState['subscriptions'] {
  const sub = state.subscriptions[memberType];
  return { ...state.subscriptions, [memberType]: sub ? { ...sub, ended } : null };
}

/** Which of the member's plans the provider bills under this reference (the latest plan of a type only). */
function billedType(state: MembershipState, reference: string): MemberType | null {
  for (const memberType of ['artist', 'producer'] as const)
    if (state.subscriptions[memberType]?.reference === reference) return memberType;
  return null;
}

export const membershipPublication = {
  topic: COMMERCE_TOPIC,
  map(events: MembershipEvent[], state: MembershipState, streamName: string): OutgoingMessage[] {
    if (events.length === 0) return [];
    const userId = streamName.slice('membership:'.length);
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
    ];
  },
};

export const membershipsSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.memberships (
    user_id text PRIMARY KEY,
    artist_plan text,
    producer_plan text,
    lifer boolean NOT NULL DEFAULT false,
    paypal boolean NOT NULL DEFAULT false,
    trial_ends_at timestamptz,
    updated_at timestamptz NOT NULL
  );
  ALTER TABLE ${s}.memberships ADD COLUMN IF NOT EXISTS artist_period_ends_at timestamptz;
  ALTER TABLE ${s}.memberships ADD COLUMN IF NOT EXISTS producer_period_ends_at timestamptz;
  -- The provider's reference of each plan (subscription or session id) → whose plan: renewal webhooks
  -- name only the reference. Filled by the projection; plans started before it existed from the events.
  CREATE TABLE IF NOT EXISTS ${s}.plan_references (
    reference text PRIMARY KEY,
    user_id text NOT NULL,
    member_type text NOT NULL
  );
  INSERT INTO ${s}.plan_references (reference, user_id, member_type)
    SELECT data->>'reference', substr(stream_name, ${'membership:'.length + 1}), data->>'memberType'
    FROM ${s}.events WHERE type = 'PlanStarted'
    ON CONFLICT (reference) DO NOTHING;`;

/** Whose plan the provider bills under a reference, or null. */
export async function planByReference(db: SqlExecutor, s: string, reference: string) {
  const { rows } = await db.query<{ user_id: string; member_type: MemberType }>(
    `SELECT user_id, member_type FROM ${s}.plan_references WHERE reference = $1`,
    [reference],
  );
  return rows[0] ?? null;
}

export function membershipProjection(s: string): InlineProjection {
  return {
    name: 'commerce-memberships',
    handles: ['PlanStarted', 'PlanCancelled', 'PlanRenewed', 'PlanEnded', 'LifetimeBought'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as MembershipEvent;
        const userId = recorded.streamName.slice('membership:'.length);
        await tx.query(
          `INSERT INTO ${s}.memberships (user_id, updated_at) VALUES ($1, now()) ON CONFLICT (user_id) DO NOTHING`,
          [userId],
        );
        switch (event.type) {
          case 'PlanStarted': {
            const type = event.data.memberType;
            const periodEndsAt =
              event.data.periodEndsAt ??
              event.data.trialEndsAt ??
              addMonth(new Date(event.data.at)).toISOString();
            await tx.query(
              `UPDATE ${s}.memberships SET ${type}_plan = $2, ${type}_period_ends_at = $5,
                 trial_ends_at = $3, paypal = $4, updated_at = now() WHERE user_id = $1`,
              [
                userId,
                event.data.plan,
                event.data.trialEndsAt,
                event.data.provider === 'paypal',
                periodEndsAt,
              ],
            );
            await tx.query(
              `INSERT INTO ${s}.plan_references (reference, user_id, member_type) VALUES ($1, $2, $3)
               ON CONFLICT (reference) DO NOTHING`,
              [event.data.reference, userId, type],
            );
            break;
          }
          case 'PlanRenewed':
            await tx.query(
              `UPDATE ${s}.memberships SET ${event.data.memberType}_plan = $2, ${event.data.memberType}_period_ends_at = $3,
                 updated_at = now() WHERE user_id = $1`,
              [userId, event.data.plan, event.data.periodEndsAt],
            );
            break;
          case 'PlanEnded':
            await tx.query(
              `UPDATE ${s}.memberships SET ${event.data.memberType}_plan = NULL, updated_at = now() WHERE user_id = $1`,
              [userId],
            );
            break;
          case 'PlanCancelled':
            await tx.query(
              `UPDATE ${s}.memberships SET ${event.data.memberType === 'artist' ? 'artist_plan' : 'producer_plan'} = NULL,
                 updated_at = now() WHERE user_id = $1`,
              [userId],
            );
            break;
          case 'LifetimeBought':
            await tx.query(
              `UPDATE ${s}.memberships SET lifer = true, updated_at = now() WHERE user_id = $1`,
              [userId],
            );
            break;
        }
      }
    },
  };
}

export interface MembershipRow {
  artistPlan: ArtistPlan | null;
  producerPlan: ProducerPlan | null;
  lifer: boolean;
  paypal: boolean;
}

export async function membershipOf(
  db: SqlExecutor,
  s: string,
  userId: string | undefined,
): Promise<MembershipRow> {
  if (!userId) return { artistPlan: null, producerPlan: null, lifer: false, paypal: false };
  const { rows } = await db.query<{
    artist_plan: ArtistPlan | null;
    producer_plan: ProducerPlan | null;
    lifer: boolean;
    paypal: boolean;
  }>(`SELECT artist_plan, producer_plan, lifer, paypal FROM ${s}.memberships WHERE user_id = $1`, [userId]);
  const row = rows[0];
  return {
    artistPlan: row?.artist_plan ?? null,
    producerPlan: row?.producer_plan ?? null,
    lifer: row?.lifer ?? false,
    paypal: row?.paypal ?? false,
  };
}
