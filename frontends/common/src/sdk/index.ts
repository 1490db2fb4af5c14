// The frontend SDK: one API client, one session and one cart for the shell and every remote.
// Module federation shares this module as a singleton (rspack.federation.cjs), so a remote that
// imports it gets the instance the shell created: the same CSRF token, the same signed-in user.
import { useSyncExternalStore } from 'react';
import { createApiClient, type ApiClient, type FetchLike } from './apiClient';
import { createCartStore, type CartState, type CartStore } from './cart';
import { createSessionStore, type SessionState, type SessionStore } from './session';
import type { AuthResponse } from '@beatmatch/contracts';

export * from './apiClient';
export * from './cart';
export * from './session';

export interface BeatmatchSdk {
  api: ApiClient;
  session: SessionStore;
  cart: CartStore;
  /** Logs out: the session ends and the stored cart is cleared (spec §4 Logout). */
  logout(): Promise<void>;
}

export function createBeatmatchSdk(
  options: { fetch?: FetchLike; storage?: Storage; api?: ApiClient } = {},
): BeatmatchSdk {
  const api = options.api ?? createApiClient(options.fetch);
  const session = createSessionStore(
    {
      auth: () => api.post<AuthResponse>('/api/beatmatch_auth', {}),
      logout: () => api.post('/api/beatmatch_logout', {}),
    },
    options.storage,
  );
  const cart = createCartStore(options.storage);
  return {
    api,
    session,
    cart,
    async logout() {
      try {
        await session.logout();
      } finally {
        cart.clear();
      }
    },
  };
}

let instance: BeatmatchSdk | undefined;

/** The one SDK of this page (created on first use). */
export function beatmatchSdk(): BeatmatchSdk {
  instance ??= createBeatmatchSdk();
  return instance;
}

export function useSessionState(store: SessionStore = beatmatchSdk().session): SessionState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export function useCart(store: CartStore = beatmatchSdk().cart): CartState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
