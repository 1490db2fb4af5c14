// The page catalogue: every route of the specs (artist-side §2, producer-side §2) with the title and
// description the top bar shows and the app that owns it. Shell, producer and artist all read it, so a
// page's name is written once.

export type PageOwner = 'shell' | 'producer' | 'artist';

export interface PageInfo {
  /** Route path. For logged-in pages: relative to /user ('' is the dashboard at /user itself). */
  path: string;
  title: string;
  description: string;
  owner: PageOwner;
}

export const USER_BASENAME = '/user';

export const userPages: PageInfo[] = [
  { path: '', title: 'Dashboard', description: 'View stats for your uploaded beats', owner: 'producer' },
  {
    path: 'uploadBeats',
    title: 'Upload Beats',
    description: 'Upload your beats so artists can find them',
    owner: 'producer',
  },
  {
    path: 'manageBeats',
    title: 'Manage Beats',
    description: 'Edit names, cover art and prices of your beats',
    owner: 'producer',
  },
  {
    path: 'beatPacks',
    title: 'Beat Packs',
    description: 'Group beats into packs and share them',
    owner: 'producer',
  },
  { path: 'payouts', title: 'Payouts', description: 'Configure Your Payout', owner: 'producer' },
  {
    path: 'beatPayouts',
    title: '$BEAT Payouts',
    description: 'Receive part of your earnings in $BEAT',
    owner: 'producer',
  },
  {
    path: 'payoutsHistory',
    title: 'Payouts History',
    description: 'See the payouts you have received',
    owner: 'producer',
  },
  {
    path: 'wallet',
    title: 'Your Wallet',
    description: 'Funds are paid out every first of the month',
    owner: 'producer',
  },
  {
    path: 'ambassadorProgram',
    title: 'Ambassador Program',
    description: 'Share your link and earn with every sub-affiliate',
    owner: 'producer',
  },
  {
    path: 'referralRewards',
    title: 'Referral Rewards',
    description: 'Rewards earned through your referrals',
    owner: 'producer',
  },
  {
    path: 'subscriptions',
    title: 'Producer Subscriptions',
    description: 'Plans for producers',
    owner: 'producer',
  },
  {
    path: 'matchmaker',
    title: 'The Matchmaker',
    description: 'Listen to beats, choose Pass or Match',
    owner: 'artist',
  },
  {
    path: 'textSearch',
    title: 'Text Search',
    description: "Describe what's on your mind and find beats",
    owner: 'artist',
  },
  {
    path: 'youtubeSearch',
    title: 'YouTube Search',
    description: 'Find beats similar to a YouTube track',
    owner: 'artist',
  },
  {
    path: 'spotifySearch',
    title: 'Spotify Search',
    description: 'Find beats similar to a Spotify track',
    owner: 'artist',
  },
  {
    path: 'mySoundAnalyzer',
    title: 'My Sound Analyzer',
    description: 'Upload your songs and find beats that fit your sound',
    owner: 'artist',
  },
  {
    path: 'matchlist',
    title: 'Match List',
    description: "Listen to the full beats you've matched with",
    owner: 'artist',
  },
  {
    path: 'playhistory',
    title: 'Play History',
    description: 'The beats you have passed on',
    owner: 'artist',
  },
  {
    path: 'purchases',
    title: 'Purchases',
    description: 'Download the beats you have bought',
    owner: 'artist',
  },
  { path: 'checkout', title: 'Cart', description: 'Check out the beats in your cart', owner: 'artist' },
  { path: 'marketplace_pro', title: 'Marketplace Pro', description: 'Plans for artists', owner: 'artist' },
  {
    path: 'lifetimeMembership',
    title: 'The Deal of A Lifetime',
    description: 'Lifetime membership',
    owner: 'shell',
  },
  {
    path: 'account',
    title: 'Account Settings',
    description: 'Your profile, bio and social media',
    owner: 'shell',
  },
  { path: 'faq', title: 'FAQ', description: 'Frequently asked questions', owner: 'shell' },
  { path: 'admin', title: 'Admin', description: 'Maintenance', owner: 'shell' },
  { path: 'beatBattle', title: 'Beat Battle', description: 'Compete with your beats', owner: 'shell' },
  {
    path: 'battleground',
    title: 'Battleground',
    description: 'Vote on the beats in the battle',
    owner: 'shell',
  },
  {
    path: 'submission',
    title: 'Battle Submission',
    description: 'Submit a beat to the battle',
    owner: 'shell',
  },
  { path: 'leaderboard', title: 'Leaderboard', description: 'The beat battle rankings', owner: 'shell' },
  { path: 'rules', title: 'Battle Rules', description: 'How the beat battle works', owner: 'shell' },
];

