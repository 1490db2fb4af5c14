import { message as antMessage } from 'antd';
import { useCallback, type ReactElement } from 'react';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  beatmatchSdk,
  isNotAuthenticated,
} from '@beatmatch/frontend-common/sdk';

/** Toasts sit below the 64-px header, as the shell's do. */
const TOAST_TOP = 76;

export type Toasts = ReturnType<typeof antMessage.useMessage>[0];
export type ReportError = (error: unknown) => void;
export interface ErrorToasts {
  reportError: ReportError;
  toasts: Toasts;
  holder: ReactElement;
}

/**
 * The error catalogue (artist-side spec §8) of a remote's pages: "User not authenticated" is silent
 * and clears the signed-in state (the shell then sends the user to /login); any other server message
 * shows in a red toast (one at a time under `toastKey`); a transport failure shows the reload text.
 * Render the holder.
 */
export function useErrorToasts(toastKey: string): ErrorToasts {
  const [toasts, holder] = antMessage.useMessage({ top: TOAST_TOP, maxCount: 3 });
  const reportError = useCallback<ReportError>(
    (error) => {
      if (isNotAuthenticated(error)) {
        beatmatchSdk().session.clear();
        return;
      }
      const text = error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
      void toasts.error({ content: text, key: toastKey });
    },
    [toasts, toastKey],
  );
  return { reportError, toasts, holder };
}

/** The error toasts of the commerce pages. */
export const useCommerceErrors = (): ErrorToasts => useErrorToasts('commerce-error');
