import { LinkButton } from '@beatmatch/frontend-common';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { NETWORK_ERROR_MESSAGE } from '../api/client';
import { useSession } from '../session/SessionContext';
import { AuthCard } from '../pages/AuthCard';
import { CartBadge } from './CartBadge';
import { HEADER_DRAWER_BELOW, useWindowWidth } from './layoutMode';
import { Logo } from './Logo';
import { SkipLink, MAIN_ID } from './SkipLink';
import { SiteFooter } from '../content/SiteFooter';

const PublicDrawer = lazy(() => import('./PublicDrawer'));

export const PUBLIC_NAV_LINKS = [
  { to: '/producers', label: 'For Producers' },
  { to: '/artists', label: 'For Artists' },
  { to: '/beat', label: '$BEAT' },
  { to: '/ambassadors', label: 'Ambassadors' },
  { to: '/about', label: 'About' },
];

/**
 * A signed-in user on a public page gets a way back in instead of Login / Sign up (also when the
 * session could not be checked: that is not a logout).
 */
function AccountLinks({ status }: { status: ReturnType<typeof useSession>['status'] }) {
  return status === 'signedIn' || status === 'unavailable' ? (
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
}

export function PublicHeader() {
  const width = useWindowWidth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { status } = useSession();
  const cartPath = status === 'signedIn' ? '/user/checkout' : '/checkout';
  const narrow = width < HEADER_DRAWER_BELOW;

  const accountLinks = <AccountLinks status={status} />;

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
          <Button
            aria-label="Open menu"
            icon={<MenuOutlined />}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
          {drawerUsed ? (
            <Suspense fallback={null}>
              <PublicDrawer
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                links={PUBLIC_NAV_LINKS}
                accountLinks={accountLinks}
              />
            </Suspense>
          ) : null}
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
            <span style={{ marginLeft: 12, display: 'inline-flex' }}>
              <CartBadge to={cartPath} />
            </span>
          </Flex>
        </>
      )}
    </Layout.Header>
  );
}

/** The auth screens' titles: shown in their frame at once while the form's code loads. */
const AUTH_SCREEN_TITLES: Record<string, string> = {
  '/login': 'Login',
  '/signUp': 'Sign up',
  '/signup': 'Sign up',
};

function ScreenLoading({ pathname }: { pathname: string }) {
  const title = AUTH_SCREEN_TITLES[pathname];
  if (!title) return <div className="page-loading" role="status" aria-label="Loading" />;
  return (
    <AuthCard title={title}>
      <div style={{ minHeight: 240 }} role="status" aria-label="Loading" />
    </AuthCard>
  );
}

export function PublicLayout() {
  const location = useLocation();
  const { status } = useSession();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <PublicHeader />
      <Layout.Content
        id={MAIN_ID}
        tabIndex={-1}
        key={location.pathname}
        style={{ padding: '32px 24px', maxWidth: 1200, width: '100%', margin: '0 auto', outline: 'none' }}
      >
        {status === 'unavailable' ? (
          // The gateway failed to say who is signed in: not a logout, and the page says so.
          <div className="session-banner" role="alert" data-testid="session-unavailable">
            {NETWORK_ERROR_MESSAGE}
          </div>
        ) : null}
        <Suspense fallback={<ScreenLoading pathname={location.pathname} />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
