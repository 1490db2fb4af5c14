import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

let locationNow = '';
function LocationProbe() {
  const location = useLocation();
  locationNow = location.pathname + location.search;
  return null;
}

/** Where the last rendered page's router is now: path and query. */
export const currentPath = () => locationNow;

/**
 * Renders a page as the app does (antd without motion, so tests need not wait for it) in a router at `path`;
 * `inApp` puts it inside antd's App, as pages that tell outcomes through App.useApp() need.
 */
export function renderPage(element: ReactNode, path = '/', { inApp = false } = {}) {
  const routed = (
    <MemoryRouter initialEntries={[path]}>
      {element}
      <LocationProbe />
    </MemoryRouter>
  );
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      {inApp ? <App>{routed}</App> : routed}
    </ConfigProvider>,
  );
}
