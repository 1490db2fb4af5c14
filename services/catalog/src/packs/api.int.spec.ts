import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import request from 'supertest';
import { beatFileKey, FREE_ENTITLEMENTS, PACK_MESSAGES } from '@beatmatch/contracts';
import type { MailMessage } from '@beatmatch/platform';
import { sampleDna, waitFor } from '@beatmatch/testing';
import { SqlEntitlements } from '../entitlements/projection';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';

/**
 * The beat-pack calls on real PostgreSQL: the plan and ownership checks, bad input, the share list and
 * its mails, a signed-out artist's e-mail verification and downloads with exactly the rights granted.
 */
let bed: CatalogTestbed;
let catalog: CatalogService;
const mails: MailMessage[] = [];
const ann = { userId: randomUUID(), userName: 'ann', email: 'ann@example.com' };
const bob = { userId: randomUUID(), userName: 'bob', email: 'bob@example.com' };
const artist = 'Artist@Example.com';
const headers = {} as Record<'ann' | 'bob' | 'visitor' | 'artist', Record<string, string>>;

beforeAll(async () => {
  bed = await catalogTestbed('packs');
  catalog = await bed.catalog({
    relayPollMs: 50,
    mailer: { send: async (mail) => void mails.push(mail) },
    publicUrl: () => 'https://beatmatch.test',
  });
  await catalog.start();
  headers.ann = await bed.headers(ann);
  headers.bob = await bed.headers(bob);
  headers.visitor = await bed.headers();
  headers.artist = await bed.headers({
    userId: randomUUID(),
    userName: 'artist',
    email: 'artist@example.com',
  });
  const plan = { ...FREE_ENTITLEMENTS, producerPlan: 'producer_professional' as const };
  await SqlEntitlements.record(bed.db, bed.schema, ann.userId, plan, new Date().toISOString());
});
afterAll(() => bed?.close());

/** A published beat of ann's (private: an upload without a snippet). */
async function publishedBeat(name: string, kind: 'public' | 'private' = 'public') {
  const beatId = randomUUID();
  const { commands } = catalog;
  await commands.draftBeat({
    beatId,
    producerId: ann.userId,
    producerName: ann.userName,
    name,
    kind,
    prices: { firstDate: 2500, relationship: 4000, marriage: null },
  });
  const types = kind === 'public' ? (['snippet', 'mp3', 'wav'] as const) : (['mp3', 'wav'] as const);
  for (const type of types) {
    const bytes = Buffer.from(`${type} of ${name} `.repeat(20));
    await bed.blobs.put(beatFileKey(beatId, type), Readable.from([bytes]));
    await commands.recordFile(beatId, type, beatFileKey(beatId, type), bytes.length);
  }
  await commands.receiveFiles(beatId, { name, zipUploaded: false, cover: null });
  await commands.startAnalysis(beatId);
  await commands.completeAnalysis(beatId, { dna: sampleDna() });
  return beatId;
}

const post = (as: keyof typeof headers, path: string, body: object = {}) =>
  request(catalog.app).post(path).set(headers[as]).send(body);
const get = (as: keyof typeof headers, path: string, query: Record<string, string>) =>
  request(catalog.app).get(path).set(headers[as]).query(query);

it('refuses the manager to a producer without Professional or Unlimited, and to visitors', async () => {
  expect((await post('bob', '/packs/mine')).body).toMatchObject({ detail: PACK_MESSAGES.noAccess });
  expect((await post('bob', '/packs/mine')).status).toBe(403);
  expect((await post('visitor', '/packs/mine')).status).toBe(401);
});

it('answers bad input with 400 and the message, and writes nothing', async () => {
  expect((await post('ann', '/packs/add', { scope: 'Add Secret Pack' })).status).toBe(400);
  expect((await post('ann', '/packs/beats/add', { beatPackId: 'x' })).body).toMatchObject({
    detail: PACK_MESSAGES.beatRequired,
  });
  const share = await post('ann', '/packs/shares/save', {
    beatPackId: 'x',
    list: [{ email: 'not an e-mail' }],
  });
  expect(share.body).toMatchObject({ status: 400, detail: PACK_MESSAGES.emailInvalid });
  expect((await post('ann', '/packs/mine')).body).toEqual({ packs: [] });
  expect((await post('visitor', '/packs/sign-in', { step: 2, email: artist, code: '12' })).status).toBe(400);
  expect((await get('visitor', '/packs/private', {})).status).toBe(400);
  expect(
    (await post('visitor', '/packs/download', { downloadable: 'wav', beatId: 'b', urlId: 'u' })).status,
  ).toBe(400);
});

