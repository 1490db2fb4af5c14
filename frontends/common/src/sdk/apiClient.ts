// The gateway client every app uses: declared calls by name (JSON POSTs with the CSRF header, GETs,
// multipart), problem+json errors turned into ApiError (with the error code), transport failures into
// NetworkError (artist-side spec §7, §8).

import {
  ERROR_CODES,
  GATEWAY_MESSAGES,
  HEADERS,
  callUrl,
  type CallAnswer,
  type CallRequest,
} from '@beatmatch/contracts';
import {
  callAddress,
  fileField,
  isGetCall,
  type CallArgs,
  type JsonCallName,
  type MultipartCallName,
} from './callAddress';
import { describeError, reportError, REPORT_CALL } from './errorReporter';

export { ERROR_CODES };
export const NETWORK_ERROR_MESSAGE = GATEWAY_MESSAGES.unavailable;
export const TOO_MANY_ATTEMPTS_MESSAGE = GATEWAY_MESSAGES.tooManyAttempts;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The refused request's id (`x-request-id`): the trace id its server log lines carry. */
    readonly requestId?: string,
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
  /**
   * A declared call by its spec name, typed by its schemas: a POST sends the request as JSON with the
   * CSRF header; a GET sends it as the query string (no CSRF header needed).
   */
  call<N extends JsonCallName>(name: N, ...request: CallArgs<N>): Promise<CallAnswer<N>>;
  /**
   * A multipart call (a POST with the CSRF header; the browser sets the boundary): the request's fields
   * as text and the file in the declared file field (left out where the call allows it).
   */
  callForm<N extends MultipartCallName>(name: N, fields: CallRequest<N>, file?: Blob): Promise<CallAnswer<N>>;
  /**
   * A call's GET twin (contracts' internalRoutes), whatever its declared method: a read that needs no
   * CSRF token, so a visitor's page makes no token call (beatmatch_license_verify).
   */
  callGet<N extends JsonCallName>(name: N, ...request: CallArgs<N>): Promise<CallAnswer<N>>;
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

/** Turns a refusal into an ApiError with the server's message and code. */
function failure(response: Response, data: Record<string, unknown> | undefined): never {
  const message =
    typeof data?.message === 'string'
      ? data.message
      : response.status >= 500
        ? NETWORK_ERROR_MESSAGE
        : `Request failed (${response.status})`;
  const requestId = response.headers?.get(HEADERS.requestId) ?? undefined;
  throw new ApiError(
    message,
    response.status,
    typeof data?.code === 'string' ? data.code : undefined,
    requestId,
  );
}

/** A failed call, reported where reporting is on ("User not authenticated" is handled silently: spec §8). */
function reportFailedCall(name: string, error: unknown) {
  if (name === REPORT_CALL || isNotAuthenticated(error)) return;
  const status = error instanceof ApiError ? error.status : 0;
  const traceId = error instanceof ApiError ? error.requestId : undefined;
  reportError({
    kind: 'api',
    call: name,
    status,
    message: describeError(error),
    ...(traceId ? { traceId } : {}),
  });
}

/** The call's promise, its failure reported on the way out. */
const reportingFailure = <T>(name: string, pending: Promise<T>): Promise<T> =>
  pending.catch((error: unknown) => {
    reportFailedCall(name, error);
    throw error;
  });

/**
 * The CSRF token, fetched once for everyone: calls made at the same time wait for the same request (two
 * fetches at once would each set the cookie, and the first call would fail its check).
 */
function csrfTokens(send: (input: string, init: RequestInit) => Promise<Response>) {
  let csrfToken: Promise<string> | undefined;

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

  return {
    current(): Promise<string> {
      if (!csrfToken) {
        csrfToken = fetchCsrfToken();
        // A failed fetch is not remembered: the next call tries again.
        csrfToken.catch(() => (csrfToken = undefined));
      }
      return csrfToken;
    },
    /** Drops a token the server refused (unless another call has fetched a new one since). */
    forget(refused: Promise<string>) {
      if (csrfToken === refused) csrfToken = undefined;
    },
  };
}

export function createApiClient(
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): ApiClient {
  async function send(input: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(input, { credentials: 'same-origin', ...init });
    } catch {
      throw new NetworkError();
    }
  }
  const tokens = csrfTokens(send);

  async function sendWithToken<T>(
    path: string,
    init: (token: string) => RequestInit,
    isRetry = false,
  ): Promise<T> {
    const tokenPromise = tokens.current();
    const token = await tokenPromise;
    const response = await send(path, init(token));
    const data = await readJson(response);
    if (response.ok) return data as T;
    // The token may have rotated (a new visitor cookie): fetch a fresh one once and try again.
    if (response.status === 403 && data?.code === ERROR_CODES.csrfInvalid && !isRetry) {
      tokens.forget(tokenPromise);
      return sendWithToken<T>(path, init, true);
    }
    return failure(response, data);
  }

  function post<T>(path: string, body: object): Promise<T> {
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

  return {
    call: (name, ...request) =>
      reportingFailure(
        name,
        isGetCall(name) ? getJson(callAddress(name, ...request)) : post(callUrl(name), request[0] ?? {}),
      ),
    callForm: (name, fields, file) =>
      reportingFailure(name, postForm(callUrl(name), formOf(fields, fileField(name), file))),
    callGet: (name, ...request) => reportingFailure(name, getJson(callAddress(name, ...request))),
  };
}

/** A multipart request: every field as text, the file (a File keeps its name) in its field. */
function formOf(fields: object, fileFieldName: string, file: Blob | undefined): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  if (file) form.set(fileFieldName, file);
  return form;
}
