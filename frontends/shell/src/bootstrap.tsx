import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Shell } from './App';
import { beatmatchApi } from './api/beatmatch';
import { loadAppConfig } from './config/appConfig';
import { loadRemoteApp, registerConfiguredRemotes } from './remotes/federation';

async function start() {
  const config = await loadAppConfig(process.env.NODE_ENV === 'development');
  try {
    registerConfiguredRemotes(config);
  } catch (error) {
    // The pages of a remote then show their error panel; the shell itself keeps working.
    console.error('Registering the remotes failed', error);
  }
  // The SDK is the page's one client, session and cart; the remotes import the same instance.
  const sdk = beatmatchSdk();
  const api = beatmatchApi(sdk.api);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Shell api={api} config={config} loadRemote={loadRemoteApp} session={sdk.session} cart={sdk.cart} />
    </StrictMode>,
  );
}

void start();
