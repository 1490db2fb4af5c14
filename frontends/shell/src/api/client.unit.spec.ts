import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, createApiClient, isNotAuthenticated } from './client';

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

  it("turns a problem+json reply into an ApiError with the server's message", async () => {
    const { fetch } = fakeFetch([
      json(200, { csrfToken: 't' }),
      json(401, { message: 'User not authenticated' }),
    ]);
    const error = await createApiClient(fetch)
      .post('/api/beatmatch_auth')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isNotAuthenticated(error)).toBe(true);
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
