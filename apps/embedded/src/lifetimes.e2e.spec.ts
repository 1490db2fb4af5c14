import { signedInClient, type ApiClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { addToCart, announcedBeat, createDraft, deviceOf, payCart } from './fixtures/world';

/**
 * Lifetimes on the shipped app's clock (EmbeddedOptions.clock: the services and the blob store's
 * URL signing read it), moved forward instead of waiting: each signed URL and link works a moment
 * before its lifetime ends and is refused a moment after.
 */
/**
 * The app's clock: the real one, until a test freezes it at an instant and moves it by hand (a slow
 * machine's seconds between signing and checking would otherwise eat into a lifetime).
 */
let frozenAt: number | undefined;
let offsetMs = 0;
const shipped = shippedSystem('lifetimes', {
  clock: () => new Date((frozenAt ?? Date.now()) + offsetMs),
});
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());
afterEach(() => {
  frozenAt = undefined;
  offsetMs = 0;
});

/** Freezes the app's clock now; `at(s)` then sets it `s` seconds after that instant. */
function freeze() {
  frozenAt = Date.now();
  offsetMs = 0;
  return (seconds: number) => {
    offsetMs = seconds * 1000;
  };
}

/** The status of fetching a signed URL (`init` for a PUT); the body is read and dropped. */
async function statusOf(client: ApiClient, url: string, init: RequestInit = {}) {
  const address = new URL(url, shipped.current.url);
  const response = await client.fetch(address.pathname + address.search, init);
  await response.arrayBuffer();
  return response.status;
}

it('a download URL lives 300 s (spec: short-lived signed download links)', async () => {
  const system = shipped.current;
  const buyer = await signedInClient(system, 'lifetimebuyer', 'artist');
  const uuid = await deviceOf(buyer);
  const beat = await announcedBeat(system);
  await addToCart(buyer, uuid, beat.beatId);
  const [purchaseId] = await payCart(buyer, uuid);
  const at = freeze();
  const signed = await buyer.post<{ url: string }>('get_downloadable', {
    downloadable: 'license',
    beatId: beat.beatId,
    urlId: purchaseId,
  });
  expect(signed.status).toBe(200);
  at(299);
  expect({ after: '299 s', status: await statusOf(buyer, signed.body.url) }).toEqual({
    after: '299 s',
    status: 200,
  });
  at(301);
  expect({ after: '301 s', status: await statusOf(buyer, signed.body.url) }).toEqual({
    after: '301 s',
    status: 403,
  });
});

it('an upload URL lives 15 minutes (long enough to start sending a file)', async () => {
  const producer = await signedInClient(shipped.current, 'lifetimeproducer', 'prod');
  const beatId = await createDraft(producer, 'Lifetime Draft');
  const sign = async (type: 'snippet' | 'mp3') =>
    (
      await producer.post<{ data: string }>('get_presignedUrl', {
        fileKey: `x.${type}`,
        type,
        trackId: beatId,
      })
    ).body.data;
  const put = (url: string) => statusOf(producer, url, { method: 'PUT', body: new Uint8Array(16) });

  const at = freeze();
  const first = await sign('snippet');
  at(899);
  expect({ after: '899 s', status: await put(first) }).toEqual({ after: '899 s', status: 200 });
  const second = await sign('mp3');
  at(899 + 901);
  expect({ after: '901 s', status: await put(second) }).toEqual({ after: '901 s', status: 403 });
});

it('a password reset link lives 60 minutes', async () => {
  const system = shipped.current;
  const user = await signedInClient(system, 'lifetimereset', 'artist');
  const seen = new Set<string>();
  const link = async () => {
    await user.post('beatmatch_forgot_password', { email: user.email });
    const mail = await system.devMailbox.waitFor(
      (m) => m.to === user.email && /reset/i.test(m.subject) && !seen.has(m.text),
    );
    seen.add(mail.text);
    return { jwt: /auth=([A-Za-z0-9_.-]+)/.exec(mail.text)![1]! };
  };
  const verify = async (jwt: string) => (await user.post('beatmatch_jwt_authenticate', { jwt })).status;

  const at = freeze();
  const first = await link();
  at(59 * 60);
  expect({ after: '59 min', status: await verify(first.jwt) }).toEqual({ after: '59 min', status: 200 });
  at(0);
  const second = await link();
  at(61 * 60);
  expect({ after: '61 min', status: await verify(second.jwt) }).toEqual({ after: '61 min', status: 400 });
});
