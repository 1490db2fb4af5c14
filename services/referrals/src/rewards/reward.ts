import { integrationEvent, REFERRALS_TOPIC, type RewardEarnedPayload } from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';

/**
 * A referrer's rewards for one month (stream `reward:<userId>:<month>`): each run that finds the rule's
 * amount changed appends what is still owed (or, after a refund, taken back). Appended with the
 * stream's version, so two runs at once post a difference once. Internal to referrals.
 */
export type RewardKind = RewardEarnedPayload['kind'];

export type RewardPosted = {
  type: 'RewardPosted';
  data: {
    rewardId: string;
    userId: string;
    month: string;
    kind: RewardKind;
    amountCents: number;
    /** Active sub-affiliates the rule counted when it was posted. */
    active: number;
    postedAt: string;
  };
};

export const rewardStream = (userId: string, month: string) => `reward:${userId}:${month}`;

/** The reward's id: its stream and position, the same however often a run retries the append. */
export const rewardIdOf = (userId: string, month: string, version: number, kind: RewardKind) =>
  `${userId}:${month}:${version}:${kind}`;

/** Every posted reward is a referrals.RewardEarned: the payouts ledger credits it once per id. */
export const publishRewards = {
  topic: REFERRALS_TOPIC,
  map(events: RewardPosted[]): OutgoingMessage[] {
    return events.map((event) => {
      const { rewardId, userId, month, kind, amountCents, postedAt } = event.data;
      const payload: RewardEarnedPayload = {
        rewardId,
        userId,
        month,
        kind,
        amountCents,
        currency: 'usd',
        earnedAt: postedAt,
      };
      return {
        key: userId,
        event: integrationEvent('referrals.RewardEarned', 1, payload, new Date(postedAt)),
      };
    });
  },
};
