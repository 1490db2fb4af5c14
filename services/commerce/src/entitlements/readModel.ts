import type { ArtistPlan, MemberType, ProducerPlan } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import { addMonth, type MembershipEvent } from './membership';

/**
 * The memberships read model, written in each append's transaction: a user's plans (member status,
 * the service fee) and which plan a provider bills under a reference (renewal webhooks name only it).
 */
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
    ON CONFLICT (reference) DO NOTHING;
  -- A plan payment's refs (its invoice, charge, payment intent; PayPal's sale) → the payment and whose it
  -- is: refunds and chargebacks name only one of them. Filled as the providers tell of the payment.
  CREATE TABLE IF NOT EXISTS ${s}.plan_payment_refs (
    ref text PRIMARY KEY,
    payment_id text NOT NULL,
    user_id text NOT NULL
  );`;

/** Whose plan the provider bills under a reference, or null. */
export async function planByReference(db: SqlExecutor, s: string, reference: string) {
  const { rows } = await db.query<{ user_id: string; member_type: MemberType }>(
    `SELECT user_id, member_type FROM ${s}.plan_references WHERE reference = $1`,
    [reference],
  );
  return rows[0] ?? null;
}

const known = (refs: Array<string | null | undefined>) => refs.filter((ref): ref is string => !!ref);

/** Keeps the refs a provider gave of a plan's payment (the payment id is one of them). */
export async function recordPaymentRefs(
  db: SqlExecutor,
  s: string,
  payment: { paymentId: string; userId: string },
  refs: Array<string | null | undefined>,
) {
  await db.query(
    `INSERT INTO ${s}.plan_payment_refs (ref, payment_id, user_id)
     SELECT ref, $2, $3 FROM unnest($1::text[]) ref ON CONFLICT (ref) DO NOTHING`,
    [[payment.paymentId, ...known(refs)], payment.paymentId, payment.userId],
  );
}

/** The plan payment one of the refs names, or null (an order's payment, or one commerce never saw). */
export async function planPaymentOf(db: SqlExecutor, s: string, refs: Array<string | null | undefined>) {
  const { rows } = await db.query<{ payment_id: string; user_id: string }>(
    `SELECT payment_id, user_id FROM ${s}.plan_payment_refs WHERE ref = ANY($1::text[]) LIMIT 1`,
    [known(refs)],
  );
  return rows[0] ?? null;
}

/** Each membership event's change of the read model (the user's row exists already). */
const apply: {
  [T in MembershipEvent['type']]: (
    tx: SqlExecutor,
    s: string,
    userId: string,
    data: Extract<MembershipEvent, { type: T }>['data'],
  ) => Promise<unknown>;
} = {
  async PlanStarted(tx, s, userId, data) {
    const type = data.memberType;
    const periodEndsAt = data.periodEndsAt ?? data.trialEndsAt ?? addMonth(new Date(data.at)).toISOString();
    await tx.query(
      `UPDATE ${s}.memberships SET ${type}_plan = $2, ${type}_period_ends_at = $5,
         trial_ends_at = $3, paypal = $4, updated_at = now() WHERE user_id = $1`,
      [userId, data.plan, data.trialEndsAt, data.provider === 'paypal', periodEndsAt],
    );
    await tx.query(
      `INSERT INTO ${s}.plan_references (reference, user_id, member_type) VALUES ($1, $2, $3)
       ON CONFLICT (reference) DO NOTHING`,
      [data.reference, userId, type],
    );
  },
  PlanRenewed: (tx, s, userId, data) =>
    tx.query(
      `UPDATE ${s}.memberships SET ${data.memberType}_plan = $2, ${data.memberType}_period_ends_at = $3,
         updated_at = now() WHERE user_id = $1`,
      [userId, data.plan, data.periodEndsAt],
    ),
  PlanEnded: (tx, s, userId, data) =>
    tx.query(
      `UPDATE ${s}.memberships SET ${data.memberType}_plan = NULL, updated_at = now() WHERE user_id = $1`,
      [userId],
    ),
  PlanCancelled: (tx, s, userId, data) =>
    tx.query(
      `UPDATE ${s}.memberships SET ${data.memberType === 'artist' ? 'artist_plan' : 'producer_plan'} = NULL,
         updated_at = now() WHERE user_id = $1`,
      [userId],
    ),
  // A plan's payments change no plan (a chargeback's PlanCancelled does); their refs: ./planRefunds.ts.
  PlanPaid: () => Promise.resolve(),
  PlanPaymentRefunded: () => Promise.resolve(),
  // A duplicate lifetime payment changes no plan (it is given back).
  LifetimePaymentRefunded: () => Promise.resolve(),
  // A second trial refused starts no plan.
  TrialRefused: () => Promise.resolve(),
  LifetimeBought: (tx, s, userId) =>
    tx.query(`UPDATE ${s}.memberships SET lifer = true, updated_at = now() WHERE user_id = $1`, [userId]),
};

export function membershipProjection(s: string): InlineProjection {
  return {
    name: 'commerce-memberships',
    handles: Object.keys(apply),
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const userId = recorded.streamName.slice('membership:'.length);
        await tx.query(
          `INSERT INTO ${s}.memberships (user_id, updated_at) VALUES ($1, now()) ON CONFLICT (user_id) DO NOTHING`,
          [userId],
        );
        const change = apply[recorded.type as MembershipEvent['type']] as
          ((tx: SqlExecutor, s: string, userId: string, data: unknown) => Promise<unknown>) | undefined;
        await change?.(tx, s, userId, recorded.data);
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
