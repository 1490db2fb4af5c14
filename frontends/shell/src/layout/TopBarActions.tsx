import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popover, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import type { TopBarPopup } from './topBarPopup';

/** The top bar's notifications popup and avatar menu (loaded on first use, opened). */
export default function TopBarActions({
  initiallyOpen,
  avatar,
}: {
  initiallyOpen: TopBarPopup;
  avatar: ReactNode;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [notificationsOpen, setNotificationsOpen] = useState(initiallyOpen === 'notifications');
  const [accountOpen, setAccountOpen] = useState(initiallyOpen === 'account');

  const avatarMenu: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div style={{ color: '#1f1f1f' }}>
          <div style={{ fontWeight: 600 }}>{user?.userName}</div>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{user?.email}</div>
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'producerTools',
      type: 'group',
      label: 'Producer Tools',
      children: [
        { key: '/user', label: 'Dashboard' },
        { key: '/user/beatPacks', label: 'Beat Packs' },
        { key: '/user/manageBeats', label: 'Manage Beats' },
        { key: user ? `/lab/${user.userId}` : '/lab', label: 'Your Store' },
        { key: '/user/ambassadorProgram', label: 'Ambassador Program' },
      ],
    },
    { type: 'divider' },
    { key: '/user/account', icon: <SettingOutlined />, label: 'Account Settings' },
  ];

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        title="Notifications"
        content="Notifications are coming soon."
        open={notificationsOpen}
        onOpenChange={setNotificationsOpen}
      >
        <Button type="text" aria-label="Notifications" icon={<BellOutlined style={{ fontSize: 20 }} />} />
      </Popover>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={accountOpen}
        onOpenChange={setAccountOpen}
        menu={{
          items: avatarMenu,
          onClick: ({ key }) => {
            setAccountOpen(false);
            navigate(key);
          },
        }}
      >
        <Button type="text" aria-label="Account menu" style={{ padding: 0 }}>
          {avatar}
        </Button>
      </Dropdown>
    </>
  );
}
