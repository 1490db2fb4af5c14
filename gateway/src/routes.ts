/**
 * The spec's route names (artist-side spec §7, producer-side spec) → the owning service and its path.
 * Routes of features that later issues build are absent here and answer 404 until then.
 */
export type ServiceName = 'identity' | 'catalog' | 'matchmaker' | 'commerce' | 'payouts' | 'referrals';

export interface RouteTarget {
  service: ServiceName;
  path: string;
  /** Extra rate limit group (login, code, reset). */
  limit?: 'login' | 'code' | 'reset';
}

export const API_PREFIX = '/api/';

export const routeTable: Readonly<Record<string, RouteTarget>> = {
  beatmatch_auth: { service: 'identity', path: '/me' },
  beatmatch_login: { service: 'identity', path: '/login', limit: 'login' },
  beatmatch_login_auth_resend: { service: 'identity', path: '/login/resend', limit: 'code' },
  beatmatch_logout: { service: 'identity', path: '/logout' },
  beatmatch_signup: { service: 'identity', path: '/signup', limit: 'login' },
  beatmatch_forgot_password: { service: 'identity', path: '/forgot-password', limit: 'reset' },
  reset_beatmatchs_password: { service: 'identity', path: '/reset-password', limit: 'reset' },
  beatmatch_jwt_authenticate: { service: 'identity', path: '/reset-password/verify', limit: 'reset' },
  beatmatch_exclude: { service: 'identity', path: '/devices' },
};

/**
 * Looks a route name from the URL up in the table. The name is user input: only the table's own keys
 * match (a plain `routeTable[name]` would find `__proto__`, `constructor`, `toString`, ...).
 */
export function findRoute(name: string): RouteTarget | undefined {
  return Object.hasOwn(routeTable, name) ? routeTable[name] : undefined;
}
