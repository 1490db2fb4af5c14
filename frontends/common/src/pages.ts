// Pages: what every route is called. The remotes' logged-in page lists are here in common
// (producerPages.tsx, artistPages.tsx), the shell's own in the shell; the shell builds the side menu
// and the top bar from those lists. The public pages are the shell's and are listed here.
import type { Role } from '@beatmatch/contracts';
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
  /** Shown only to users holding this role (the admin page); the calls behind it check it again. */
  role?: Role;
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

/** The page-list entry builder of one owner: each list entry is then one call. */
export const pagesOf =
  (owner: PageOwner) =>
  (path: string, title: string, description: string, menu?: MenuPlacement): PageInfo =>
    menu ? { path, title, description, owner, menu } : { path, title, description, owner };

const shellPage = pagesOf('shell');

/** Public pages other than the landing page and the auth screens (shell-owned). */
export const publicPages: PageInfo[] = [
  shellPage('/producers', 'For Producers', 'Sell your beats with no commission'),
  shellPage('/artists', 'For Artists', 'Find your next hit'),
  shellPage('/ambassadors', 'Ambassadors', 'Our official ambassadors'),
  shellPage('/about', 'About', 'Our mission, purpose and team'),
  shellPage('/kickstarter', 'Kickstarter', 'Back the project'),
  shellPage('/beat', '$BEAT', 'The $BEAT token'),
  shellPage('/pioneers', 'Pioneers', 'The producers who helped reach 10,000 beat uploads'),
  shellPage('/findBeats', 'Find Beats', 'Find beats for your next song'),
  shellPage('/sellBeats', 'Sell Beats', 'Sell your beats to artists'),
  shellPage('/matchmaker', 'The Matchmaker', 'Listen to beats, choose Pass or Match'),
  shellPage('/textSearch', 'Text Search', "Describe what's on your mind and find beats"),
  shellPage('/matchList', 'Match List', "Listen to the full beats you've matched with"),
  shellPage('/playHistory', 'Play History', 'The beats you have passed on'),
  shellPage('/youtubeSearch', 'YouTube Search', 'Find beats similar to a YouTube track'),
  shellPage('/spotifySearch', 'Spotify Search', 'Find beats similar to a Spotify track'),
  shellPage('/mySoundAnalyzer', 'My Sound Analyzer', 'Find beats that fit your sound'),
  shellPage('/checkout', 'Cart', 'Check out the beats in your cart'),
  shellPage('/purchase', 'Thank You', 'Your purchase'),
  shellPage('/lab/:userId', 'Store', "A producer's store"),
  shellPage('/packs', 'Your Beat Packs', 'Beat packs shared with you'),
  shellPage('/policies', 'Policies', 'Our legal documents'),
  shellPage('/policies/acceptable', 'Acceptable Use', 'Acceptable use policy'),
  shellPage('/policies/cookies', 'Cookies', 'Cookie policy'),
  shellPage('/policies/disclaimer', 'Disclaimer', 'Disclaimer'),
  shellPage('/policies/dmca', 'DMCA', 'DMCA policy'),
  shellPage('/policies/privacy', 'Privacy Policy', 'Privacy policy'),
  shellPage('/policies/refund', 'Refund Policy', 'Refund policy'),
  shellPage('/policies/terms', 'Terms', 'Terms of use'),
  shellPage('/policies/nonExclusive', 'Non Exclusive Contract', 'The non-exclusive licence'),
  shellPage('/policies/nonexclusive', 'Non Exclusive Contract', 'The non-exclusive licence'),
  shellPage('/help/contact', 'Contact Us', 'Send us a message'),
  shellPage('/help/faq', 'FAQ', 'Frequently asked questions'),
  shellPage('/help/new', "What's New", 'Release notes'),
];

/** Finds the logged-in page among `pages` for a full pathname such as /user/matchlist (or /user). */
export function findUserPage(pages: readonly PageInfo[], pathname: string): PageInfo | undefined {
  if (pathname !== USER_BASENAME && !pathname.startsWith(`${USER_BASENAME}/`)) return undefined;
  const firstSegment = pathname.slice(USER_BASENAME.length).split('/').filter(Boolean)[0] ?? '';
  return pages.find((page) => page.path === firstSegment);
}
