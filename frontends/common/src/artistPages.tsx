// The artist remote's logged-in pages (routes under /user): titles and descriptions for the top bar,
// and where each sits in the side menu. It lives in common, not in the remote, so the shell names
// the pages and builds the menu before the remote's code loads without importing the remote.
import { HeartOutlined, HistoryOutlined, ShoppingOutlined } from '@ant-design/icons';
import { pagesOf, type PageInfo } from './pages';

const artistPage = pagesOf('artist');

export const artistPages: PageInfo[] = [
  artistPage('matchmaker', 'The Matchmaker', 'Listen to beats, choose Pass or Match', {
    order: 1,
    group: 'marketplace',
  }),
  artistPage('textSearch', 'Text Search', "Describe what's on your mind and find beats", {
    order: 2,
    group: 'marketplace',
  }),
  artistPage('youtubeSearch', 'YouTube Search', 'Find beats similar to a YouTube track', {
    order: 3,
    group: 'marketplace',
  }),
  artistPage('spotifySearch', 'Spotify Search', 'Find beats similar to a Spotify track', {
    order: 4,
    group: 'marketplace',
  }),
  artistPage('mySoundAnalyzer', 'My Sound Analyzer', 'Upload your songs and find beats that fit your sound', {
    order: 5,
    group: 'marketplace',
  }),
  artistPage('matchlist', 'Match List', "Listen to the full beats you've matched with", {
    order: 50,
    icon: <HeartOutlined />,
  }),
  artistPage('playhistory', 'Play History', 'The beats you have passed on', {
    order: 60,
    icon: <HistoryOutlined />,
  }),
  artistPage('purchases', 'Purchases', 'Download the beats you have bought', {
    order: 80,
    icon: <ShoppingOutlined />,
  }),
  artistPage('checkout', 'Cart', 'Check out the beats in your cart'),
  artistPage('marketplace_pro', 'Marketplace Pro', 'Plans for artists', {
    order: 2,
    group: 'subscriptions',
    label: 'Artist',
  }),
  // Beat battles (issue 26): listening and voting are the matchmaker's, so the artist remote hosts them
  // (not in the side menu: the spec's menu has no entry for them).
  artistPage('beatBattle', 'Beat Battle', 'Compete with your beats'),
  artistPage('battleground', 'Battleground', 'Vote on the beats in the battle'),
  artistPage('submission', 'Battle Submission', 'Submit a beat to the battle'),
  artistPage('leaderboard', 'Leaderboard', 'The beat battle rankings'),
  artistPage('rules', 'Battle Rules', 'How the beat battle works'),
];
