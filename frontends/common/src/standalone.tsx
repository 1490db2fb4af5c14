import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, Layout } from 'antd';
import { USER_BASENAME } from './pages';

/**
 * Mounts a remote on its own (npm run dev -w frontends/<remote>): its pages without the shell's
 * menus, under the same /user prefix as in the shell; a visit to another path lands on `home`.
 * Imported only by the remotes' bootstrap, never by what they expose, so the federated bundle does
 * not carry it.
 */
export function mountStandalone(App: ComponentType<{ basename: string }>, home: string = USER_BASENAME) {
  if (!window.location.pathname.startsWith(USER_BASENAME)) window.history.replaceState(null, '', home);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider>
        <AntApp>
          <Layout style={{ minHeight: '100vh', padding: 24 }}>
            <App basename={USER_BASENAME} />
          </Layout>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
