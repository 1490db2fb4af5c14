// The artist remote's logged-in pages (routes under /user): titles and descriptions for the top bar,
// and where each sits in the side menu. It lives in common, not in the remote, so the shell names
// the pages and builds the menu before the remote's code loads without importing the remote.
import { HeartOutlined, HistoryOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { PageInfo } from './pages';

export const artistPages: PageInfo[] = [
  {
    path: 'matchmaker',
    title: 'The Matchmaker',
    description: 'Listen to beats, choose Pass or Match',
    owner: 'artist',
    menu: { order: 1, group: 'marketplace' },
  },
  {
    path: 'textSearch',
    title: 'Text Search',
    description: "Describe what's on your mind and find beats",
    owner: 'artist',
    menu: { order: 2, group: 'marketplace' },
  },
  {
    path: 'youtubeSearch',
    title: 'YouTube Search',
    description: 'Find beats similar to a YouTube track',
    owner: 'artist',
    menu: { order: 3, group: 'marketplace' },
  },
  {
    path: 'spotifySearch',
    title: 'Spotify Search',
    description: 'Find beats similar to a Spotify track',
    owner: 'artist',
    menu: { order: 4, group: 'marketplace' },
  },
  {
    path: 'mySoundAnalyzer',
    title: 'My Sound Analyzer',
    description: 'Upload your songs and find beats that fit your sound',
    owner: 'artist',
    menu: { order: 5, group: 'marketplace' },
  },
  {
    path: 'matchlist',
    title: 'Match List',
    description: "Listen to the full beats you've matched with",
    owner: 'artist',
    menu: { order: 50, icon: <HeartOutlined /> },
  },
  {
    path: 'playhistory',
    title: 'Play History',
    description: 'The beats you have passed on',
    owner: 'artist',
    menu: { order: 60, icon: <HistoryOutlined /> },
  },
  {
    path: 'purchases',
    title: 'Purchases',
    description: 'Download the beats you have bought',
    owner: 'artist',
    menu: { order: 80, icon: <ShoppingOutlined /> },
  },
  { path: 'checkout', title: 'Cart', description: 'Check out the beats in your cart', owner: 'artist' },
  {
    path: 'marketplace_pro',
    title: 'Marketplace Pro',
    description: 'Plans for artists',
    owner: 'artist',
    menu: { order: 2, group: 'subscriptions', label: 'Artist' },
  },
];
