import { referralLinkPath } from '@beatmatch/contracts';
import { signedInClient, type ApiClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { eventually } from './fixtures/world';

/**
 * Referrals through the shipped app (its own index.ts in the embedded composition): every user has a
 * code (beatmatch_get_referral_link); a visitor who signs up with it is attributed in referrals and
 * commerce then gives the ambassador's 14-day trial; a made-up `ref` attributes nobody and gets no
 * trial, whatever the client asks for.
 */
const shipped = shippedSystem('referrals');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

async function ambassadorTrialDays(client: ApiClient) {
  const system = shipped.current;
  const checkout = await client.post<{ sessionId: string }>('create_subscription_checkout', {
    type: 'producer',
    plan: 'producer',
    ambassadorTrial: true,
  });
  expect(checkout.status).toBe(200);
  const { rows } = await system.db.query<{ trial_days: number }>(
    'SELECT trial_days FROM commerce.subscription_sessions WHERE session_id = $1',
    [checkout.body.sessionId],
  );
  return rows[0]!.trial_days;
}

const referrerOf = async (email: string) =>
  (
    await shipped.current.db.query<{ referrer_id: string }>(
      `SELECT r.referrer_id FROM referrals.attributions r
         JOIN identity.users u ON u.user_id::text = r.user_id WHERE u.email = $1`,
      [email],
    )
  ).rows[0]?.referrer_id;

const confirmedInCommerce = async (email: string) =>
  (
    await shipped.current.db.query(
      `SELECT 1 FROM commerce.confirmed_referrals c
         JOIN identity.users u ON u.user_id::text = c.user_id WHERE u.email = $1`,
      [email],
    )
  ).rows.length > 0;

it('a real code attributes the sign-up and opens the 14-day trial; a bogus ref gets neither', async () => {
  const system = shipped.current;
  const ambassador = await signedInClient(system, 'ambassador1');
  const link = await eventually(async () => {
    const answer = await ambassador.post<{ data: string | null }>('beatmatch_get_referral_link');
    return answer.body.data ?? undefined;
  }, 30_000);
  expect(referralLinkPath(link)).toBe(`/signup?ref=${link}`);

  const bogus = await signedInClient(system, 'bogusref1', 'prod', 'ANYTHING-BOGUS');
  const referred = await signedInClient(system, 'referred1', 'prod', link);
  await eventually(async () => ((await confirmedInCommerce(referred.email)) ? true : undefined), 30_000);

  const { rows } = await system.db.query<{ user_id: string }>(
    'SELECT user_id::text FROM identity.users WHERE email = $1',
    [ambassador.email],
  );
  expect(await referrerOf(referred.email)).toBe(rows[0]!.user_id);
  expect(await ambassadorTrialDays(referred)).toBe(14);

  expect(await referrerOf(bogus.email)).toBeUndefined();
  expect(await confirmedInCommerce(bogus.email)).toBe(false);
  expect(await ambassadorTrialDays(bogus)).toBe(0);
}, 180_000);
