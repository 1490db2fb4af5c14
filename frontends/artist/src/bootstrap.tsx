import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, Layout } from 'antd';
import { USER_BASENAME } from '@beatmatch/frontend-common';
import App from './App';

// Running alone (npm run dev -w frontends/artist): the pages without the shell's menus, under the
// same /user prefix as in the shell.
if (!window.location.pathname.startsWith(USER_BASENAME)) window.history.replaceState(null, '', USER_BASENAME);
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
