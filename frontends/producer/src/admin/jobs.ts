import type { AdminJobStatus, CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { populateReferralTotalJob } from './referrals/referralJob';

/**
 * The maintenance page's buttons (producer-side spec §2, in its order). A quick job answers its result
 * line at once (`run`); a long one (`start`) runs in the background on its service, and the page
 * watches its progress until its result line. Every one of them changes data, so each asks first.
 */
export type MaintenanceJob = {
  label: string;
  /** The confirmation asked before the job runs. */
  confirm: string;
} & ({ run: () => Promise<string> } | { start: () => Promise<StartedJob> });

/** A background job: its id and how to ask its progress (the owning service's progress call). */
export interface StartedJob {
  jobId: string;
  progress: (jobId: string) => Promise<AdminJobStatus>;
}

type RunAnswer = CallAnswer<'populate_payouts'>;
const runLine = (verb: string, run: RunAnswer) =>
  `${verb} ${run.month}: ${run.payouts} payout${run.payouts === 1 ? '' : 's'}, $${run.gross} gross, $${run.fee} fees.`;

type TokenCheck = CallAnswer<'correct_remaining_tokens'>;
const journalSays: Record<TokenCheck['journal'], (difference: string) => string> = {
  same: () => ', as the journal says',
  more: (difference) => `, ${difference} $BEAT more than the journal says`,
  less: (difference) => `, ${difference} $BEAT less than the journal says`,
  unknown: () => '; $BEAT was deployed outside Beatmatch, so the journal has no supply to compare with',
};
/** 'Correct remaining tokens': what became of the pending transfers, then the treasury against its journal. */
const tokenCheckLine = (check: TokenCheck) => {
  const outcomes = [
    check.confirmed && `${check.confirmed} confirmed`,
    check.returned &&
      `${check.returned} returned to ${check.returned === 1 ? 'its producer' : 'their producers'}`,
    check.waiting && `${check.waiting} still waiting to be mined`,
  ].filter(Boolean);
  const transfers = check.checked
    ? `Checked ${check.checked} pending transfer${check.checked === 1 ? '' : 's'}: ${outcomes.join(', ')}.`
    : 'No pending transfers.';
  return `${transfers} Treasury holds ${check.held} $BEAT${journalSays[check.journal](check.difference)}.`;
};

const api = () => beatmatchSdk().api;
const catalogProgress = (jobId: string) => api().call('catalog_admin_job', { jobId });
const identityProgress = (jobId: string) => api().call('identity_admin_job', { jobId });
const catalogJob =
  (name: 'fill_beat_tags' | 'move_tracks_to_crate' | 'beatmatch_fill_rankings' | 'add_genres') =>
  async () => ({
    ...(await api().call(name, {})),
    progress: catalogProgress,
  });

export const sendCampaign = async (mail: { subject: string; body: string }): Promise<StartedJob> => ({
  ...(await api().call('send_v3_email', mail)),
  progress: identityProgress,
});

export const maintenanceJobs = (): MaintenanceJob[] => [
  {
    label: 'Correct remaining tokens',
    confirm:
      "Reconcile the pending $BEAT transfers with the chain now and compare the treasury's balance with its journal?",
    run: async () => tokenCheckLine(await api().call('correct_remaining_tokens')),
  },
  {
    label: 'Migrate beats to active crate',
    confirm: "Move every producer's beats to the crate their plan allows?",
    start: catalogJob('move_tracks_to_crate'),
  },
  {
    label: 'Monthly Payouts',
    confirm: "Close last month and compute each producer's payouts?",
    run: async () => runLine('Computed', await api().call('populate_payouts', {})),
  },
  {
    label: 'Pay Payouts',
    confirm: "Send last month's computed payouts to the producers now?",
    run: async () => runLine('Paid', await api().call('pay_payouts', {})),
  },
  {
    label: 'Fill Rankings Table',
    confirm: 'Rank every producer and beat again?',
    start: catalogJob('beatmatch_fill_rankings'),
  },
  {
    label: 'Fill BeatTags',
    confirm: "Re-run DNA tagging over every beat's audio? This takes a while.",
    start: catalogJob('fill_beat_tags'),
  },
  {
    label: 'Fill username urls',
    confirm: 'Give every producer without one a store address?',
    start: async () => ({ ...(await api().call('fill_username_url', {})), progress: identityProgress }),
  },
  {
    label: 'Set Genre Filters',
    confirm: 'Rebuild the genre, subgenre and mood filter lists from the DNA?',
    start: catalogJob('add_genres'),
  },
  populateReferralTotalJob,
];
