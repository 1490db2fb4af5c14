// Pages: what every route is called. The remotes' logged-in page lists are here in common
// (producerPages.tsx, artistPages.tsx), the shell's own in the shell; the shell builds the side menu
// and the top bar from those lists. The public pages are the shell's and are listed here.
import type { ReactNode } from 'react';

export type PageOwner = 'shell' | 'producer' | 'artist';

/** Side-menu groups of the artist-side spec §2 (the shell gives them labels and icons). */
export type MenuGroup = 'marketplace' | 'payouts' | 'subscriptions';

export interface MenuPlacement {
  /** Position in the side menu: top-level entries and groups sort by it; inside a group too. */
  order: number;
  group?: MenuGroup;
  /** The menu's wording when it differs from the title (Subscriptions → Producer). */
  label?: string;
  icon?: ReactNode;
}

export interface PageInfo {
  /** Route path. For logged-in pages: relative to /user ('' is the dashboard at /user itself). */
  path: string;
  title: string;
  description: string;
  owner: PageOwner;
  /** Where the page sits in the logged-in side menu; pages without it are reached otherwise. */
  menu?: MenuPlacement;
}

export const USER_BASENAME = '/user';

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

/** Finds the logged-in page among `pages` for a full pathname such as /user/matchlist (or /user). */
export function findUserPage(pages: readonly PageInfo[], pathname: string): PageInfo | undefined {
  if (pathname !== USER_BASENAME && !pathname.startsWith(`${USER_BASENAME}/`)) return undefined;
  const firstSegment = pathname.slice(USER_BASENAME.length).split('/').filter(Boolean)[0] ?? '';
  return pages.find((page) => page.path === firstSegment);
}
