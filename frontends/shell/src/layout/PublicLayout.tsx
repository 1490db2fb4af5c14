import { LinkButton } from './LinkButton';
import { MenuOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Flex, Layout } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { HEADER_DRAWER_BELOW, useWindowWidth } from './layoutMode';
import { Logo } from './Logo';
import { useCartCount } from './useCartCount';

export const PUBLIC_NAV_LINKS = [
  { to: '/producers', label: 'For Producers' },
  { to: '/artists', label: 'For Artists' },
  { to: '/beat', label: '$BEAT' },
  { to: '/ambassadors', label: 'Ambassadors' },
  { to: '/about', label: 'About' },
];

function CartBadge({ to }: { to: string }) {
  const count = useCartCount();
  return (
    <Link to={to} aria-label={`Cart, ${count} items`}>
      <Badge count={count} showZero size="small" color="#7c3aed">
        <ShoppingCartOutlined style={{ fontSize: 22, color: '#1f1f1f' }} />
      </Badge>
    </Link>
  );
}

export function PublicHeader() {
  const width = useWindowWidth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { status } = useSession();
  const cartPath = status === 'signedIn' ? '/user/checkout' : '/checkout';
  const narrow = width < HEADER_DRAWER_BELOW;

  // A signed-in user on a public page gets a way back in instead of Login / Sign up.
  const accountLinks =
    status === 'signedIn' ? (
      <LinkButton to="/user/matchmaker" type="primary">
        Open Beatmatch
      </LinkButton>
    ) : (
      <>
        <LinkButton to="/login" type="text">
          Login
        </LinkButton>
        <LinkButton to="/signUp" type="primary">
          Sign up
        </LinkButton>
      </>
    );

  return (
    <Layout.Header
      role="banner"
      style={{
        background: '#fff',
        borderBottom: '1px solid #eee',
        padding: '0 24px',
        display: 'flex',
        alignItems: 'center',
        gap: 24,
      }}
    >
      <Logo />
      {narrow ? (
        <Flex gap={16} align="center" style={{ marginLeft: 'auto' }}>
          <CartBadge to={cartPath} />
          <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />
          <Drawer
            title="Menu"
            placement="right"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
          >
            <nav aria-label="Main">
              <Flex vertical gap={12} onClick={() => setDrawerOpen(false)}>
                {PUBLIC_NAV_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} style={{ fontSize: 16 }}>
                    {link.label}
                  </Link>
                ))}
                {accountLinks}
              </Flex>
            </nav>
          </Drawer>
        </Flex>
      ) : (
        <>
          <nav aria-label="Main" style={{ display: 'flex', gap: 20 }}>
            {PUBLIC_NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} style={{ color: '#1f1f1f', fontWeight: 500 }}>
                {link.label}
              </Link>
            ))}
          </nav>
          <Flex gap={8} align="center" style={{ marginLeft: 'auto' }}>
            {accountLinks}
            <span style={{ marginLeft: 12 }}>
              <CartBadge to={cartPath} />
            </span>
          </Flex>
        </>
      )}
    </Layout.Header>
  );
}

export function PublicLayout() {
  const location = useLocation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <PublicHeader />
      <Layout.Content
        key={location.pathname}
        style={{ padding: '32px 24px', maxWidth: 1200, width: '100%', margin: '0 auto' }}
      >
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
