import { expect, type APIRequestContext } from '@playwright/test';
import { demoCover, renderDemoAudio } from '../services/catalog/src/demo/files';

// The producer's workspace journey's set-up through the gateway's API, as the pages make these calls:
// beats uploaded the way the wizard sends them (published by the upload workflow), a plan paid on the
// embedded test provider. The journey itself drives the pages it is about.

/**
 * A POST with the browser context's cookies and a fresh CSRF token; the status and the JSON body. A
 * connection the busy app reset is tried again.
 */
export async function apiPost(
  request: APIRequestContext,
  path: string,
  data: object = {},
  attempts = 3,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
    const response = await request.post(path, { data, headers: { 'x-csrf-token': csrfToken } });
    return {
      status: response.status(),
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    };
  } catch (error) {
    if (attempts <= 1 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return apiPost(request, path, data, attempts - 1);
  }
}

async function ok(request: APIRequestContext, path: string, data: object = {}) {
  const reply = await apiPost(request, path, data);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Pays a producer plan with the test provider's good card. */
export async function subscribeProducer(request: APIRequestContext, plan: string) {
  const { sessionId } = await ok(request, '/api/create_subscription_checkout', { type: 'producer', plan });
  await ok(request, '/api/beatmatch_test_checkout_pay', { sessionId, cardNumber: '4242 4242 4242 4242' });
}

/** One beat through the upload path (reference, three files by signed URL, finalize); its id. */
export async function uploadBeat(request: APIRequestContext, name: string, seed: number): Promise<string> {
  const sound = renderDemoAudio({
    seed,
    bpm: 80 + (seed % 60),
    beatsPerBar: 4,
    feel: 'straight',
    tonic: seed % 12,
    mode: 'minor',
    timbre: 'B',
  });
  const { beatRefId } = (await ok(request, '/api/beatmatch_create_reference', {
    name,
    isBeatBattle: false,
    isMySound: false,
    firstDatePackagePrice: '19.99',
    relationshipPackagePrice: '39.99',
    marriagePackagePrice: '-',
  })) as { beatRefId: string };
  for (const [type, bytes] of [
    ['snippet', sound.mp3],
    ['mp3', sound.mp3],
    ['wav', sound.wav],
  ] as const) {
    const { data } = (await ok(request, '/api/get_presignedUrl', {
      fileKey: `x.${type}`,
      type,
      trackId: beatRefId,
    })) as { data: string };
    const put = await request.put(data, { data: bytes });
    expect(put.status()).toBe(200);
    await ok(request, '/api/aws_upload', { type, refId: beatRefId, isBeatBattle: false, isMySound: false });
  }
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const finalized = await request.post('/api/beatmatch_upload_beat', {
    headers: { 'x-csrf-token': csrfToken },
    multipart: {
      name,
      beatRefId,
      zipUploaded: 'false',
      coverArt: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: demoCover([200, 40, 40], [20, 20, 120], seed),
      },
    },
  });
  expect(finalized.status()).toBe(200);
  return beatRefId;
}

/** Waits until the upload workflow has analysed and published every one of `beatIds`. */
export async function whenPublished(request: APIRequestContext, beatIds: string[]) {
  await expect
    .poll(
      async () => {
        const listed = await apiPost(request, '/api/beatmatch_manage_beats');
        const uploaded = (listed.body.uploaded ?? []) as { beatId: string }[];
        return beatIds.filter((id) => uploaded.some((row) => row.beatId === id)).length;
      },
      { timeout: 300_000, intervals: [3_000] },
    )
    .toBe(beatIds.length);
}
