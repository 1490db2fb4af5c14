import { ApiError, createApiClient } from './apiClient';
import { catalogApi } from './catalog';

type Call = { url: string; init?: RequestInit };

function fakeFetch(replies: Array<() => Response>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call ${url}`);
    return reply();
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the catalog client', () => {
  it('sends finalize as multipart with the CSRF header and the cover file', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 't1' }),
      json(200, { uploaded: true, beatId: 'b1' }),
    ]);
    const catalog = catalogApi(createApiClient(fetch));
    const cover = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await expect(
      catalog.finalize({ name: 'Night', beatRefId: 'b1', zipUploaded: false, coverArt: cover }),
    ).resolves.toEqual({
      uploaded: true,
      beatId: 'b1',
    });
    const sent = calls[1]!;
    expect(sent.url).toBe('/api/beatmatch_upload_beat');
    const headers = sent.init!.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('t1');
    // The browser writes the multipart boundary itself: no content type of ours.
    expect(headers['content-type']).toBeUndefined();
    const form = sent.init!.body as FormData;
    expect(form.get('name')).toBe('Night');
    expect(form.get('beatRefId')).toBe('b1');
    expect(form.get('zipUploaded')).toBe('false');
    expect(form.get('coverArt')).toBeInstanceOf(Blob);
  });

  it('reads the last uploaded price with a GET and turns a refusal into the server text', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { firstDatePackage: '19.99', relationshipPackage: '39.99', marriagePackage: '-' }),
      json(401, { message: 'Please log in.', code: 'unauthenticated' }),
    ]);
    const catalog = catalogApi(createApiClient(fetch));
    await expect(catalog.lastUploadedPrice()).resolves.toMatchObject({ firstDatePackage: '19.99' });
    expect(calls[0]).toMatchObject({ url: '/api/beatmatch_last_uploaded_price', init: { method: 'GET' } });
    const error = await catalog.lastUploadedPrice().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please log in.', status: 401, code: 'unauthenticated' });
  });

  it('asks for a whole-catalogue price change as beatId 0 named All Beats', async () => {
    const { fetch, calls } = fakeFetch([
      json(200, { csrfToken: 't' }),
      json(200, { updated: 2, message: 'ok' }),
    ]);
    await catalogApi(createApiClient(fetch)).editPrices('0', 'All Beats', {
      firstDatePackagePrice: '10.00',
      relationshipPackagePrice: '20.00',
      marriagePackagePrice: '-',
    });
    expect(JSON.parse(String(calls[1]!.init!.body))).toEqual({
      beatId: '0',
      beatName: 'All Beats',
      price: { firstDatePackagePrice: '10.00', relationshipPackagePrice: '20.00', marriagePackagePrice: '-' },
    });
  });
});
