import { IDENTITY_TOPIC, userReferredV1 } from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type EventBus,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';

/**
 * The events referrals takes from other services (a service owns its data: it keeps its own
 * projection of the facts it needs). The worked example of the service kit: identity's
 * `identity.UserReferred` v1 becomes a row of `referrals.referred_users`, the sign-ups attributed to
 * a referral code, from which later issues compute kickbacks and ambassador tiers.
 */
export const REFERRALS_SCHEMA = 'referrals';

export const referralsProjectionSchema = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.referred_users (
    user_id text PRIMARY KEY,
    referral_code text NOT NULL,
    registered_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS referred_users_by_code ON ${s}.referred_users (referral_code);`;

export const handlers = [
  on(userReferredV1, async (event, tx: SqlExecutor) => {
    await tx.query(
      `INSERT INTO ${REFERRALS_SCHEMA}.referred_users (user_id, referral_code, registered_at)
       VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
      [event.payload.userId, event.payload.referralCode, event.payload.registeredAt],
    );
  }),
];

export async function subscribe(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  /** Consumer group and topic (tests use fresh ones; identity's topic holds every test run's events). */
  consumer?: string;
  topic?: string;
}): Promise<Subscription> {
  await options.db.exec(referralsProjectionSchema(REFERRALS_SCHEMA));
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: REFERRALS_SCHEMA,
    consumer: options.consumer ?? 'referrals.identity-projection',
    topics: [options.topic ?? IDENTITY_TOPIC],
    handlers,
  });
}

/** Sign-ups attributed to a referral code, oldest first. */
export async function referredUsers(db: SqlDatabase, referralCode: string) {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM ${REFERRALS_SCHEMA}.referred_users WHERE referral_code = $1 ORDER BY registered_at, user_id`,
    [referralCode],
  );
  return rows.map((row) => row.user_id);
}
