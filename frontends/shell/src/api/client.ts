// The gateway client: JSON POSTs with the CSRF header, problem+json errors turned into ApiError,
// transport failures into NetworkError (artist-side spec §7, §8).

export const NETWORK_ERROR_MESSAGE = 'Error - please reload the page and try again.';
export const NOT_AUTHENTICATED_MESSAGE = 'User not authenticated';

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

export function isNotAuthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.message === NOT_AUTHENTICATED_MESSAGE;
}

export interface ApiClient {
  post<T = unknown>(path: string, body?: object): Promise<T>;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

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
  let csrfToken: string | undefined;

  async function send(input: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(input, { credentials: 'same-origin', ...init });
    } catch {
      throw new NetworkError();
    }
  }

  async function loadCsrfToken(): Promise<string> {
    const response = await send('/api/csrf', { method: 'GET' });
    const body = await readJson(response);
    if (!response.ok || typeof body?.csrfToken !== 'string') {
      throw new ApiError(
        typeof body?.message === 'string' ? body.message : NETWORK_ERROR_MESSAGE,
        response.status,
      );
    }
    csrfToken = body.csrfToken;
    return csrfToken;
  }

  async function post<T>(path: string, body: object = {}, isRetry = false): Promise<T> {
    const token = csrfToken ?? (await loadCsrfToken());
    const response = await send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(body),
    });
    const data = await readJson(response);
    if (response.ok) return data as T;
    // The token may have rotated (new session cookie): fetch a fresh one and try once more.
    if (response.status === 403 && data?.code === 'csrf_invalid' && !isRetry) {
      csrfToken = undefined;
      return post<T>(path, body, true);
    }
    const message = typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`;
    throw new ApiError(message, response.status, typeof data?.code === 'string' ? data.code : undefined);
  }

  return { post };
}
