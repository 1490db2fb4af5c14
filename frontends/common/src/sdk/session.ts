// Who is signed in, as one store the shell and the remotes read (artist-side spec §3, §4, §8).
import type { AuthResponse } from '@beatmatch/contracts';
import { isNotAuthenticated } from './apiClient';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'unavailable';

export interface SessionState {
  status: SessionStatus;
  user: AuthResponse | null;
}

/** The two identity calls the session needs (the shell passes fakes in its tests). */
export interface SessionPort {
  auth(): Promise<AuthResponse>;
  logout(): Promise<unknown>;
}

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Boot: asks the gateway only when this browser has signed in before (the spec's signed-in flag),
   * so a visitor's page makes no call that is refused.
   */
  start(): Promise<AuthResponse | null>;
  /** Asks the gateway who is signed in (after a login that set the cookie). */
  refresh(): Promise<AuthResponse | null>;
  /** Forgets the signed-in state locally (an unauthenticated reply, or after logout). */
  clear(): void;
  logout(): Promise<void>;
}

const SIGNED_IN_KEY = 'signedIn';

export function createSessionStore(port: SessionPort, storage: Storage = localStorage): SessionStore {
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<() => void>();
  let started: Promise<AuthResponse | null> | undefined;

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const clear = () => {
    storage.removeItem(SIGNED_IN_KEY);
    set({ status: 'signedOut', user: null });
  };

  async function refresh(): Promise<AuthResponse | null> {
    try {
      const user = await port.auth();
      storage.setItem(SIGNED_IN_KEY, 'true');
      set({ status: 'signedIn', user });
      return user;
    } catch (error) {
      // Only "unauthenticated" means signed out. A failing gateway (502, no network) is not a logout:
      // keep the flag and let the page say so (spec §8's reload message).
      if (!isNotAuthenticated(error)) {
        set({ status: 'unavailable', user: null });
        return null;
      }
      clear();
      return null;
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started ??=
        storage.getItem(SIGNED_IN_KEY) === 'true'
          ? refresh()
          : Promise.resolve(null).then(() => {
              if (state.status === 'loading') set({ status: 'signedOut', user: null });
              return null;
            });
      return started;
    },
    refresh,
    clear,
    async logout() {
      try {
        await port.logout();
      } finally {
        clear();
      }
    },
  };
}
