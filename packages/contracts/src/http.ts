/*
 * The HTTP conventions every part shares: header names between browser, gateway and services, and the
 * error codes of problem+json replies that clients act on (by code, never by message text).
 */

export const HEADERS = {
  /** The gateway's signed statement of who is calling (services trust only this). */
  internalToken: 'x-internal-token',
  /** Double-submit CSRF token the browser sends on every state-changing call. */
  csrfToken: 'x-csrf-token',
  /** Identity hands a new session token to the gateway here; the gateway turns it into the cookie. */
  session: 'x-beatmatch-session',
  sessionExpires: 'x-beatmatch-session-expires',
  /**
   * Identity hands a newly issued device uuid to the gateway here (the exclude call); the gateway keeps
   * it in a signed httpOnly cookie and vouches for it as the caller's `deviceId` from then on.
   */
  device: 'x-beatmatch-device',
  /** Correlates a reply with the gateway's and services' logs. */
  requestId: 'x-request-id',
} as const;

/** Error codes of problem+json replies that the apps act on. */
export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  csrfInvalid: 'csrf_invalid',
  rateLimited: 'rate_limited',
  badGateway: 'bad_gateway',
  /** A service behind the gateway does not answer; the problem's `service` names it. */
  serviceUnavailable: 'service_unavailable',
} as const;

/** What a request without a signed-in user hears (artist-side spec §1). */
export const NOT_AUTHENTICATED_MESSAGE = 'User not authenticated';

/** The gateway's own replies (and what the apps show for a transport failure, artist-side spec §7). */
export const GATEWAY_MESSAGES = {
  unavailable: 'Error - please reload the page and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  csrfInvalid: 'Your session token is out of date. Please reload the page.',
} as const;
