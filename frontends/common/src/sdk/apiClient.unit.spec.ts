import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  createApiClient,
  isNotAuthenticated,
  isRateLimited,
  isUnavailable,
} from './apiClient';
import { callAddress } from './callAddress';

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
    await expect(api.call('get_lyrics', { beatId: 'b1' })).resolves.toEqual({ a: 1 });
    await expect(api.call('total_beats')).resolves.toEqual({ b: 2 });
    expect(calls.map((call) => call.url)).toEqual(['/api/csrf', '/api/get_lyrics', '/api/total_beats']);
    expect(calls[1]!.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"beatId":"b1"}',
    });
    // A call that takes no request sends an empty object.
    expect(calls[2]!.init).toMatchObject({ method: 'POST', body: '{}' });
    expect((calls[1]!.init!.headers as Record<string, string>)['x-csrf-token']).toBe('t1');
  });

  it('sends a GET call with its request as the query string and no CSRF token', async () => {
    const { fetch, calls } = fakeFetch([json(200, { marriagePackage: '-' })]);
    await expect(createApiClient(fetch).call('beatmatch_last_uploaded_price')).resolves.toEqual({
      marriagePackage: '-',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/beatmatch_last_uploaded_price', init: { method: 'GET' } });
  });

  it("asks a call's GET twin with the query string, whatever the declared method", async () => {
    const { fetch, calls } = fakeFetch([json(200, { genuine: false })]);
    await createApiClient(fetch).callGet('beatmatch_license_verify', { purchaseId: 'p 1&2' });
    expect(calls[0]).toMatchObject({
      url: '/api/beatmatch_license_verify?purchaseId=p+1%262',
      init: { method: 'GET' },
    });
  });

  it('sends a multipart call: its fields as text, the file in the declared field, the CSRF header', async () => {
    const { fetch, calls } = fakeFetch([json(200, { csrfToken: 't' }), json(200, { coverArtUrl: '/c' })]);
    const cover = new File([new Uint8Array([1])], 'cover.png', { type: 'image/png' });
    await createApiClient(fetch).callForm('beatmatch_manage_beats_change_cover_art', { beatId: 'b1' }, cover);
    expect(calls[1]!.url).toBe('/api/beatmatch_manage_beats_change_cover_art');
    expect((calls[1]!.init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');
    const form = calls[1]!.init!.body as FormData;
    expect(form.get('beatId')).toBe('b1');
    expect((form.get('coverArt') as File).name).toBe('cover.png');
  });

  it('builds the address an element loads, leaving out fields that are not set', () => {
    expect(callAddress('beatmatch_cover_art', { beatId: 'b1', v: undefined })).toBe(
      '/api/beatmatch_cover_art?beatId=b1',
    );
    expect(callAddress('beatmatch_example_drake')).toBe('/api/beatmatch_example_drake');
  });

  it('refetches the token and retries once on csrf_invalid', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 'old' }),
      json(403, { code: 'csrf_invalid', message: 'Invalid CSRF token' }),
      json(200, { csrfToken: 'new' }),
      json(200, { ok: true }),
    ]);
    await expect(createApiClient(fetch).call('total_beats')).resolves.toEqual({ ok: true });
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
    await expect(createApiClient(fetch).call('total_beats')).rejects.toMatchObject({
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
    await Promise.all([api.call('total_beats'), api.call('beatmatch_pioneers')]);
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
    await expect(api.call('total_beats')).rejects.toMatchObject({ status: 502 });
    await expect(api.call('total_beats')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(['/api/csrf', '/api/csrf', '/api/total_beats']);
  });

  it("turns a problem+json reply into an ApiError with the server's message and code", async () => {
    const { fetch } = fakeFetch([
      json(200, { csrfToken: 't' }),
      json(401, { message: 'User not authenticated', code: 'unauthenticated' }),
    ]);
    const error = await createApiClient(fetch)
      .call('beatmatch_auth')
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
      .call('total_beats')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Error - please reload the page and try again.');
  });
});
