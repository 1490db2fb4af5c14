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

/**
 * The error catalogue (artist-side spec §8) for the commerce pages: "User not authenticated" is
 * silent and clears the signed-in state (the shell then sends the user to /login); any other server
 * message shows in a red toast; a transport failure shows the reload text. Render the holder.
 */
export function useCommerceErrors(): { reportError: ReportError; toasts: Toasts; holder: ReactElement } {
  const [toasts, holder] = antMessage.useMessage({ top: TOAST_TOP, maxCount: 3 });
  const reportError = useCallback<ReportError>(
    (error) => {
      if (isNotAuthenticated(error)) {
        beatmatchSdk().session.clear();
        return;
      }
      const text = error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
      void toasts.error({ content: text, key: 'commerce-error' });
    },
    [toasts],
  );
  return { reportError, toasts, holder };
}
