import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { useDocumentTitle } from './layout/useDocumentTitle';
import type { BeatmatchApi } from './api/beatmatch';
import type { AppConfig } from './config/appConfig';
import type { RemoteLoader } from './remotes/federation';
import { RemoteLoaderProvider } from './remotes/RemoteApp';
import { ServicesProvider } from './session/services';
import { SessionProvider } from './session/SessionContext';

export const THEME = { token: { colorPrimary: '#7c3aed', borderRadius: 8 } };

export interface ShellProps {
  api: BeatmatchApi;
  config: AppConfig;
  loadRemote: RemoteLoader;
}

/** Providers only; BrowserRouter sits outside so tests can use a MemoryRouter. */
export function ShellProviders({
  api,
  config,
  loadRemote,
  children,
}: ShellProps & { children: React.ReactNode }) {
  const services = useMemo(() => ({ api, config }), [api, config]);
  return (
    <ConfigProvider theme={THEME}>
      <AntApp>
        <ServicesProvider services={services}>
          <RemoteLoaderProvider value={loadRemote}>
            <SessionProvider>{children}</SessionProvider>
          </RemoteLoaderProvider>
        </ServicesProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function DocumentTitle() {
  useDocumentTitle();
  return null;
}

export function Shell(props: ShellProps) {
  return (
    <BrowserRouter>
      <ShellProviders {...props}>
        <DocumentTitle />
        <AppRoutes />
      </ShellProviders>
    </BrowserRouter>
  );
}
