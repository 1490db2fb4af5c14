import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './App';
import { beatmatchApi } from './api/beatmatch';
import { createApiClient } from './api/client';
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
  const api = beatmatchApi(createApiClient());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Shell api={api} config={config} loadRemote={loadRemoteApp} />
    </StrictMode>,
  );
}

void start();
