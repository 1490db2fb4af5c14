import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { findPage } from '../catalogue';
import { InsideAppShell } from '../content/Page';
import { redirectPath } from '../session/storage';
import { CartBadge } from './CartBadge';
import { layoutMode, navOpenByDefault, useWindowWidth } from './layoutMode';
import { MAIN_ID, SkipLink } from './SkipLink';
import { TopBarButtons } from './TopBarButtons';

// The heavy parts (antd Menu, Drawer, Dropdown, Popover) load beside the page: the frame, the top
// bar's page name and the page itself paint first.
const SideNavigation = lazy(() => import('./SideNavigation'));
const NavDrawer = lazy(() => import('./NavDrawer'));

const SIDER_WIDTH = 248;
const SIDER_ICON_WIDTH = 72;

function TopBar({ onToggleNav, navOpen }: { onToggleNav: () => void; navOpen: boolean }) {
  const { pathname } = useLocation();
  const page = findPage(pathname);
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
        <h1 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }} data-testid="page-title">
          {page?.title ?? 'Not found'}
        </h1>
        {/* Wraps between words on a phone rather than being cut. */}
        <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.55)' }}>{page?.description ?? ''}</p>
      </div>
      <Flex gap={20} align="center" style={{ marginLeft: 'auto' }}>
        <CartBadge to="/user/checkout" />
        <TopBarButtons />
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
        navOpen ? (
          <Suspense fallback={null}>
            <NavDrawer width={SIDER_WIDTH} onClose={() => setNavOpen(false)} />
          </Suspense>
        ) : null
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
          <Suspense fallback={null}>
            <SideNavigation collapsed={mode === 'nav-icon'} onExpand={() => setNavOpen(true)} />
          </Suspense>
        </Layout.Sider>
      )}
      <Layout>
        <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          <Suspense fallback={<div className="page-loading" role="status" aria-label="Loading" />}>
            <InsideAppShell.Provider value>{children}</InsideAppShell.Provider>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