/** Public pages other than the landing page and the auth screens (shell-owned). */
export const publicPages: PageInfo[] = [
  {
    path: '/producers',
    title: 'For Producers',
    description: 'Sell your beats with no commission',
    owner: 'shell',
  },
  { path: '/artists', title: 'For Artists', description: 'Find your next hit', owner: 'shell' },
  { path: '/ambassadors', title: 'Ambassadors', description: 'Our official ambassadors', owner: 'shell' },
  { path: '/about', title: 'About', description: 'Our mission, purpose and team', owner: 'shell' },
  { path: '/kickstarter', title: 'Kickstarter', description: 'Back the project', owner: 'shell' },
  { path: '/beat', title: '$BEAT', description: 'The $BEAT token', owner: 'shell' },
  {
    path: '/pioneers',
    title: 'Pioneers',
    description: 'The producers who helped reach 10,000 beat uploads',
    owner: 'shell',
  },
  { path: '/findBeats', title: 'Find Beats', description: 'Find beats for your next song', owner: 'shell' },
  { path: '/sellBeats', title: 'Sell Beats', description: 'Sell your beats to artists', owner: 'shell' },
  {
    path: '/matchmaker',
    title: 'The Matchmaker',
    description: 'Listen to beats, choose Pass or Match',
    owner: 'shell',
  },
  {
    path: '/textSearch',
    title: 'Text Search',
    description: "Describe what's on your mind and find beats",
    owner: 'shell',
  },
  {
    path: '/matchList',
    title: 'Match List',
    description: "Listen to the full beats you've matched with",
    owner: 'shell',
  },
  {
    path: '/playHistory',
    title: 'Play History',
    description: 'The beats you have passed on',
    owner: 'shell',
  },
  {
    path: '/youtubeSearch',
    title: 'YouTube Search',
    description: 'Find beats similar to a YouTube track',
    owner: 'shell',
  },
  {
    path: '/spotifySearch',
    title: 'Spotify Search',
    description: 'Find beats similar to a Spotify track',
    owner: 'shell',
  },
  {
    path: '/mySoundAnalyzer',
    title: 'My Sound Analyzer',
    description: 'Find beats that fit your sound',
    owner: 'shell',
  },
  { path: '/checkout', title: 'Cart', description: 'Check out the beats in your cart', owner: 'shell' },
  { path: '/purchase', title: 'Thank You', description: 'Your purchase', owner: 'shell' },
  { path: '/lab/:userId', title: 'Store', description: "A producer's store", owner: 'shell' },
  { path: '/packs', title: 'Your Beat Packs', description: 'Beat packs shared with you', owner: 'shell' },
  { path: '/policies', title: 'Policies', description: 'Our legal documents', owner: 'shell' },
  {
    path: '/policies/acceptable',
    title: 'Acceptable Use',
    description: 'Acceptable use policy',
    owner: 'shell',
  },
  { path: '/policies/cookies', title: 'Cookies', description: 'Cookie policy', owner: 'shell' },
  { path: '/policies/disclaimer', title: 'Disclaimer', description: 'Disclaimer', owner: 'shell' },
  { path: '/policies/dmca', title: 'DMCA', description: 'DMCA policy', owner: 'shell' },
  { path: '/policies/privacy', title: 'Privacy Policy', description: 'Privacy policy', owner: 'shell' },
  { path: '/policies/refund', title: 'Refund Policy', description: 'Refund policy', owner: 'shell' },
  { path: '/policies/terms', title: 'Terms', description: 'Terms of use', owner: 'shell' },
  {
    path: '/policies/nonExclusive',
    title: 'Non Exclusive Contract',
    description: 'The non-exclusive licence',
    owner: 'shell',
  },
  {
    path: '/policies/nonexclusive',
    title: 'Non Exclusive Contract',
    description: 'The non-exclusive licence',
    owner: 'shell',
  },
  { path: '/help/contact', title: 'Contact Us', description: 'Send us a message', owner: 'shell' },
  { path: '/help/faq', title: 'FAQ', description: 'Frequently asked questions', owner: 'shell' },
  { path: '/help/new', title: "What's New", description: 'Release notes', owner: 'shell' },
];

export function userPagesOf(owner: PageOwner): PageInfo[] {
  return userPages.filter((page) => page.owner === owner);
}

/** Finds the logged-in page for a full pathname such as /user/matchlist (or /user). */
export function findUserPage(pathname: string): PageInfo | undefined {
  if (pathname !== USER_BASENAME && !pathname.startsWith(`${USER_BASENAME}/`)) return undefined;
  const firstSegment = pathname.slice(USER_BASENAME.length).split('/').filter(Boolean)[0] ?? '';
  return userPages.find((page) => page.path === firstSegment);
}