it('shares a private pack of two beats by e-mail, MP3 only: the signed-out artist verifies and gets exactly that', async () => {
  const pack = (await post('ann', '/packs/add', { scope: 'Add Private Pack', name: 'For labels' })).body.pack;
  expect(pack).toMatchObject({ name: 'For labels', private: 1, beats: [] });
  const first = await publishedBeat('Night Drive');
  const second = await publishedBeat('Unreleased', 'private');
  for (const beatId of [first, second, first])
    expect((await post('ann', '/packs/beats/add', { beatId, beatPackId: pack.id })).status).toBe(200);
  const suggestions = await post('ann', '/packs/beat-suggestions', { input: 'night', beatPackId: pack.id });
  expect(suggestions.body).toEqual({ data: [] });

  // Bob sees no pack of ann's: 404 everywhere, as for a pack that does not exist.
  await SqlEntitlements.record(
    bed.db,
    bed.schema,
    bob.userId,
    { ...FREE_ENTITLEMENTS, lifer: true },
    new Date().toISOString(),
  );
  for (const [path, body] of [
    ['/packs/shares', { beatPackId: pack.id }],
    ['/packs/shares/save', { beatPackId: pack.id, list: [] }],
    ['/packs/beats/add', { beatPackId: pack.id, beatId: first }],
    ['/packs/beat-suggestions', { beatPackId: pack.id, input: 'a' }],
    ['/packs/beats/remove', { packId: pack.id, beatId: first }],
  ] as const)
    expect({ path, status: (await post('bob', path, body)).status }).toEqual({ path, status: 404 });

  const list = [
    { email: artist, downloadMp3: 1, downloadStems: 0 },
    { email: ' artist@example.com ', downloadMp3: 0, downloadStems: 1 },
  ];
  const saved = await post('ann', '/packs/shares/save', { beatPackId: pack.id, list });
  expect(saved.body.users).toEqual([
    expect.objectContaining({ email: 'artist@example.com', downloadMp3: 1, downloadStems: 0, deleted: 0 }),
  ]);
  await waitFor('the share mail', () => mails.some((mail) => mail.to === 'artist@example.com'));
  expect(mails[0]!.text).toContain(`https://beatmatch.test/packs?id=${pack.url}`);

  expect((await get('visitor', '/packs/private', { urlId: pack.url })).status).toBe(404);
  // Whether the address names a private pack or none, the answers are the same.
  for (const urlId of [pack.url, randomUUID()]) {
    const visibility = await post('visitor', '/packs/visibility', { urlId });
    expect({ status: visibility.status, body: visibility.body }).toEqual({
      status: 200,
      body: { isPrivate: true },
    });
    const view = await get('visitor', '/packs/private', { urlId });
    expect({ status: view.status, body: view.body }).toEqual({
      status: 404,
      body: expect.objectContaining({ detail: PACK_MESSAGES.packNotFound }),
    });
  }
  const step1 = await post('visitor', '/packs/sign-in', { step: 1, email: artist });
  expect(step1.body).toEqual({ step: 1, message: PACK_MESSAGES.codeSent });
  await waitFor('the code mail', () => mails.some((mail) => /code is \d{6}/.test(mail.text)));
  const code = /code is (\d{6})/.exec(mails.find((mail) => /code is/.test(mail.text))!.text)![1]!;
  const wrong = code === '000000' ? '111111' : '000000';
  expect(
    (await post('visitor', '/packs/sign-in', { step: 2, email: artist, code: wrong })).body,
  ).toMatchObject({
    detail: PACK_MESSAGES.codeWrong,
  });
  const step2 = await post('visitor', '/packs/sign-in', { step: 2, email: artist, code });
  expect(step2.status).toBe(200);
  const access = step2.body.access as string;

  const view = await get('visitor', '/packs/private', { urlId: pack.url, access });
  expect(view.body).toMatchObject({
    name: 'For labels',
    producer: 'ann',
    beats: 2,
    isPrivate: true,
    signedIn: false,
  });
  expect(
    view.body.beatList.map((beat: { beatName: string; downloadMp3: number; downloadStems: number }) => [
      beat.beatName,
      beat.downloadMp3,
      beat.downloadStems,
    ]),
  ).toEqual([
    ['Night Drive', 1, 0],
    ['Unreleased', 1, 0],
  ]);
  const mp3 = await post('visitor', '/packs/download', {
    downloadable: 'mp3',
    beatId: second,
    urlId: pack.url,
    access,
  });
  expect(mp3.status).toBe(200);
  expect(mp3.body.url).toEqual(expect.any(String));
  const stems = await post('visitor', '/packs/download', {
    downloadable: 'stems',
    beatId: second,
    urlId: pack.url,
    access,
  });
  expect(stems.body).toMatchObject({ status: 403, detail: PACK_MESSAGES.noDownloadRight });
  expect((await get('artist', '/packs/shared-with-me', {})).body).toEqual({
    data: [{ producer: 'ann', beatPacks: [{ name: 'For labels', url: pack.url }] }],
  });
  expect((await get('bob', '/packs/private', { urlId: pack.url })).status).toBe(404);
  expect((await get('visitor', '/packs/public', { urlId: pack.url })).status).toBe(404);
});

it('keeps private beats out of a public pack, which anyone may view', async () => {
  const pack = (await post('ann', '/packs/add', { scope: 'Add Public Pack' })).body.pack;
  const open = await publishedBeat('Open Air');
  const hidden = await publishedBeat('Hidden', 'private');
  expect((await post('ann', '/packs/beats/add', { beatId: hidden, beatPackId: pack.id })).body).toMatchObject(
    {
      detail: PACK_MESSAGES.privateBeatInPublicPack,
    },
  );
  expect((await post('ann', '/packs/beat-suggestions', { input: 'hid', beatPackId: pack.id })).body).toEqual({
    data: [],
  });
  await post('ann', '/packs/beats/add', { beatId: open, beatPackId: pack.id });
  const view = await get('visitor', '/packs/public', { urlId: pack.url });
  expect(view.body).toMatchObject({
    beats: 1,
    isPrivate: false,
    beatList: [{ beatName: 'Open Air', firstDatePackage: '25.00' }],
  });
  expect(view.body.beatList[0].audioSrc).toContain(open);
  expect((await post('ann', '/packs/beats/remove', { beatId: open, packId: pack.id })).status).toBe(200);
  expect((await get('visitor', '/packs/public', { urlId: pack.url })).body.beats).toBe(0);
});
