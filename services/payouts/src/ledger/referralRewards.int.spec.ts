import {
  integrationEvent,
  REFERRALS_TOPIC,
  rewardEarnedV1,
  type RewardEarnedPayload,
} from '@beatmatch/contracts';
import { eventually, payoutsTestbed, type PayoutsTestbed } from '../testing/harness';

/**
 * Issue 23 item 3 on PostgreSQL: the referral run's `referrals.RewardEarned` is credited to the user's
 * earnings for its month (the wallet shows it, the runs pay it), once per reward id however often it is
 * delivered; a clawback (negative reward) takes it back.
 */
let bed: PayoutsTestbed;
beforeAll(async () => {
  bed = await payoutsTestbed('referral_rewards', '2026-12-05T12:00:00Z');
}, 60_000);
afterAll(() => bed?.close());

const reward = (
  rewardId: string,
  kind: RewardEarnedPayload['kind'],
  amountCents: number,
): RewardEarnedPayload => ({
  rewardId,
  userId: 'referrer-1',
  month: '2026-11',
  kind,
  amountCents,
  currency: 'usd',
  earnedAt: '2026-12-01T13:00:00Z',
});

const earned = (payload: RewardEarnedPayload, id?: string) =>
  bed.bus.publish(REFERRALS_TOPIC, [
    {
      key: payload.userId,
      event: integrationEvent(rewardEarnedV1.type, 1, payload, new Date(payload.earnedAt), id),
    },
  ]);

it("credits each reward once to the referrer's earnings, and a clawback takes it back", async () => {
  const payouts = await bed.payouts();
  await payouts.start();
  const wallet = async () => (await bed.post(payouts, '/wallet', {}, { userId: 'referrer-1' })).body;

  const affiliate = reward('referrer-1:2026-11:0:affiliate', 'affiliate', 50);
  await earned(affiliate);
  await earned(affiliate); // redelivered under a new event id: the reward id posts it once
  await earned(reward('referrer-1:2026-11:0:revShare', 'revShare', 80));
  await eventually(async () => expect((await wallet()).available).toBe('1.30'));

  await earned(reward('referrer-1:2026-11:1:revShare', 'revShare', -80));
  await eventually(async () => expect((await wallet()).available).toBe('0.50'));
  const { rows } = await bed.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM ${bed.schema}.ledger_transfers WHERE kind = 'referralReward'`,
  );
  expect(rows[0]!.n).toBe('3');
});
