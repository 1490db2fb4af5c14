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

export interface MembershipState extends Entitlements {
  paypal: boolean;
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
      };
    }
  | { type: 'PlanCancelled'; data: { memberType: MemberType; at: string } }
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
      now: Date;
    }
  | { type: 'cancel'; memberType: MemberType; now: Date }
  | { type: 'lifetime'; reference: string; amountCents?: number; now: Date };

export const membershipStream = (userId: string) => `membership:${userId}`;

export const membershipDecider: Decider<MembershipState, MembershipCommand, MembershipEvent> = {
  initialState: () => ({ ...FREE_ENTITLEMENTS, paypal: false }),
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
          },
        };
      }
      case 'cancel': {
        const current = command.memberType === 'artist' ? state.artistPlan : state.producerPlan;
        if (current === null) return [];
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
          ...(event.data.memberType === 'artist'
            ? { artistPlan: event.data.plan as ArtistPlan }
            : { producerPlan: event.data.plan as ProducerPlan }),
          trialEndsAt: event.data.trialEndsAt,
          paypal: event.data.provider === 'paypal',
        };
      case 'PlanCancelled':
        return {
          ...state,
          ...(event.data.memberType === 'artist' ? { artistPlan: null } : { producerPlan: null }),
        };
      case 'LifetimeBought':
        return { ...state, lifer: true };
    }
  },
};

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
  );`;

export function membershipProjection(s: string): InlineProjection {
  return {
    name: 'commerce-memberships',
    handles: ['PlanStarted', 'PlanCancelled', 'LifetimeBought'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as MembershipEvent;
        const userId = recorded.streamName.slice('membership:'.length);
        await tx.query(
          `INSERT INTO ${s}.memberships (user_id, updated_at) VALUES ($1, now()) ON CONFLICT (user_id) DO NOTHING`,
          [userId],
        );
        switch (event.type) {
          case 'PlanStarted':
            await tx.query(
              `UPDATE ${s}.memberships SET ${event.data.memberType === 'artist' ? 'artist_plan' : 'producer_plan'} = $2,
                 trial_ends_at = $3, paypal = $4, updated_at = now() WHERE user_id = $1`,
              [userId, event.data.plan, event.data.trialEndsAt, event.data.provider === 'paypal'],
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
