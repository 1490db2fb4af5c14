import { ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { THEME } from '@beatmatch/frontend-common';
import { AppRoutes } from './AppRoutes';
import { useDocumentTitle } from './layout/useDocumentTitle';
import type { BeatmatchApi } from './api/beatmatch';
import type { AppConfig } from './config/appConfig';
import type { RemoteLoader } from './remotes/federation';
import { RemoteLoaderProvider } from './remotes/loaderContext';
import { ServicesProvider, type Services } from './session/services';
import { SessionProvider } from './session/SessionContext';
import { ToastProvider } from './session/toasts';

export { THEME };

export interface ShellProps {
  api: BeatmatchApi;
  config: AppConfig;
  device: Services['device'];
  loadRemote: RemoteLoader;
  session?: Services['session'];
  cart?: Services['cart'];
}

/** Providers only; BrowserRouter sits outside so tests can use a MemoryRouter. */
export function ShellProviders({
  api,
  config,
  device,
  loadRemote,
  session,
  cart,
  children,
}: ShellProps & { children: React.ReactNode }) {
  const services = useMemo(
    () => ({ api, config, device, session, cart }),
    [api, config, device, session, cart],
  );
  return (
    <ConfigProvider theme={THEME}>
      <ToastProvider>
        <ServicesProvider services={services}>
          <RemoteLoaderProvider value={loadRemote}>
            <SessionProvider>{children}</SessionProvider>
          </RemoteLoaderProvider>
        </ServicesProvider>
      </ToastProvider>
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
