import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';

/**
 * The maintenance page's buttons (producer-side spec §2, in its order). A button backed by a real job
 * runs it; any other says plainly what is missing instead of pretending (issue 26 item 2).
 */
export interface MaintenanceJob {
  label: string;
  /** The confirmation asked before a job that changes data. */
  confirm?: string;
  run?: () => Promise<string>;
  /** What is missing for a button without a job yet, and where it is tracked. */
  missing?: string;
}

type RunAnswer = CallAnswer<'populate_payouts'>;
const runLine = (verb: string, run: RunAnswer) =>
  `${verb} ${run.month}: ${run.payouts} payout${run.payouts === 1 ? '' : 's'}, $${run.gross} gross, $${run.fee} fees.`;

const notYet = (what: string) => `Not available yet: ${what} (issue 26, maintenance page).`;

export const maintenanceJobs = (): MaintenanceJob[] => [
  { label: 'Correct remaining tokens', missing: notYet('no $BEAT token correction job exists') },
  { label: 'Migrate beats to active crate', missing: notYet('the catalog has no crate migration job') },
  {
    label: 'Monthly Payouts',
    confirm: "Close last month and compute each producer's payouts?",
    run: async () => runLine('Computed', await beatmatchSdk().api.call('populate_payouts', {})),
  },
  {
    label: 'Pay Payouts',
    confirm: "Send last month's computed payouts to the producers now?",
    run: async () => runLine('Paid', await beatmatchSdk().api.call('pay_payouts', {})),
  },
  { label: 'Fill Rankings Table', missing: notYet('no producer and beat rankings job exists') },
  { label: 'Fill BeatTags', missing: notYet('no resumable DNA re-tagging job exists') },
  { label: 'send V3 email', missing: notYet('no campaign mail with a working unsubscribe link exists') },
  { label: 'Fill username urls', missing: notYet('no store slug job exists') },
  { label: 'Set Genre Filters', missing: notYet('no genre filter rebuild job exists') },
  { label: 'Remove Inactive Beats', missing: notYet('no inactive-beat removal toggle exists') },
  {
    label: 'Populate referral total table',
    missing: 'Not available yet: the referral run arrives with the referrals issue (issue 23).',
  },
  {
    label: 'Download e-mail CSV',
    missing: notYet('emailCsv (only users who agreed to mail) is not served: identity keeps no mail consent'),
  },
];
