import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  createApiClient,
  isNotAuthenticated,
  isRateLimited,
  isUnavailable,
} from './apiClient';

type Call = { url: string; init?: RequestInit };

function fakeFetch(replies: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call ${url}`);
    return reply(call);
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the gateway client', () => {
  it('fetches the CSRF token once and sends it on every POST', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 't1' }),
      json(200, { a: 1 }),
      json(200, { b: 2 }),
    ]);
    const api = createApiClient(fetch);
    await expect(api.post('/api/one', { x: 1 })).resolves.toEqual({ a: 1 });
    await expect(api.post('/api/two')).resolves.toEqual({ b: 2 });
    expect(calls.map((call) => call.url)).toEqual(['/api/csrf', '/api/one', '/api/two']);
    expect(calls[1]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"x":1}' });
    expect((calls[1]!.init!.headers as Record<string, string>)['x-csrf-token']).toBe('t1');
  });

  it('refetches the token and retries once on csrf_invalid', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 'old' }),
      json(403, { code: 'csrf_invalid', message: 'Invalid CSRF token' }),
      json(200, { csrfToken: 'new' }),
      json(200, { ok: true }),
    ]);
    await expect(createApiClient(fetch).post('/api/x')).resolves.toEqual({ ok: true });
    expect((calls[3]!.init!.headers as Record<string, string>)['x-csrf-token']).toBe('new');
  });

  it('does not retry a second time', async () => {
    const invalid = json(403, { code: 'csrf_invalid', message: 'Invalid CSRF token' });
    const { fetch } = fakeFetch([
      json(200, { csrfToken: 'a' }),
      invalid,
      json(200, { csrfToken: 'b' }),
      invalid,
    ]);
    await expect(createApiClient(fetch).post('/api/x')).rejects.toMatchObject({
      status: 403,
      message: 'Invalid CSRF token',
    });
  });

  it('shares one token fetch between calls made at the same time', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 'only' }),
      json(200, { a: 1 }),
      json(200, { b: 2 }),
    ]);
    const api = createApiClient(fetch);
    await Promise.all([api.post('/api/one'), api.post('/api/two')]);
    expect(calls.filter((call) => call.url === '/api/csrf')).toHaveLength(1);
    for (const call of calls.slice(1))
      expect((call.init!.headers as Record<string, string>)['x-csrf-token']).toBe('only');
  });

  it('fetches the token again after a failed token fetch', async () => {
    const { fetch, calls } = fakeFetch([
      json(502, { message: 'Error - please reload the page and try again.' }),
      json(200, { csrfToken: 't' }),
      json(200, { ok: true }),
    ]);
    const api = createApiClient(fetch);
    await expect(api.post('/api/x')).rejects.toMatchObject({ status: 502 });
    await expect(api.post('/api/x')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(['/api/csrf', '/api/csrf', '/api/x']);
  });

  it("turns a problem+json reply into an ApiError with the server's message and code", async () => {
    const { fetch } = fakeFetch([
      json(200, { csrfToken: 't' }),
      json(401, { message: 'User not authenticated', code: 'unauthenticated' }),
    ]);
    const error = await createApiClient(fetch)
      .post('/api/beatmatch_auth')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'User not authenticated', status: 401, code: 'unauthenticated' });
    expect(isNotAuthenticated(error)).toBe(true);
  });

  it('recognises "unauthenticated" by its code, not by the wording', async () => {
    expect(isNotAuthenticated(new ApiError('Please log in again', 401, 'unauthenticated'))).toBe(true);
    expect(isNotAuthenticated(new ApiError('User not authenticated', 400, 'validation'))).toBe(false);
  });

  it('tells a rate limit and an unavailable gateway apart from other refusals', async () => {
    expect(isRateLimited(new ApiError('Too many attempts.', 429, 'rate_limited'))).toBe(true);
    expect(isUnavailable(new ApiError('Error - please reload the page and try again.', 502))).toBe(true);
    expect(isUnavailable(new NetworkError())).toBe(true);
    expect(isUnavailable(new ApiError('Invalid code.', 400, 'invalid_code'))).toBe(false);
  });

  it('reports a transport failure as a NetworkError with the reload text', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await createApiClient(fetch)
      .post('/api/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Error - please reload the page and try again.');
  });
});
