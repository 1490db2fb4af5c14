import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { beatmatchSdk, errorReportingFor, SDK_VERSION } from '@beatmatch/frontend-common/sdk';
import { Shell } from './App';
import { beatmatchApi } from './api/beatmatch';
import { loadAppConfig, type AppConfig } from './config/appConfig';
import { loadRemoteApp, registerConfiguredRemotes, type RemoteLoader } from './remotes/federation';
import { preloadForPath } from './preload';
import { rememberLandingRef } from './session/referralCookie';

// The first paint does not wait for /app-config.json: only loading a remote needs it.
const configLoaded = loadAppConfig(process.env.NODE_ENV === 'development');
const remotesRegistered = configLoaded.then((config) => {
  try {
    registerConfiguredRemotes(config);
  } catch (error) {
    // The pages of a remote then show their error panel; the shell itself keeps working.
    console.error('Registering the remotes failed', error);
  }
});
const loadRemote: RemoteLoader = async (remote) => {
  await remotesRegistered;
  return loadRemoteApp(remote);
};

// The SDK is the page's one client, session and cart; the remotes import the same instance.
const sdk = beatmatchSdk();
// Uncaught errors, failed calls and failed upload steps go to the server from production builds only
// (both spec documents); a development build sends none.
errorReportingFor(process.env.NODE_ENV, (report) => sdk.api.call('beatmatch_error_report', report), {
  build: SDK_VERSION,
});
const api = beatmatchApi(sdk.api);
rememberLandingRef();
void sdk.session.start();
// A deep link into the logged-in area fetches its layout and remote while the session is checked.
preloadForPath(window.location.pathname, loadRemote);

const NO_CONFIG: AppConfig = { remotes: {}, devMailbox: null };

function Root() {
  const [config, setConfig] = useState<AppConfig>(NO_CONFIG);
  useEffect(() => {
    void configLoaded.then(setConfig);
  }, []);
  return (
    <Shell
      api={api}
      config={config}
      device={sdk.device}
      loadRemote={loadRemote}
      session={sdk.session}
      cart={sdk.cart}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
