import { integrationEvent, REFERRALS_TOPIC, type ReferralConfirmedPayload } from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import type { MemberEvent } from '../referrals/member';

/*
 * Domain → integration: other services learn only confirmed referrals (commerce's ambassador trial).
 * Codes and refusals stay in referrals. Keyed by the referred user so a user's events stay in order.
 */
export const publishMemberEvents = {
  topic: REFERRALS_TOPIC,
  map(events: MemberEvent[]): OutgoingMessage[] {
    return events.flatMap((event) => {
      if (event.type !== 'ReferralConfirmed') return [];
      const { userId, referrerId, code, confirmedAt } = event.data;
      const payload: ReferralConfirmedPayload = { userId, referrerId, referralCode: code, confirmedAt };
      return [
        {
          key: userId,
          event: integrationEvent('referrals.ReferralConfirmed', 1, payload, new Date(confirmedAt)),
        },
      ];
    });
  },
};
