// Where the remotes live is configuration, not build output: the gateway serves /app-config.json.

export interface AppConfig {
  remotes: Record<string, string>;
  devMailbox: string | null;
}

/**
 * Used by `npm run dev`, where the remotes run on their own dev servers (3001, 3002). Same host name
 * as the page (localhost or 127.0.0.1), so the dev servers see same-site requests and serve them.
 */
export function devAppConfig(hostname = 'localhost'): AppConfig {
  return {
    remotes: {
      producer: `http://${hostname}:3001/mf-manifest.json`,
      artist: `http://${hostname}:3002/mf-manifest.json`,
    },
    devMailbox: '/dev/mailbox',
  };
}

function isAppConfig(value: unknown): value is AppConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { remotes, devMailbox } = value as Record<string, unknown>;
  return (
    typeof remotes === 'object' &&
    remotes !== null &&
    Object.values(remotes).every((entry) => typeof entry === 'string') &&
    (devMailbox === null || devMailbox === undefined || typeof devMailbox === 'string')
  );
}

export async function loadAppConfig(
  isDevelopment: boolean,
  fetchImpl: (input: string) => Promise<Response> = (input) => globalThis.fetch(input),
): Promise<AppConfig> {
  try {
    const response = await fetchImpl('/app-config.json');
    if (response.ok) {
      const body: unknown = await response.json();
      if (isAppConfig(body)) return { remotes: body.remotes, devMailbox: body.devMailbox ?? null };
    }
  } catch {
    // fall through: the dev server has no app-config.json (its SPA fallback answers with HTML)
  }
  if (isDevelopment)
    return devAppConfig(typeof window === 'undefined' ? undefined : window.location.hostname);
  // Without configuration no remote can be found; the shell still runs and shows the error panels.
  return { remotes: {}, devMailbox: null };
}
