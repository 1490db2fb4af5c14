import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Layout, Typography } from 'antd';
import { USER_BASENAME, findUserPage, type PageInfo } from './pages';

function StandaloneTitle({ pages }: { pages: readonly PageInfo[] }) {
  const page = findUserPage(pages, window.location.pathname);
  return (
    <Typography.Title level={4} style={{ margin: '0 0 16px' }}>
      {page?.title ?? 'Not found'}
    </Typography.Title>
  );
}

/**
 * Mounts a remote on its own (npm run dev -w frontends/<remote>): its pages without the shell's
 * menus, under the same /user prefix as in the shell; a visit to another path lands on `home`.
 * Imported only by the remotes' bootstrap, never by what they expose, so the federated bundle does
 * not carry it.
 */
export function mountStandalone(
  App: ComponentType<{ basename: string }>,
  pages: readonly PageInfo[],
  home: string = USER_BASENAME,
) {
  if (!window.location.pathname.startsWith(USER_BASENAME)) window.history.replaceState(null, '', home);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Layout style={{ minHeight: '100vh', padding: 24 }}>
        <StandaloneTitle pages={pages} />
        <App basename={USER_BASENAME} />
      </Layout>
    </StrictMode>,
  );
}
