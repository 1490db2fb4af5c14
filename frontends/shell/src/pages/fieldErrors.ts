import { useCallback, useState } from 'react';

/**
 * Server messages shown at form fields: `errorProps(name)` goes on the Form.Item, `setters` to
 * useReportError, and `clear(name)` when the user edits that field.
 */
export function useServerFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback(
    (name: string) => (message: string) => setErrors((current) => ({ ...current, [name]: message })),
    [],
  );
  const clear = useCallback(
    (name: string) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name];
        return next;
      }),
    [],
  );
  const errorProps = (name: string) =>
    errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {};
  const setters = (...names: string[]) => Object.fromEntries(names.map((name) => [name, set(name)]));
  return { errorProps, setters, clear };
}
