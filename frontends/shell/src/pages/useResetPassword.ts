import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, isRateLimited, isUnavailable } from '../api/client';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';

export type ResetState =
  | { name: 'checking' }
  | { name: 'invalid' }
  | { name: 'tooManyAttempts' }
  | { name: 'unavailable'; message: string }
  | { name: 'ready'; username: string }
  | { name: 'done'; message: string };

const isExpired = (error: unknown) => error instanceof ApiError && error.message === 'expired';

/**
 * A reset (or guest set-up) link's page: the link in the query is checked once, then the new password
 * is sent with it; an expired link goes back to /login with a notice saying what to do.
 */
export function useResetPassword() {
  const { api } = useServices();
  const reportError = useReportError();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const jwt = searchParams.get('auth');
  const usernameParam = searchParams.get('username') ?? undefined;
  // A guest buyer's account set-up link (identity mails it after a guest checkout) opens this page too.
  const setup = searchParams.get('setup') === '1';
  const [state, setState] = useState<ResetState>({ name: 'checking' });
  const [busy, setBusy] = useState(false);
  // Each check spends one of the few reset attempts a minute: check a link once, even when React
  // runs the effect twice (StrictMode) or the page re-renders.
  const checked = useRef<{ jwt: string; result: Promise<{ username: string }> } | null>(null);

  const expired = () =>
    navigate('/login', {
      replace: true,
      state: {
        notice: setup
          ? 'This set-up link has expired. Use Forgot password? with your e-mail to choose a password.'
          : 'This reset link has expired. Please request a new one.',
      },
    });

  useEffect(() => {
    if (!jwt) {
      setState({ name: 'invalid' });
      return;
    }
    if (checked.current?.jwt !== jwt) checked.current = { jwt, result: api.checkResetToken(jwt) };
    let cancelled = false;
    checked.current.result.then(
      (reply) => !cancelled && setState({ name: 'ready', username: usernameParam ?? reply.username }),
      (error: unknown) => {
        if (cancelled) return;
        if (isExpired(error)) expired();
        else if (isRateLimited(error)) setState({ name: 'tooManyAttempts' });
        else if (isUnavailable(error)) setState({ name: 'unavailable', message: (error as Error).message });
        else setState({ name: 'invalid' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [jwt]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (username: string, password: string) => {
    setBusy(true);
    try {
      const reply = await api.resetPassword({ username: username || undefined, password, jwt: jwt! });
      setState({ name: 'done', message: reply.message });
    } catch (error) {
      if (isExpired(error)) expired();
      else reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return { state, setup, busy, submit };
}
