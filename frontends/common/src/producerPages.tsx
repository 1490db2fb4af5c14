// The producer remote's logged-in pages (routes under /user): titles and descriptions for the top
// bar, and where each sits in the side menu. It lives in common, not in the remote, so the shell
// names the pages and builds the menu before the remote's code loads without importing the remote.
import { CloudUploadOutlined, TeamOutlined } from '@ant-design/icons';
import type { PageInfo } from './pages';

export const producerPages: PageInfo[] = [
  { path: '', title: 'Dashboard', description: 'View stats for your uploaded beats', owner: 'producer' },
  {
    path: 'uploadBeats',
    title: 'Upload Beats',
    description: 'Upload your beats so artists can find them',
    owner: 'producer',
    menu: { order: 10, icon: <CloudUploadOutlined /> },
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
  {
    path: 'payouts',
    title: 'Payouts',
    description: 'Configure Your Payout',
    owner: 'producer',
    menu: { order: 2, group: 'payouts' },
  },
  {
    path: 'beatPayouts',
    title: '$BEAT Payouts',
    description: 'Receive part of your earnings in $BEAT',
    owner: 'producer',
    menu: { order: 1, group: 'payouts' },
  },
  {
    path: 'payoutsHistory',
    title: 'Payouts History',
    description: 'See the payouts you have received',
    owner: 'producer',
    menu: { order: 3, group: 'payouts' },
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
    menu: { order: 70, icon: <TeamOutlined /> },
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
    menu: { order: 1, group: 'subscriptions', label: 'Producer' },
  },
];
