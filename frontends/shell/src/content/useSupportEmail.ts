import { useEffect, useState } from 'react';

/** The contact mailbox is configuration: read from /app-config.json (`supportEmail`) when served. */
export function useSupportEmail(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    globalThis
      .fetch('/app-config.json')
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        const value = (body as { supportEmail?: unknown } | null)?.supportEmail;
        if (live && typeof value === 'string' && value.includes('@')) setEmail(value);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return email;
}
