// Remotes are found at run time from the manifest URLs in /app-config.json.
import type { RemoteAppProps } from '@beatmatch/frontend-common';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { AppConfig } from '../config/appConfig';

export type RemoteName = 'producer' | 'artist';

export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

export type RemoteLoader = (remote: RemoteName) => Promise<RemoteAppModule>;

function absolute(url: string): string {
  return new URL(url, window.location.origin).toString();
}

export function registerConfiguredRemotes(config: AppConfig): void {
  registerRemotes(
    Object.entries(config.remotes).map(([name, manifestUrl]) => ({ name, entry: absolute(manifestUrl) })),
    { force: true },
  );
}

export const loadRemoteApp: RemoteLoader = async (remote) => {
  const module = await loadRemote<RemoteAppModule>(`${remote}/App`);
  if (!module?.default) throw new Error(`The ${remote} remote did not provide an App.`);
  return module;
};
