// The gateway client every app uses: JSON POSTs with the CSRF header, problem+json errors turned
// into ApiError (with the error code), transport failures into NetworkError (artist-side spec §7, §8).

import { ERROR_CODES, GATEWAY_MESSAGES, HEADERS } from '@beatmatch/contracts';

export { ERROR_CODES };
export const NETWORK_ERROR_MESSAGE = GATEWAY_MESSAGES.unavailable;
export const TOO_MANY_ATTEMPTS_MESSAGE = GATEWAY_MESSAGES.tooManyAttempts;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NetworkError extends Error {
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
    this.name = 'NetworkError';
  }
}

/** "Not signed in" is recognised by its code, so a reworded message cannot turn it into a red toast. */
export function isNotAuthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.unauthenticated;
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.code === ERROR_CODES.rateLimited);
}

/** The gateway or a service is down or failing: the page cannot know who is signed in. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export interface ApiClient {
  post<T = unknown>(path: string, body?: object): Promise<T>;
  /** A GET answered with JSON (no CSRF header needed). */
  getJson<T = unknown>(path: string): Promise<T>;
  /** A multipart POST (files) with the CSRF header; the browser sets the boundary. */
  postForm<T = unknown>(path: string, form: FormData): Promise<T>;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function createApiClient(
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): ApiClient {
  // One token fetch for everyone: calls made at the same time wait for the same request (two
  // fetches at once would each set the cookie, and the first call would fail its check).
  let csrfToken: Promise<string> | undefined;

  async function send(input: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(input, { credentials: 'same-origin', ...init });
    } catch {
      throw new NetworkError();
    }
  }

  async function fetchCsrfToken(): Promise<string> {
    const response = await send('/api/csrf', { method: 'GET' });
    const body = await readJson(response);
    if (!response.ok || typeof body?.csrfToken !== 'string') {
      throw new ApiError(
        typeof body?.message === 'string' ? body.message : NETWORK_ERROR_MESSAGE,
        response.status,
        typeof body?.code === 'string' ? body.code : undefined,
      );
    }
    return body.csrfToken;
  }

  function currentCsrfToken(): Promise<string> {
    if (!csrfToken) {
      csrfToken = fetchCsrfToken();
      // A failed fetch is not remembered: the next call tries again.
      csrfToken.catch(() => (csrfToken = undefined));
    }
    return csrfToken;
  }

  async function failure(response: Response, data: Record<string, unknown> | undefined): Promise<never> {
    const message =
      typeof data?.message === 'string'
        ? data.message
        : response.status >= 500
          ? NETWORK_ERROR_MESSAGE
          : `Request failed (${response.status})`;
    throw new ApiError(message, response.status, typeof data?.code === 'string' ? data.code : undefined);
  }

  async function sendWithToken<T>(
    path: string,
    init: (token: string) => RequestInit,
    isRetry = false,
  ): Promise<T> {
    const tokenPromise = currentCsrfToken();
    const token = await tokenPromise;
    const response = await send(path, init(token));
    const data = await readJson(response);
    if (response.ok) return data as T;
    // The token may have rotated (a new visitor cookie): fetch a fresh one once and try again.
    if (response.status === 403 && data?.code === ERROR_CODES.csrfInvalid && !isRetry) {
      if (csrfToken === tokenPromise) csrfToken = undefined;
      return sendWithToken<T>(path, init, true);
    }
    return failure(response, data);
  }

  function post<T>(path: string, body: object = {}): Promise<T> {
    return sendWithToken<T>(path, (token) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.csrfToken]: token },
      body: JSON.stringify(body),
    }));
  }

  function postForm<T>(path: string, form: FormData): Promise<T> {
    return sendWithToken<T>(path, (token) => ({
      method: 'POST',
      headers: { [HEADERS.csrfToken]: token },
      body: form,
    }));
  }

  async function getJson<T>(path: string): Promise<T> {
    const response = await send(path, { method: 'GET' });
    const data = await readJson(response);
    if (response.ok) return data as T;
    return failure(response, data);
  }

  return { post, postForm, getJson };
}
