import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';

export type ReferralData = CallAnswer<'beatmatch_referral_data'>;
export type RewardMonth = CallAnswer<'referral_rewards'>['months'][number];

/** A part of the dashboard: loading, its answer, or failed (each card says so on its own). */
export type Part<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/** The browser's zone: the referral months are the user's (the server keeps UTC without one). */
function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const loadCode = async () => (await beatmatchSdk().api.call('beatmatch_get_referral_link')).data;
const loadData = () => beatmatchSdk().api.call('beatmatch_referral_data', { timeZone: browserZone() });
export const loadRewardMonths = async () =>
  (await beatmatchSdk().api.call('referral_rewards', { timeZone: browserZone() })).months;

export function usePart<T>(load: () => Promise<T>): Part<T> {
  const [part, setPart] = useState<Part<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load()
      .then((value) => live && setPart({ status: 'ready', value }))
      .catch(() => live && setPart({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [load]);
  return part;
}

/**
 * The referral dashboard's three calls, asked together: the link (a failure leaves no link, and
 * copying then says the spec's error), the figures, and the months of rewards (Kickback Stats).
 */
export const useReferralDashboard = () => ({
  code: usePart(loadCode),
  data: usePart(loadData),
  months: usePart(loadRewardMonths),
});
