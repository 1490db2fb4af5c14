import { ApiClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { eventually } from './fixtures/world';

/**
 * Referrals through the shipped app (its own index.ts in the embedded composition): a sign-up with a
 * referral code reaches identity, whose identity.UserReferred lands in referrals' projection. Referrals
 * has no calls yet, so its table is read directly.
 */
const shipped = shippedSystem('referrals');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

it('a sign-up with a referral code is attributed to the code in referrals', async () => {
  const system = shipped.current;
  const visitor = new ApiClient(system.url);
  const user = { username: 'referred1', email: 'referred1@example.com', password: 'correct horse battery' };
  expect((await visitor.post('beatmatch_signup', { ...user, ref: 'FRIEND42' })).status).toBe(200);
  const attributed = async () =>
    (
      await system.db.query<{ referral_code: string }>(
        `SELECT r.referral_code FROM referrals.referred_users r
           JOIN identity.users u ON u.user_id::text = r.user_id WHERE u.username = $1`,
        [user.username],
      )
    ).rows;
  const rows = await eventually(
    async () => ((await attributed()).length ? attributed() : undefined),
    30_000,
  ).catch(attributed);
  expect(rows).toEqual([{ referral_code: 'FRIEND42' }]);
});
