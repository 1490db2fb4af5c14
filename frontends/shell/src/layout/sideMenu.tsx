import {
  CloudUploadOutlined,
  CrownOutlined,
  DollarOutlined,
  HeartOutlined,
  HistoryOutlined,
  ShoppingOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';

type MenuItem = Required<MenuProps>['items'][number];

const link = (to: string, label: string, icon?: React.ReactNode): MenuItem => ({
  key: to,
  icon,
  label: <Link to={to}>{label}</Link>,
});

/** The logged-in side menu, exactly as the artist-side spec §2 lists it. */
export const SIDE_MENU_ITEMS: MenuItem[] = [
  link('/user/uploadBeats', 'Upload Beats', <CloudUploadOutlined />),
  {
    key: 'marketplace',
    label: 'Marketplace',
    icon: <ShopOutlined />,
    children: [
      link('/user/matchmaker', 'The Matchmaker'),
      link('/user/textSearch', 'Text Search'),
      link('/user/youtubeSearch', 'YouTube Search'),
      link('/user/spotifySearch', 'Spotify Search'),
      link('/user/mySoundAnalyzer', 'My Sound Analyzer'),
    ],
  },
  {
    key: 'payouts',
    label: 'Payouts',
    icon: <DollarOutlined />,
    children: [
      link('/user/beatPayouts', '$BEAT Payouts'),
      link('/user/payouts', 'Payouts'),
      link('/user/payoutsHistory', 'Payouts History'),
    ],
  },
  {
    key: 'subscriptions',
    label: 'Subscriptions',
    icon: <CrownOutlined />,
    children: [link('/user/subscriptions', 'Producer'), link('/user/marketplace_pro', 'Artist')],
  },
  link('/user/matchlist', 'Match List', <HeartOutlined />),
  link('/user/playhistory', 'Play History', <HistoryOutlined />),
  link('/user/ambassadorProgram', 'Ambassador Program', <TeamOutlined />),
  link('/user/purchases', 'Purchases', <ShoppingOutlined />),
];

export const SIDE_MENU_GROUP_OF: Record<string, string> = {
  '/user/matchmaker': 'marketplace',
  '/user/textSearch': 'marketplace',
  '/user/youtubeSearch': 'marketplace',
  '/user/spotifySearch': 'marketplace',
  '/user/mySoundAnalyzer': 'marketplace',
  '/user/beatPayouts': 'payouts',
  '/user/payouts': 'payouts',
  '/user/payoutsHistory': 'payouts',
  '/user/subscriptions': 'subscriptions',
  '/user/marketplace_pro': 'subscriptions',
};

export const SIDE_MENU_FOOTER_LINKS = [
  { to: '/help/contact', label: 'Contact' },
  { to: '/policies', label: 'Policies' },
  { to: '/help/faq', label: 'FAQ' },
  { to: '/pioneers', label: 'Pioneers' },
];

export const VERSION_LABEL = 'PHASE 4.7';
