import {
  BellOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Badge,
  Button,
  Drawer,
  Dropdown,
  Flex,
  Layout,
  Menu,
  Popover,
  Spin,
  Tooltip,
  Typography,
  type MenuProps,
} from 'antd';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { findPage } from '../catalogue';
import { useSession } from '../session/SessionContext';
import { redirectPath } from '../session/storage';
import { layoutMode, navOpenByDefault, useWindowWidth } from './layoutMode';
import { Logo } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';
import { SIDE_MENU_FOOTER_LINKS, SIDE_MENU_GROUP_OF, SIDE_MENU_ITEMS, VERSION_LABEL } from './sideMenu';
import { useCartCount } from './useCartCount';

const SIDER_WIDTH = 248;
const SIDER_ICON_WIDTH = 72;

function SideNavigation({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { logout } = useSession();
  const group = SIDE_MENU_GROUP_OF[pathname];
  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ padding: collapsed ? '16px 20px' : '16px 24px' }}>
        <Logo compact={collapsed} />
      </div>
      <nav aria-label="Side menu" style={{ flex: 1, overflowY: 'auto' }}>
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={[pathname]}
          defaultOpenKeys={group ? [group] : ['marketplace']}
          items={SIDE_MENU_ITEMS}
          onClick={onNavigate}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
      <footer style={{ padding: collapsed ? '12px 8px' : '12px 24px', borderTop: '1px solid #f0f0f0' }}>
        <Button
          block
          aria-label="Logout"
          icon={<LogoutOutlined />}
          onClick={async () => {
            await logout();
            navigate('/login');
          }}
        >
          {collapsed ? null : 'Logout'}
        </Button>
        {collapsed ? (
          // Icon mode keeps every footer link, as an icon with its name on hover and for screen readers.
          <Flex vertical align="center" gap={2} style={{ marginTop: 8 }}>
            {SIDE_MENU_FOOTER_LINKS.map((footerLink) => (
              <Tooltip key={footerLink.to} title={footerLink.label} placement="right">
                <Link to={footerLink.to} aria-label={footerLink.label} className="footer-icon-link">
                  {footerLink.icon}
                </Link>
              </Tooltip>
            ))}
          </Flex>
        ) : (
          <Flex wrap gap="4px 12px" style={{ marginTop: 12, fontSize: 12 }}>
            {SIDE_MENU_FOOTER_LINKS.filter((footerLink) => footerLink.to !== '/user/whatsNew').map(
              (footerLink) => (
                <Link key={footerLink.to} to={footerLink.to} style={{ color: '#595959' }}>
                  {footerLink.label}
                </Link>
              ),
            )}
          </Flex>
        )}
        <Flex gap={8} align="center" wrap style={{ marginTop: 8, fontSize: 12 }}>
          <Typography.Text
            type="secondary"
            style={{ fontSize: collapsed ? 9 : 11, letterSpacing: collapsed ? 0 : 1, whiteSpace: 'nowrap' }}
          >
            {VERSION_LABEL}
          </Typography.Text>
          {collapsed ? null : <Link to="/user/whatsNew">What's New</Link>}
        </Flex>
      </footer>
    </Flex>
  );
}

function TopBar({ onToggleNav, navOpen }: { onToggleNav: () => void; navOpen: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const cartCount = useCartCount();
  const page = findPage(pathname);

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
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: '1px solid #eee',
        height: 'auto',
        minHeight: 64,
        lineHeight: 1.3,
      }}
    >
      <Button
        type="text"
        aria-label={navOpen ? 'Close menu' : 'Open menu'}
        icon={navOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleNav}
      />
      <div style={{ minWidth: 0, padding: '8px 0' }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }} data-testid="page-title">
          {page?.title ?? 'Not found'}
        </Typography.Title>
        {/* Wraps between words on a phone rather than being cut. */}
        <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'normal' }}>
          {page?.description ?? ''}
        </Typography.Text>
      </div>
      <Flex gap={20} align="center" style={{ marginLeft: 'auto' }}>
        <Link to="/user/checkout" aria-label={`Cart, ${cartCount} items`}>
          <Badge count={cartCount} showZero size="small" color="#7c3aed">
            <ShoppingCartOutlined style={{ fontSize: 22, color: '#1f1f1f' }} />
          </Badge>
        </Link>
        <Popover
          trigger="click"
          placement="bottomRight"
          title="Notifications"
          content="Notifications are coming soon."
        >
          <Button type="text" aria-label="Notifications" icon={<BellOutlined style={{ fontSize: 20 }} />} />
        </Popover>
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items: avatarMenu, onClick: ({ key }) => navigate(key) }}
        >
          <Button type="text" aria-label="Account menu" style={{ padding: 0 }}>
            <Avatar
              src={user?.profilePicture || undefined}
              icon={<UserOutlined />}
              style={{ background: '#7c3aed' }}
            />
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}

/** The private container: side menu, top bar and the page, in one of three layout modes. */
export function PrivateLayout({ children }: { children: ReactNode }) {
  const width = useWindowWidth();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(() => navOpenByDefault(window.innerWidth));
  const mode = layoutMode(width, navOpen);

  useEffect(() => {
    redirectPath.remember(pathname);
  }, [pathname]);

  // Below 901px the menu is forced closed; crossing back above opens it again.
  useEffect(() => {
    setNavOpen(navOpenByDefault(width));
  }, [width < 901]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Layout className={`private-container ${mode}`} data-layout={mode} style={{ minHeight: '100vh' }}>
      <SkipLink />
      {mode === 'nav-closed' ? (
        <Drawer
          placement="left"
          open={navOpen}
          onClose={() => setNavOpen(false)}
          size={SIDER_WIDTH}
          styles={{ body: { padding: 0 } }}
          closable={false}
        >
          <SideNavigation collapsed={false} onNavigate={() => setNavOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_ICON_WIDTH}
          collapsed={mode === 'nav-icon'}
          trigger={null}
          collapsible
          style={{ borderRight: '1px solid #eee', position: 'sticky', top: 0, height: '100vh' }}
        >
          <SideNavigation collapsed={mode === 'nav-icon'} />
        </Layout.Sider>
      )}
      <Layout>
        <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
            {children}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
