import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AuthUser } from '../api/beatmatch';
import { App } from 'antd';
import { NETWORK_ERROR_MESSAGE, NetworkError, isNotAuthenticated } from '../api/client';
import { useServices } from './services';
import { clearCart, signedInFlag } from './storage';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  user: AuthUser | null;
  /** Asks the gateway who is signed in (after boot and after a login that set the cookie). */
  refresh: () => Promise<AuthUser | null>;
  /** Forgets the signed-in state locally (an unauthenticated reply, or after logout). */
  clear: () => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { api } = useServices();
  const { message } = App.useApp();
  // Held in a ref so that `refresh` (and the boot effect depending on it) never changes identity.
  const messageRef = useRef(message);
  messageRef.current = message;
  const [user, setUser] = useState<AuthUser | null>(null);
  const [status, setStatus] = useState<SessionStatus>('loading');

  const clear = useCallback(() => {
    signedInFlag.clear();
    setUser(null);
    setStatus('signedOut');
  }, []);

  const refresh = useCallback(async () => {
    try {
      const current = await api.auth();
      signedInFlag.set();
      setUser(current);
      setStatus('signedIn');
      return current;
    } catch (error) {
      // Not signed in is the ordinary answer for a visitor (silent); an unreachable gateway is said.
      if (error instanceof NetworkError) void messageRef.current.error(NETWORK_ERROR_MESSAGE);
      else if (!isNotAuthenticated(error)) console.warn('beatmatch_auth failed', error);
      clear();
      return null;
    }
  }, [api, clear]);

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } finally {
      clearCart();
      clear();
    }
  }, [api, clear]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const session = useMemo(
    () => ({ status, user, refresh, clear, logout }),
    [status, user, refresh, clear, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
