import { useCallback } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE, isNotAuthenticated } from '../api/client';
import { useSession } from './SessionContext';
import { useToasts } from './toasts';

/** Error codes that belong to one form field: the message shows at that field, not in a toast. */
const FIELD_OF_CODE: Record<string, string> = {
  invalid_code: 'code',
  code_expired: 'code',
  email_taken: 'email',
  already_registered: 'email',
  username_taken: 'username',
  wrong_credentials: 'password',
};

/** Shows a server message at a form field (the form keeps it until the field is edited). */
export type FieldErrorSetters = Partial<Record<string, (message: string) => void>>;

/**
 * The error catalogue (artist-side spec §8): "unauthenticated" is silent and clears the signed-in
 * state; an error that belongs to a field the form shows is said at that field; other server
 * messages show in red; a transport failure shows the reload text.
 */
export function useReportError(): (error: unknown, fields?: FieldErrorSetters) => void {
  const message = useToasts();
  const { clear } = useSession();
  return useCallback(
    (error: unknown, fields?: FieldErrorSetters) => {
      if (isNotAuthenticated(error)) {
        clear();
        return;
      }
      const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
      const showAtField = field ? fields?.[field] : undefined;
      if (showAtField) {
        showAtField((error as ApiError).message);
        return;
      }
      const text = error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
      void message.error({ content: text, key: 'api-error' });
    },
    [message, clear],
  );
}
