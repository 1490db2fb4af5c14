import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  createCartStore,
  createSessionStore,
  useSessionState,
  type CartStore,
  type SessionStatus,
  type SessionStore,
} from '@beatmatch/frontend-common/sdk';
import type { AuthUser } from '../api/beatmatch';
import { useServices } from './services';

export type { SessionStatus };

export interface Session {
  /** 'unavailable': the gateway failed to say who is signed in (not a logout). */
  status: SessionStatus;
  user: AuthUser | null;
  /** Asks the gateway who is signed in (after a login that set the cookie). */
  refresh: () => Promise<AuthUser | null>;
  /** Forgets the signed-in state locally (an unauthenticated reply, or after logout). */
  clear: () => void;
  logout: () => Promise<void>;
  cart: CartStore;
}

const SessionContext = createContext<Session | null>(null);

/** The SDK's session store, read by React; started once at boot. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const [store] = useState<SessionStore>(
    () => services.session ?? createSessionStore({ auth: services.api.auth, logout: services.api.logout }),
  );
  const [cart] = useState<CartStore>(() => services.cart ?? createCartStore());
  const { status, user } = useSessionState(store);

  useEffect(() => {
    void store.start();
  }, [store]);

  const session = useMemo<Session>(
    () => ({
      status,
      user,
      refresh: store.refresh,
      clear: store.clear,
      async logout() {
        try {
          await store.logout();
        } finally {
          cart.clear();
        }
      },
      cart,
    }),
    [status, user, store, cart],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
