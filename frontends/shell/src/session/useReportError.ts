import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE, isNotAuthenticated } from '../api/client';
import { useSession } from './SessionContext';

/**
 * The error catalogue (artist-side spec §8): 'User not authenticated' is silent and clears the
 * signed-in state; other server messages show in red; a transport failure shows the reload text.
 */
export function useReportError(): (error: unknown) => void {
  const { message } = App.useApp();
  const { clear } = useSession();
  return useCallback(
    (error: unknown) => {
      if (isNotAuthenticated(error)) {
        clear();
        return;
      }
      const text = error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
      void message.error(text);
    },
    [message, clear],
  );
}
