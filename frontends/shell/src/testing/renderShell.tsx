import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { createDeviceId } from '@beatmatch/frontend-common/sdk';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ShellProviders } from '../App';
import { AppRoutes } from '../AppRoutes';
import type { BeatmatchApi } from '../api/beatmatch';
import { ApiError } from '../api/client';
import type { AppConfig } from '../config/appConfig';
import type { RemoteLoader } from '../remotes/federation';

export const notAuthenticated = () =>
  Promise.reject(new ApiError('User not authenticated', 401, 'unauthenticated'));

export function fakeApi(overrides: Partial<BeatmatchApi> = {}): BeatmatchApi {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`));
  return {
    signup: jest.fn(unexpected('signup')),
    login: jest.fn(unexpected('login')),
    resendCode: jest.fn(unexpected('resendCode')),
    auth: jest.fn(notAuthenticated),
    logout: jest.fn(async () => ({ message: 'Logged out' })),
    forgotPassword: jest.fn(unexpected('forgotPassword')),
    checkResetToken: jest.fn(unexpected('checkResetToken')),
    resetPassword: jest.fn(unexpected('resetPassword')),
    ...overrides,
  };
}

export const SIGNED_IN_USER = {
  userName: 'maya',
  email: 'maya@example.test',
  userId: 'u-1',
  profilePicture: null,
};

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}
export const currentLocation = () => currentPath;

export function renderShell(
  path: string,
  {
    api = fakeApi(),
    config = { remotes: {}, devMailbox: null },
    loadRemote = jest.fn(() => new Promise<never>(() => undefined)),
  }: { api?: BeatmatchApi; config?: AppConfig; loadRemote?: RemoteLoader } = {},
) {
  const result = render(
    // No animations in tests: dialogs and messages appear at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <ShellProviders
          api={api}
          config={config}
          device={createDeviceId(async () => ({ uuid: 'device-1' }))}
          loadRemote={loadRemote}
        >
          <AppRoutes />
          <LocationProbe />
        </ShellProviders>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { ...result, api, loadRemote };
}
