// The producer remote's logged-in pages (routes under /user): titles and descriptions for the top
// bar, and where each sits in the side menu. It lives in common, not in the remote, so the shell
// names the pages and builds the menu before the remote's code loads without importing the remote.
import { CloudUploadOutlined, TeamOutlined, ToolOutlined } from '@ant-design/icons';
import { pagesOf, type PageInfo } from './pages';

const producerPage = pagesOf('producer');

export const producerPages: PageInfo[] = [
  producerPage('', 'Dashboard', 'View stats for your uploaded beats'),
  producerPage('uploadBeats', 'Upload Beats', 'Upload your beats so artists can find them', {
    order: 10,
    icon: <CloudUploadOutlined />,
  }),
  producerPage('manageBeats', 'Manage Beats', 'Edit names, cover art and prices of your beats'),
  producerPage('beatPacks', 'Beat Packs', 'Group beats into packs and share them'),
  producerPage('account', 'Account Settings', 'Your profile, bio and social media'),
  producerPage('payouts', 'Payouts', 'Configure Your Payout', { order: 2, group: 'payouts' }),
  producerPage('beatPayouts', '$BEAT Payouts', 'Receive part of your earnings in $BEAT', {
    order: 1,
    group: 'payouts',
  }),
  producerPage('payoutsHistory', 'Payouts History', 'See the payouts you have received', {
    order: 3,
    group: 'payouts',
  }),
  producerPage('wallet', 'Your Wallet', 'Funds are paid out every first of the month'),
  producerPage(
    'ambassadorProgram',
    'Ambassador Program',
    'Share your link and earn with every sub-affiliate',
    { order: 70, icon: <TeamOutlined /> },
  ),
  producerPage('referralRewards', 'Referral Rewards', 'Rewards earned through your referrals'),
  producerPage('subscriptions', 'Producer Subscriptions', 'Plans for producers', {
    order: 1,
    group: 'subscriptions',
    label: 'Producer',
  }),
  // In the menu of admins only (issue 26); the admin calls are refused to everyone else.
  producerPage('admin', 'Admin', 'Maintenance', { order: 100, icon: <ToolOutlined />, role: 'admin' }),
];
