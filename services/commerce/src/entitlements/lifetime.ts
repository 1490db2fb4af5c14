import {
  centsToDollars,
  COMMERCE_MESSAGES,
  LIFETIME_PRICE_CENTS,
  type LifetimeCheckoutAnswer,
  type MemberType,
} from '@beatmatch/contracts';
import { DomainError, HttpProblem, type SqlExecutor } from '@beatmatch/platform';
import { changeMembership } from './commands';
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
  );`;

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
  await changeMembership(deps, session.user_id, {
    type: 'lifetime',
    reference,
    amountCents: session.amount_cents,
    now: deps.clock(),
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
    `INSERT INTO ${s}.lifetime_sessions (session_id, user_id, member_type, amount_cents)
     VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO NOTHING`,
    [session.sessionId, userId, type, LIFETIME_PRICE_CENTS],
  );
  return { url: session.url, sessionId: session.sessionId, amount: centsToDollars(LIFETIME_PRICE_CENTS) };
}
