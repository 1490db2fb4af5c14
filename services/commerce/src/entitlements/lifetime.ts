import {
  centsToDollars,
  COMMERCE_MESSAGES,
  LIFETIME_PRICE_CENTS,
  type LifetimeCheckoutAnswer,
  type MemberType,
} from '@beatmatch/contracts';
import { DomainError, handleCommand, HttpProblem, type SqlExecutor } from '@beatmatch/platform';
import { membershipPublication } from '../integration/publish';
import { membershipDecider } from './businessLogic';
import { membershipStream } from './membership';
import { membershipOf } from './readModel';
import { customerEmail, pagePath, type SignedIn, type SubscriptionDeps } from './subscriptions';

/**
 * The lifetime membership, 'The Deal of A Lifetime' (artist-side spec §2 Subscription pages, §6
 * 'Lifetime member: lifetime view, pays no service fee'): one payment of LIFETIME_PRICE_CENTS through
 * the payments port. create_lifetime_checkout opens the session; the membership starts only when the
 * verified webhook of that session arrives (./billing.ts hands it to `lifetimePaid`), once.
 */
export const lifetimeSessionsSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.lifetime_sessions (
    session_id text PRIMARY KEY,
    user_id text NOT NULL,
    member_type text NOT NULL,
    amount_cents integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  -- Where the session is paid: a second checkout answers the open session again (one at a time).
  ALTER TABLE ${s}.lifetime_sessions ADD COLUMN IF NOT EXISTS url text;`;

export interface LifetimeSession {
  session_id: string;
  user_id: string;
  member_type: MemberType;
  amount_cents: number;
}

export async function lifetimeSession(db: SqlExecutor, s: string, sessionId: string) {
  const { rows } = await db.query<LifetimeSession>(
    `SELECT session_id, user_id, member_type, amount_cents FROM ${s}.lifetime_sessions WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/**
 * The verified payment of a lifetime session: the member is a lifer from now on (idempotent: a
 * second delivery changes nothing). A paid amount other than the session's is refused, as for orders.
 */
export async function lifetimePaid(
  deps: SubscriptionDeps,
  session: LifetimeSession,
  reference: string,
  amountCents: number | null,
) {
  if (amountCents !== null && amountCents !== session.amount_cents)
    throw new DomainError('amount_mismatch', `Paid ${amountCents}, expected ${session.amount_cents}.`, 409);
  const { newState } = await handleCommand(
    deps.store,
    membershipStream(session.user_id),
    membershipDecider,
    { type: 'lifetime', reference, amountCents: session.amount_cents, now: deps.clock() },
    { publish: membershipPublication },
  );
  // A lifer's second payment: given back (the same refund however often the event is delivered).
  if (newState.refundedPayments.includes(reference))
    await deps.payments.refundPayment({
      paymentRef: reference,
      amountCents: session.amount_cents,
      idempotencyKey: `duplicate-lifetime-${reference}`,
      metadata: { kind: 'duplicate', reason: 'already_lifetime', userId: session.user_id },
    });
}

/** create_lifetime_checkout: the payment session of the lifetime membership (not for a lifer). */
export async function openLifetimeCheckout(
  deps: SubscriptionDeps,
  caller: SignedIn,
  type: MemberType,
): Promise<LifetimeCheckoutAnswer> {
  const { db, schema: s } = deps;
  const { userId } = caller;
  if ((await membershipOf(db, s, userId)).lifer)
    throw new HttpProblem(409, COMMERCE_MESSAGES.alreadyLifetime, 'already_lifetime');
  const open = await openLifetimeSession(db, s, userId);
  if (open) return open;
  const base = deps.publicUrl().replace(/\/$/, '');
  const { customerId } = await deps.payments.createCustomer({ userId, email: customerEmail(caller) });
  const session = await deps.payments.createCheckoutSession({
    customerId,
    currency: 'usd',
    lineItems: [
      {
        name: 'Lifetime Membership (The Deal of A Lifetime)',
        unitAmountCents: LIFETIME_PRICE_CENTS,
        quantity: 1,
      },
    ],
    // The test provider's "hosted page" is the app's card form at its success URL.
    successUrl:
      deps.payments.provider === 'test'
        ? `${base}/checkout?plan=lifetime`
        : `${base}${pagePath(type)}?redirect_status=succeeded`,
    cancelUrl: `${base}${pagePath(type)}`,
    metadata: { kind: 'lifetime', userId },
  });
  await db.query(
    `INSERT INTO ${s}.lifetime_sessions (session_id, user_id, member_type, amount_cents, url)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (session_id) DO NOTHING`,
    [session.sessionId, userId, type, LIFETIME_PRICE_CENTS, session.url],
  );
  // Two checkouts at once both get the first session (the other one is never shown).
  return (await openLifetimeSession(db, s, userId))!;
}

/**
 * The member's open lifetime session: the first one opened in the last 23 hours (Stripe's sessions
 * expire after 24), or null. One at a time, so a member can not pay the membership twice by opening
 * two checkouts; a payment that still arrives twice is given back (`lifetimePaid`).
 */
async function openLifetimeSession(
  db: SqlExecutor,
  s: string,
  userId: string,
): Promise<LifetimeCheckoutAnswer | null> {
  const { rows } = await db.query<{ session_id: string; url: string; amount_cents: number }>(
    `SELECT session_id, url, amount_cents FROM ${s}.lifetime_sessions
      WHERE user_id = $1 AND url IS NOT NULL AND created_at > now() - interval '23 hours'
      ORDER BY created_at, session_id LIMIT 1`,
    [userId],
  );
  const row = rows[0];
  return row ? { url: row.url, sessionId: row.session_id, amount: centsToDollars(row.amount_cents) } : null;
}
