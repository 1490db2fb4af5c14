import {
  guestPurchasesClaimedV1,
  IDENTITY_TOPIC,
  REFERRALS_TOPIC,
  referralConfirmedV1,
} from '@beatmatch/contracts';
import {
  handleCommand,
  on,
  subscribeToContracts,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { orderDecider, orderStream } from '../orders/order';

/**
 * Guest checkout's last step (README "Guest checkout"): identity says the owner of a guest order's
 * e-mail has an account (`identity.GuestPurchasesClaimed`); each named order is claimed for that user
 * (`OrderClaimed` on the order's stream; the read model moves its purchases to the user). The order
 * decider claims a paid guest order of that very e-mail once, so a replayed event, an order of another
 * e-mail or a user's own order changes nothing.
 */
export function claimHandlers(deps: ClaimDeps) {
  return [
    on(guestPurchasesClaimedV1, async (event, tx) => {
      const { userId, email, orderIds } = event.payload;
      const store = deps.storeIn(tx);
      for (const orderId of orderIds) {
        await handleCommand(store, orderStream(orderId), orderDecider, {
          type: 'claim',
          userId,
          email: email.toLowerCase(),
          now: deps.clock(),
        });
      }
    }),
  ];
}

export interface ClaimDeps {
  /** The event store inside the dedupe's transaction (claims and the mark commit together). */
  storeIn: (tx: SqlExecutor) => EventStore;
  clock: () => Date;
}

export function subscribeToClaims(
  options: ClaimDeps & {
    bus: EventBus;
    db: SqlDatabase;
    logger: Logger;
    schema: string;
    consumer?: string;
    topics?: string[];
  },
): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'commerce.guest-claims',
    topics: options.topics ?? [IDENTITY_TOPIC],
    handlers: claimHandlers(options),
  });
}

/**
 * Referrals confirmed by the referrals service (`referrals.ReferralConfirmed`: a real code of another
 * live account, once per person): the only source of the ambassador's 14-day trial, never the client.
 */
export const confirmedReferralsSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.confirmed_referrals (
    user_id text PRIMARY KEY,
    referrer_id text NOT NULL,
    confirmed_at timestamptz NOT NULL
  );`;

export const referralHandlers = (schema: string) => [
  on(referralConfirmedV1, async (event, tx) => {
    const { userId, referrerId, confirmedAt } = event.payload;
    await tx.query(
      `INSERT INTO ${schema}.confirmed_referrals (user_id, referrer_id, confirmed_at)
       VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
      [userId, referrerId, confirmedAt],
    );
  }),
];

/** Whether referrals confirmed that someone referred the user. */
export async function wasReferred(db: SqlExecutor, schema: string, userId: string) {
  const { rows } = await db.query(`SELECT 1 FROM ${schema}.confirmed_referrals WHERE user_id = $1`, [userId]);
  return rows.length > 0;
}

export function subscribeToReferrals(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  consumer?: string;
  topics?: string[];
}): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'commerce.referrals',
    topics: options.topics ?? [REFERRALS_TOPIC],
    handlers: referralHandlers(options.schema),
  });
}
