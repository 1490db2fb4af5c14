// The payout pages' messages (producer-side spec §8) and how money and dates are shown.

export const PAYOUT_MESSAGES = {
  load: 'Failed to retrieve your payout information. Please try again.',
  save: 'Cannot save your wallet information. Please try again.',
  remove: 'Cannot remove your wallet. Please try again.',
  saved: 'Your payout split is set up.',
} as const;

/** '12.50' → '$12.50', '-3.00' → '-$3.00'. */
export const shownDollars = (dollars: string) =>
  dollars.startsWith('-') ? `-$${dollars.slice(1)}` : `$${dollars}`;

/** '2026-04-15' → 'April 15, 2026' (UTC: a payout date is a calendar day). */
export const shownDate = (isoDate: string) =>
  new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** '2026-03' → 'March 2026'. */
export const shownMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
