/** The side menu's first level, in the order of the artist-side spec §2: what the shell's tests hold it to. */
export const SPEC_SIDE_MENU = [
  'Upload Beats',
  'Marketplace',
  'Payouts',
  'Subscriptions',
  'Match List',
  'Play History',
  'Ambassador Program',
  'Purchases',
];
