import { REFERRALS_TOPIC, rewardEarnedV1, type RewardEarnedPayload } from '@beatmatch/contracts';
import { on, subscribeToContracts, type EventBus, type Logger, type SqlDatabase } from '@beatmatch/platform';
import { accounts, postTransfer, type Transfer } from './ledger';

/*
 * Referral rewards (issue 23): the monthly referral run's `referrals.RewardEarned` credits the user's
 * earnings for the rewarded month, so it is paid with their payouts; a negative reward (a clawback
 * after a refunded subscription payment) takes it back. Posted once per reward id, however often the
 * event arrives.
 */

/** What the platform pays out in referral rewards (the counter side of every reward). */
export const REFERRAL_REWARDS_ACCOUNT = 'platform:referralRewards';

export function referralRewardTransfer(reward: RewardEarnedPayload): Transfer {
  return {
    transferId: `referral:${reward.rewardId}`,
    kind: 'referralReward',
    month: reward.month,
    occurredAt: reward.earnedAt,
    entries: [
      { account: REFERRAL_REWARDS_ACCOUNT, amountCents: -reward.amountCents },
      { account: accounts.earnings(reward.userId), amountCents: reward.amountCents },
    ],
  };
}

export const referralRewardHandlers = (schema: string) => [
  on(rewardEarnedV1, async (event, tx) => {
    await postTransfer(tx, referralRewardTransfer(event.payload), schema);
  }),
];

export function subscribeReferralRewards(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  /** Consumer group and topic (tests use fresh ones). */
  consumer?: string;
  topic?: string;
}) {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'payouts.referralRewards',
    topics: [options.topic ?? REFERRALS_TOPIC],
    handlers: referralRewardHandlers(options.schema),
  });
}
