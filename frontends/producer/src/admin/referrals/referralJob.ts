import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';

/** 'Populate referral total table' (producer-side spec §2): the monthly referral run, by hand. */
export const populateReferralTotalJob = {
  label: 'Populate referral total table',
  confirm: "Run last month's referral run now? Rewards already posted are not posted again.",
  run: async () => {
    const run = await beatmatchSdk().api.call('populate_referral_payouts', {});
    const rewards = `${run.rewards} reward${run.rewards === 1 ? '' : 's'}`;
    return `Referral run ${run.month}: ${run.referrers} referrer${run.referrers === 1 ? '' : 's'} checked, ${rewards} posted, $${run.total}.`;
  },
};
