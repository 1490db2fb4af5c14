import express from 'express';
import request from 'supertest';
import {
  COMMERCE_TOPIC,
  CATALOG_TOPIC,
  FREE_ENTITLEMENTS,
  integrationEvent,
  MATCHMAKER_TOPIC,
  type BeatDna,
  type IntegrationEvent,
} from '@beatmatch/contracts';
import { blobRoutes, createLogger, INTERNAL_TOKEN_HEADER } from '@beatmatch/platform';
import { sampleDna } from '@beatmatch/testing';
import { encodePng } from '../demo/files';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { DraftSweeper } from './sweeper';

/**
 * The catalog's API on real PostgreSQL (a schema of its own), the filesystem blob store behind its
 * signed-URL routes and the in-process bus: every call of the upload wizard and Manage Beats, and the
 * bad inputs the issue names (another producer's reference, negative price, oversized and non-square
 * covers, the fourth upload on the free plan, no session).
 */
let bed: CatalogTestbed;
let blobApp: express.Express;
const published: IntegrationEvent[] = [];
let catalog: CatalogService;
const tokens: Record<string, string> = {};
const started: string[] = [];

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const CAROL = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  bed = await catalogTestbed('api');
  blobApp = express();
  blobApp.use('/blobs', blobRoutes(bed.blobs));
  tokens.anonymous = await bed.issuer.issue({});
  tokens.ann = await bed.issuer.issue({ userId: ANN, userName: 'ann' });
  tokens.bob = await bed.issuer.issue({ userId: BOB, userName: 'bob' });
  tokens.carol = await bed.issuer.issue({ userId: CAROL, userName: 'carol' });
  await bed.bus.subscribe({
    groupId: 'test-recorder',
    topics: [CATALOG_TOPIC],
    handle: async (event) => void published.push(event),
  });
  catalog = await bed.catalog({
    relayPollMs: 50,
    crateSyncPollMs: 200,
    uploadWorkflow: () => ({ start: async (beatId) => void started.push(beatId) }),
  });
  await catalog.start();
});

afterAll(() => bed?.close());

const post = (who: string, route: string, body?: object) => {
  const call = request(catalog.app).post(route).set(INTERNAL_TOKEN_HEADER, tokens[who]!);
  return body === undefined ? call : call.send(body);
};
const get = (who: string, route: string) =>
  request(catalog.app).get(route).set(INTERNAL_TOKEN_HEADER, tokens[who]!);

/** A PNG of the given size (grey, 8-bit): a real image whose header image-size reads. */
function png(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) raw[row * (width + 1)] = 0;
  return encodePng(width, height, 'grey', raw);
}

const dna: BeatDna = sampleDna();

const prices = {
  firstDatePackagePrice: '25.00',
  relationshipPackagePrice: '40.50',
  marriagePackagePrice: '99.99',
};

/** Through the wizard: reference, signed PUT + confirm per file, then finalize with the cover. */
async function upload(
  who: string,
  options: { name?: string; stems?: boolean; cover?: Buffer | null; marriage?: string } = {},
) {
  const stems = options.stems ?? true;
  const reference = await post(who, '/uploads/reference', {
    name: options.name ?? 'Night Drive',
    isBeatBattle: false,
    isMySound: false,
    ...prices,
    marriagePackagePrice: options.marriage ?? (stems ? prices.marriagePackagePrice : '-'),
  });
  expect(reference.status).toBe(200);
  const beatId = reference.body.beatRefId as string;
  for (const type of stems ? ['snippet', 'mp3', 'wav', 'trackout'] : ['snippet', 'mp3', 'wav']) {
    await putFile(who, beatId, type, Buffer.from(`${type} bytes of ${beatId}`));
    const confirmed = await post(who, '/uploads/confirm', {
      type,
      refId: beatId,
      isBeatBattle: false,
      isMySound: false,
    });
    expect(confirmed.status).toBe(200);
  }
  const finalize = post(who, '/uploads/finalize')
    .field('name', options.name ?? 'Night Drive')
    .field('beatRefId', beatId)
    .field('zipUploaded', String(stems));
  const cover = options.cover === undefined ? png(64, 64) : options.cover;
  const response = await (cover ? finalize.attach('coverArt', cover, 'cover.png') : finalize);
  return { beatId, response };
}

async function putFile(who: string, beatId: string, type: string, data: Buffer, fileKey?: string) {
  const signed = await post(who, '/uploads/url', {
    type,
    trackId: beatId,
    fileKey: fileKey ?? `file.${type}`,
  });
  expect(signed.status).toBe(200);
  const put = await request(blobApp)
    .put(signed.body.data as string)
    .send(data);
  expect(put.status).toBe(200);
  return signed.body.data as string;
}

/** A stored blob's bytes as text. */
async function text(key: string): Promise<string> {
  const { body } = await bed.blobs.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const waitFor = async <T>(find: () => T | undefined, ms = 5000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('authentication and ownership', () => {
  it.each([
    ['/uploads/reference'],
    ['/uploads/url'],
    ['/uploads/confirm'],
    ['/uploads/finalize'],
    ['/beats/manage'],
    ['/beats/tags'],
    ['/beats/delete'],
    ['/beats/prices'],
    ['/beats/name'],
    ['/beats/cover-url'],
    ['/beats/cover'],
    ['/beats/totals'],
  ])('%s needs a signed-in user', async (route) => {
    const response = await post('anonymous', route, {});
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('User not authenticated');
  });

  it('refuses calls that do not come from the gateway', async () => {
    expect((await request(catalog.app).post('/beats/manage')).status).toBe(401);
  });

  it("refuses another producer's reference at every step, and their beat in every Manage Beats call", async () => {
    const reference = await post('ann', '/uploads/reference', { name: 'Mine', ...prices });
    const beatId = reference.body.beatRefId as string;
    const theirs = [
      ['/uploads/url', { type: 'wav', trackId: beatId }],
      ['/uploads/confirm', { type: 'wav', refId: beatId }],
      ['/beats/tags', { beatId }],
      ['/beats/delete', { beatId }],
      ['/beats/name', { beatId, beatName: 'Stolen' }],
      ['/beats/cover-url', { beatId }],
      ['/beats/prices', { beatId, beatName: 'Mine', price: prices }],
    ] as const;
    for (const [route, body] of theirs) {
      const response = await post('bob', route, body);
      expect({ route, status: response.status, message: response.body.message }).toEqual({
        route,
        status: 403,
        message: 'You can only change your own beats.',
      });
    }
    const finalize = await post('bob', '/uploads/finalize').field('name', 'x').field('beatRefId', beatId);
    expect(finalize.status).toBe(403);
    expect((await get('bob', `/beats/play?beatId=${beatId}`)).status).toBe(403);
    expect((await post('bob', '/beats/tags', { beatId: 'no-such-beat' })).status).toBe(404);
  });
});

describe('the upload wizard', () => {
  it('creates a reference, signs a PUT per file under the spec keys, confirms and finalizes with a cover', async () => {
    expect((await get('carol', '/uploads/last-price')).body).toEqual({
      firstDatePackage: null,
      relationshipPackage: null,
      marriagePackage: '-',
    });
    const reference = await post('carol', '/uploads/reference', { name: 'Sunrise', ...prices });
    const beatId = reference.body.beatRefId as string;
    const urls = {
      snippet: await putFile('carol', beatId, 'snippet', Buffer.from('s')),
      mp3: await putFile('carol', beatId, 'mp3', Buffer.from('m')),
      wav: await putFile('carol', beatId, 'wav', Buffer.from('w')),
      trackout: await putFile('carol', beatId, 'trackout', Buffer.from('r'), 'stems.rar'),
    };
    // Each URL writes an attempt of its own; confirm copies it to the spec's key.
    expect(urls.snippet).toMatch(new RegExp(`/blobs/uploads/${beatId}/snippet/[0-9a-f-]{36}\\.mp3\\?`));
    expect(urls.mp3).toMatch(new RegExp(`/blobs/uploads/${beatId}/mp3/[0-9a-f-]{36}\\.mp3\\?`));
    expect(urls.wav).toMatch(new RegExp(`/blobs/uploads/${beatId}/wav/[0-9a-f-]{36}\\.wav\\?`));
    expect(urls.trackout).toMatch(new RegExp(`/blobs/uploads/${beatId}/trackout/[0-9a-f-]{36}\\.rar\\?`));
    for (const type of ['snippet', 'mp3', 'wav', 'trackout'])
      expect((await post('carol', '/uploads/confirm', { type, refId: beatId })).status).toBe(200);

    const finalized = await post('carol', '/uploads/finalize')
      .field('name', 'Sunrise')
      .field('beatRefId', beatId)
      .field('zipUploaded', 'true')
      .attach('coverArt', png(2048, 2048), 'cover.png');
    expect(finalized.status).toBe(200);
    expect(finalized.body).toEqual({ uploaded: true, beatId });
    expect(started).toContain(beatId);
    const beat = await catalog.commands.getBeat(beatId);
    expect(beat).toMatchObject({
      status: 'filesReceived',
      files: {
        snippetKey: `snippets/${beatId}.mp3`,
        mp3Key: `wavs_and_mp3s/${beatId}.mp3`,
        wavKey: `wavs_and_mp3s/${beatId}.wav`,
        stemsKey: `trackouts/${beatId}.rar`,
      },
      prices: { firstDate: 2500, relationship: 4050, marriage: 9999 },
    });
    // Pending in Manage Beats until the analysis publishes it; a retried finalize changes nothing.
    const manage = await post('carol', '/beats/manage');
    expect(manage.body.pending).toEqual([
      expect.objectContaining({ beatId, beatName: 'Sunrise', isPending: true, thirdPackagePrice: '99.99' }),
    ]);
    expect(
      (await post('carol', '/uploads/finalize').field('name', 'Sunrise').field('beatRefId', beatId)).status,
    ).toBe(200);
    expect(
      (await catalog.store.readStream(`beat:${beatId}`)).events.filter((e) => e.type === 'BeatFilesReceived'),
    ).toHaveLength(1);
  });

  it('refuses a negative, missing or over-precise price', async () => {
    const cases = [
      [{ ...prices, firstDatePackagePrice: '-5.00' }, 'Prices can not be negative.'],
      [{ ...prices, relationshipPackagePrice: -1 }, 'Prices can not be negative.'],
      [{ ...prices, firstDatePackagePrice: '' }, 'Prices are required.'],
      [{ ...prices, firstDatePackagePrice: '1.234' }, 'Prices must be in dollars with at most 2 decimals.'],
      [{ ...prices, firstDatePackagePrice: 'ten' }, 'Prices must be in dollars with at most 2 decimals.'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await post('bob', '/uploads/reference', { name: 'Priced', ...body });
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
    }
    expect((await post('bob', '/uploads/reference', { name: '  ', ...prices })).body.message).toBe(
      'Beat name is required.',
    );
  });

  it('refuses a name too long or holding control or text-direction characters, with its reason', async () => {
    const control = 'Beat name can not contain control or text-direction characters.';
    const cases = [
      ['x'.repeat(5000), 'Beat name must be at most 200 characters.'],
      ['Ring\u0007', control],
      ['\u001b[31mRed', control],
      ['Evil\u202Eepyt', control],
      ['Isolated\u2066 name', control],
      ['C1\u0085next', control],
    ] as const;
    for (const [name, message] of cases) {
      const response = await post('bob', '/uploads/reference', { name, ...prices });
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
      const renamed = await post('bob', '/beats/name', { beatId: 'any', beatName: name });
      expect({ status: renamed.status, message: renamed.body.message }).toEqual({ status: 400, message });
    }
    const fine = await post('bob', '/uploads/reference', { name: 'Ünïcödé – fine', ...prices });
    expect(fine.status).toBe(200);
    await catalog.commands.deleteBeat(fine.body.beatRefId as string);
  });

  it.each([
    ['a 4096×4096 cover', png(4096, 4096), 'Cover art must be no larger than 2048x2048.'],
    ['a 3:2 cover', png(300, 200), 'Cover art must have a 1:1 aspect ratio.'],
    [
      'a file that is not an image',
      Buffer.from('GIF89a not really'),
      'Cover art must be a PNG or JPG image.',
    ],
    [
      'a PNG signature with a broken header',
      Buffer.concat([png(8, 8).subarray(0, 12)]),
      'Could not load cover art image.',
    ],
    ['no cover at all', null, 'Please select a valid image file.'],
  ])('refuses %s at finalize, and the beat stays a draft', async (_what, cover, message) => {
    const { beatId, response } = await upload('bob', { name: 'Covered', cover });
    expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
    expect((await catalog.commands.getBeat(beatId))?.status).toBe('draft');
    expect(await bed.blobs.list(`covers/${beatId}`)).toEqual([]);
    await catalog.commands.deleteBeat(beatId);
  });

  it('answers a broken multipart body with 400, never 500', async () => {
    const noBoundary = await post('bob', '/uploads/finalize')
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--');
    expect(noBoundary.status).toBe(400);
    const truncated = await post('bob', '/beats/cover')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\nContent-Disposition: form-data; name="beatId"\r\n\r\nabc');
    expect(truncated.status).toBe(400);
    const tooBig = await post('bob', '/beats/cover')
      .field('beatId', 'abc')
      .attach('coverArt', Buffer.alloc(1024 * 1024 + 10), 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Cover art must be a file of at most 1 MB.');
    const twice = await get('bob', '/beats/play?beatId=a&beatId=b');
    expect(twice.status).toBe(400);
  });

  it('makes an upload URL single-use: a PUT after confirm never reaches the beat, nor does a second confirm', async () => {
    const reference = await post('bob', '/uploads/reference', { name: 'Once', ...prices });
    const beatId = reference.body.beatRefId as string;
    const key = `wavs_and_mp3s/${beatId}.mp3`;
    const url = await putFile('bob', beatId, 'mp3', Buffer.from('the producer’s mp3'));
    expect(url).not.toContain(key);
    expect((await post('bob', '/uploads/confirm', { type: 'mp3', refId: beatId })).status).toBe(200);
    expect(await text(key)).toBe('the producer’s mp3');

    // The URL is still within its lifetime: what it takes lands on a spent attempt, never on the beat.
    await request(blobApp).put(url).send(Buffer.from('<html>swapped</html>'));
    expect(await text(key)).toBe('the producer’s mp3');
    const again = await post('bob', '/uploads/confirm', { type: 'mp3', refId: beatId });
    expect([again.status, again.body.message]).toEqual([
      400,
      'Empty fields. Please ensure all files were chosen.',
    ]);
    expect(await text(key)).toBe('the producer’s mp3');
    expect(await bed.blobs.list(`uploads/${beatId}/`)).toEqual([]);
    await catalog.commands.deleteBeat(beatId);
  });

  it('refuses to confirm a file that was never sent, and finalize without every file', async () => {
    const reference = await post('bob', '/uploads/reference', {
      name: 'Half',
      ...prices,
      marriagePackagePrice: '-',
    });
    const beatId = reference.body.beatRefId as string;
    const confirm = await post('bob', '/uploads/confirm', { type: 'wav', refId: beatId });
    expect(confirm.status).toBe(400);
    expect(confirm.body.message).toBe('Empty fields. Please ensure all files were chosen.');
    await putFile('bob', beatId, 'mp3', Buffer.alloc(0));
    expect((await post('bob', '/uploads/confirm', { type: 'mp3', refId: beatId })).body.message).toBe(
      'Empty fields. Please ensure all files were chosen.',
    );
    const finalize = await post('bob', '/uploads/finalize')
      .field('name', 'Half')
      .field('beatRefId', beatId)
      .attach('coverArt', png(32, 32), 'c.png');
    expect(finalize.status).toBe(400);
    expect(finalize.body.message).toBe('Empty fields. Please ensure all files were chosen.');
    await catalog.commands.deleteBeat(beatId);
  });

  it('refuses a signed PUT past the type limit (413) and a forged URL (403)', async () => {
    const reference = await post('bob', '/uploads/reference', { name: 'Big', ...prices });
    const beatId = reference.body.beatRefId as string;
    const signed = await post('bob', '/uploads/url', { type: 'snippet', trackId: beatId });
    expect(
      (
        await request(blobApp)
          .put(signed.body.data as string)
          .send(Buffer.alloc(1024 * 1024 + 1))
      ).status,
    ).toBe(413);
    const forged = (signed.body.data as string).replace('/snippet/', '/trackout/');
    expect((await request(blobApp).put(forged).send(Buffer.from('x'))).status).toBe(403);
    await catalog.commands.deleteBeat(beatId);
  });
});

describe('abandoned uploads', () => {
  it('removes the files of a draft left for more than a day, and frees its slot', async () => {
    const reference = await post('bob', '/uploads/reference', { name: 'Left', ...prices });
    const beatId = reference.body.beatRefId as string;
    await putFile('bob', beatId, 'wav', Buffer.from('w'));
    expect((await post('bob', '/uploads/confirm', { type: 'wav', refId: beatId })).status).toBe(200);
    await putFile('bob', beatId, 'mp3', Buffer.from('m')); // sent, never confirmed
    const sweeper = (hoursLater: number) =>
      new DraftSweeper({
        db: bed.db,
        schema: bed.schema,
        commands: catalog.commands,
        blobs: async () => bed.blobs,
        clock: () => new Date(Date.now() + hoursLater * 3_600_000),
        logger: createLogger('test', 'silent'),
      });
    expect(await sweeper(1).sweep()).toBe(0);
    expect(await bed.blobs.head(`wavs_and_mp3s/${beatId}.wav`)).not.toBeNull();
    expect(await sweeper(25).sweep()).toBeGreaterThanOrEqual(1);
    expect(await bed.blobs.head(`wavs_and_mp3s/${beatId}.wav`)).toBeNull();
    expect(await bed.blobs.head(`wavs_and_mp3s/${beatId}.mp3`)).toBeNull();
    expect(await catalog.commands.getBeat(beatId)).toBeNull();
  });
});

describe('publishing and Manage Beats', () => {
  let beatId: string;

  beforeAll(async () => {
    const uploaded = await upload('ann', { name: 'Night Drive' });
    expect(uploaded.response.status).toBe(200);
    beatId = uploaded.beatId;
  });

  it('publishes BeatPublished once when the analysis completes (a retried activity publishes nothing more)', async () => {
    await catalog.commands.startAnalysis(beatId);
    expect(await catalog.commands.completeAnalysis(beatId, { dna })).toEqual({ published: true });
    expect(await catalog.commands.completeAnalysis(beatId, { dna })).toEqual({ published: false });
    const event = await waitFor(() =>
      published.find(
        (e) => e.type === 'catalog.BeatPublished' && (e.payload as { beatId: string }).beatId === beatId,
      ),
    );
    expect(event.payload).toMatchObject({
      beatId,
      producerId: ANN,
      producerName: 'ann',
      name: 'Night Drive',
      prices: { firstDate: 2500, relationship: 4050, marriage: 9999 },
      isPrivate: false,
      crate: 'active',
      demo: false,
      coverArtUrl: `/api/beatmatch_cover_art?beatId=${beatId}&v=1`,
      files: { snippetKey: `snippets/${beatId}.mp3`, stemsKey: `trackouts/${beatId}.zip` },
      dna,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      published.filter(
        (e) => e.type === 'catalog.BeatPublished' && (e.payload as { beatId: string }).beatId === beatId,
      ),
    ).toHaveLength(1);
  });

  it('lists the beat with prices in dollars, its DNA tags, last price and totals', async () => {
    const manage = await post('ann', '/beats/manage');
    expect(manage.status).toBe(200);
    expect(manage.body.uploaded).toEqual([
      {
        beatId,
        beatName: 'Night Drive',
        coverArtUrl: `/api/beatmatch_cover_art?beatId=${beatId}&v=1`,
        firstDatePackagePrice: '25.00',
        secondPackagePrice: '40.50',
        thirdPackagePrice: '99.99',
        isPending: false,
        isPrivate: false,
        crate: 'active',
        failedReason: null,
      },
    ]);
    const tags = await post('ann', '/beats/tags', { beatId });
    expect(Object.keys(tags.body.data)).toHaveLength(19);
    expect(tags.body.data).toMatchObject({
      genreTags: ['hip hop'],
      keyPrediction: { value: 'A minor' },
      valence: 0.3,
      timeSignature: '4/4',
    });
    expect((await get('ann', '/uploads/last-price')).body).toEqual({
      firstDatePackage: '25.00',
      relationshipPackage: '40.50',
      marriagePackage: '99.99',
    });
    expect((await post('ann', '/beats/totals')).body).toEqual({
      data: [{ beatId, matches: 0, passes: 0, purchases: 0 }],
      matches: 0,
      passes: 0,
      purchases: 0,
    });
  });

  it('streams the full beat to its producer with Range', async () => {
    const whole = await get('ann', `/beats/play?beatId=${beatId}`).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.from(whole.body as Buffer).toString()).toBe(`mp3 bytes of ${beatId}`);
    const part = await get('ann', `/beats/play?beatId=${beatId}`).set('Range', 'bytes=0-2').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-2/${`mp3 bytes of ${beatId}`.length}`);
    expect(Buffer.from(part.body as Buffer).toString()).toBe('mp3');
    expect((await get('ann', `/beats/play?beatId=${beatId}`).set('Range', 'bytes=9999-')).status).toBe(416);
  });

  it('renames and re-prices (single beat, then every beat; a beat without stems keeps "-")', async () => {
    expect((await post('ann', '/beats/name', { beatId, beatName: 'Day Ride' })).body).toEqual({
      beatName: 'Day Ride',
    });
    const negative = await post('ann', '/beats/prices', {
      beatId,
      beatName: 'Day Ride',
      price: { ...prices, firstDatePackagePrice: '-1' },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Prices can not be negative.');
    const single = await post('ann', '/beats/prices', {
      beatId,
      beatName: 'Day Ride',
      price: { firstDatePackagePrice: '30', relationshipPackagePrice: 45.5, marriagePackagePrice: '120.00' },
    });
    expect(single.body.message).toBe("Updated Day Ride's prices");

    const noStems = await upload('ann', { name: 'No Stems', stems: false });
    expect(noStems.response.status).toBe(200);
    await catalog.commands.completeAnalysis(noStems.beatId, { dna });
    const bulk = await post('ann', '/beats/prices', {
      beatId: 0,
      beatName: 'All Beats',
      price: {
        firstDatePackagePrice: '10.00',
        relationshipPackagePrice: '20.00',
        marriagePackagePrice: '50.00',
      },
    });
    expect(bulk.body).toMatchObject({ updated: 2, message: "Updated all of your beats' prices" });
    const rows = (await post('ann', '/beats/manage')).body.uploaded as Array<Record<string, string>>;
    expect(
      rows.map((row) => [row.beatName, row.firstDatePackagePrice, row.thirdPackagePrice]).sort(),
    ).toEqual([
      ['Day Ride', '10.00', '50.00'],
      ['No Stems', '10.00', '-'],
    ]);
    await waitFor(() =>
      published.find(
        (e) => e.type === 'catalog.BeatRenamed' && (e.payload as { name: string }).name === 'Day Ride',
      ),
    );
    await waitFor(() =>
      published.find(
        (e) =>
          e.type === 'catalog.BeatPriced' &&
          (e.payload as { beatId: string; prices: { firstDate: number } }).beatId === beatId &&
          (e.payload as { prices: { firstDate: number } }).prices.firstDate === 1000,
      ),
    );
  });

  it('changes the cover (new version, long-cached public image) and refuses a non-square one', async () => {
    const bad = await post('ann', '/beats/cover')
      .field('beatId', beatId)
      .attach('coverArt', png(300, 200), 'c.png');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Image must have a 1:1 aspect ratio.');
    const notImage = await post('ann', '/beats/cover')
      .field('beatId', beatId)
      .attach('coverArt', Buffer.from('%PDF-1.4'), 'c.png');
    expect(notImage.body.message).toBe('Only JPG and PNG files are allowed.');
    const none = await post('ann', '/beats/cover').field('beatId', beatId);
    expect(none.body.message).toBe('Please select a valid image file.');
    const image = png(128, 128);
    const changed = await post('ann', '/beats/cover')
      .field('beatId', beatId)
      .attach('coverArt', image, 'c.png');
    expect(changed.status).toBe(200);
    expect(changed.body.coverArtUrl).toBe(`/api/beatmatch_cover_art?beatId=${beatId}&v=2`);
    expect((await post('ann', '/beats/cover-url', { beatId })).body.coverArtUrl).toBe(
      changed.body.coverArtUrl,
    );
    const served = await get('anonymous', `/covers?beatId=${beatId}&v=2`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(served.body as Buffer).equals(image)).toBe(true);
    expect((await get('anonymous', `/covers?beatId=${beatId}&v=1`)).headers['cache-control']).toBe(
      'no-cache',
    );
    await waitFor(() => published.find((e) => e.type === 'catalog.BeatCoverChanged'));
  });

  it('shows a failed upload with its reason', async () => {
    const failed = await upload('carol', { name: 'Broken', stems: false });
    await catalog.commands.failUpload(
      failed.beatId,
      'Uh oh! The wav file you selected does not seem to be a WAV.',
    );
    const manage = await post('carol', '/beats/manage');
    expect(manage.body.failed).toEqual([
      expect.objectContaining({
        beatId: failed.beatId,
        failedReason: 'Uh oh! The wav file you selected does not seem to be a WAV.',
      }),
    ]);
    await post('carol', '/beats/delete', { beatId: failed.beatId, beatName: 'Broken', delete: true });
  });

  it('counts matches, passes and purchases from the matchmaker and commerce', async () => {
    const choice = (type: string) =>
      integrationEvent(
        type,
        1,
        { listenerId: 'l-1', userId: null, beatId, producerId: ANN, at: new Date().toISOString() },
        new Date(),
      );
    await bed.bus.publish(MATCHMAKER_TOPIC, [
      { key: beatId, event: choice('matchmaker.BeatMatched') },
      { key: beatId, event: choice('matchmaker.BeatMatched') },
      { key: beatId, event: choice('matchmaker.MatchRemoved') },
      { key: beatId, event: choice('matchmaker.BeatPassed') },
    ]);
    await bed.bus.publish(COMMERCE_TOPIC, [
      {
        key: beatId,
        event: integrationEvent(
          'commerce.BeatPurchased',
          1,
          {
            purchaseId: 'p-1',
            orderId: 'o-1',
            beatId,
            producerId: ANN,
            buyerId: null,
            buyerEmail: 'x@example.com',
            package: 'firstDate',
            amountCents: 1000,
            feeCents: 100,
            currency: 'usd',
            purchasedAt: new Date().toISOString(),
          },
          new Date(),
        ),
      },
    ]);
    const totals = await post('ann', '/beats/totals');
    expect(totals.body.data.find((row: { beatId: string }) => row.beatId === beatId)).toEqual({
      beatId,
      matches: 1,
      passes: 1,
      purchases: 1,
    });
  });

  it('lists neither a My Sound song nor a beat battle entry in Manage Beats or its totals', async () => {
    const others: string[] = [];
    for (const kind of [{ isMySound: true }, { isBeatBattle: true }]) {
      const reference = await post('ann', '/uploads/reference', {
        name: 'Not a beat',
        ...prices,
        marriagePackagePrice: '-',
        ...kind,
      });
      const otherId = reference.body.beatRefId as string;
      await putFile('ann', otherId, 'mp3', Buffer.from(`mp3 bytes of ${otherId}`));
      expect((await post('ann', '/uploads/confirm', { type: 'mp3', refId: otherId, ...kind })).status).toBe(
        200,
      );
      const finalize = post('ann', '/uploads/finalize')
        .field('name', 'Not a beat')
        .field('beatRefId', otherId)
        .field('zipUploaded', 'false');
      expect((await finalize).status).toBe(200);
      others.push(otherId);
    }
    const manage = await post('ann', '/beats/manage');
    const listed = [...manage.body.uploaded, ...manage.body.pending, ...manage.body.failed].map(
      (b: { beatId: string }) => b.beatId,
    );
    expect(listed).toContain(beatId);
    for (const other of others) expect(listed).not.toContain(other);
    const totals = (await post('ann', '/beats/totals')).body.data.map(
      (row: { beatId: string }) => row.beatId,
    );
    for (const other of others) expect(totals).not.toContain(other);
  });

  it('deletes: gone from both lists, BeatDeleted published, later calls answer 404', async () => {
    const deleted = await post('ann', '/beats/delete', { beatId, beatName: 'Day Ride', delete: true });
    expect(deleted.body).toEqual({ data: beatId });
    const manage = await post('ann', '/beats/manage');
    expect(
      [...manage.body.uploaded, ...manage.body.pending].map((b: { beatId: string }) => b.beatId),
    ).not.toContain(beatId);
    expect((await post('ann', '/beats/name', { beatId, beatName: 'Again' })).status).toBe(404);
    await waitFor(() =>
      published.find(
        (e) => e.type === 'catalog.BeatDeleted' && (e.payload as { beatId: string }).beatId === beatId,
      ),
    );
  });
});

describe('upload caps and the inactive crate', () => {
  const DAVE = '44444444-4444-4444-8444-444444444444';

  beforeAll(async () => {
    tokens.dave = await bed.issuer.issue({ userId: DAVE, userName: 'dave' });
  });

  it('lets racing drafts finish up to the cap: the fourth finalize is refused, the first three are not', async () => {
    const FRANK = '66666666-6666-4666-8666-666666666666';
    tokens.frank = await bed.issuer.issue({ userId: FRANK, userName: 'frank' });
    const drafts: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      const reference = await post('frank', '/uploads/reference', {
        name,
        ...prices,
        marriagePackagePrice: '-',
      });
      drafts.push(reference.body.beatRefId as string);
    }
    // A fourth draft that slipped past the create-time check (two requests at once).
    const raced = '77777777-7777-4777-8777-777777777777';
    await catalog.commands.draftBeat({
      beatId: raced,
      producerId: FRANK,
      producerName: 'frank',
      name: 'D',
      kind: 'public',
      prices: { firstDate: 100, relationship: 200, marriage: null },
    });
    const finish = async (beatId: string, name: string) => {
      for (const type of ['snippet', 'mp3', 'wav']) {
        await putFile('frank', beatId, type, Buffer.from(type));
        await post('frank', '/uploads/confirm', { type, refId: beatId });
      }
      return post('frank', '/uploads/finalize')
        .field('name', name)
        .field('beatRefId', beatId)
        .attach('coverArt', png(16, 16), 'c.png');
    };
    for (const [index, beatId] of drafts.entries())
      expect((await finish(beatId, ['A', 'B', 'C'][index]!)).status).toBe(200);
    const fourth = await finish(raced, 'D');
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe('You can only upload 3 beats. Please subscribe to upload more.');
  });

  it('refuses the fourth upload on the free plan with the banner text, and lets a producer plan upload more', async () => {
    expect((await get('dave', '/uploads/allowance')).body).toEqual({ uploads: 0, cap: 3, refusal: null });
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { beatId, response } = await upload('dave', { name, stems: false });
      expect(response.status).toBe(200);
      ids.push(beatId);
    }
    const fourth = await post('dave', '/uploads/reference', {
      name: 'Four',
      ...prices,
      marriagePackagePrice: '-',
    });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe('You can only upload 3 beats. Please subscribe to upload more.');
    // The wizard asks before it starts, and is told the same.
    expect((await get('dave', '/uploads/allowance')).body).toEqual({
      uploads: 3,
      cap: 3,
      refusal: 'You can only upload 3 beats. Please subscribe to upload more.',
    });
    // The cap counts beats: a My Sound song and a beat battle entry take no slot.
    for (const kind of [{ isMySound: true }, { isBeatBattle: true }])
      expect(
        (
          await post('dave', '/uploads/reference', {
            name: 'Song',
            ...prices,
            marriagePackagePrice: '-',
            ...kind,
          })
        ).status,
      ).toBe(200);
    expect((await get('dave', '/uploads/allowance')).body).toMatchObject({ uploads: 3, cap: 3 });

    // A deleted upload frees its slot.
    await post('dave', '/beats/delete', { beatId: ids[0], delete: true });
    expect(
      (await post('dave', '/uploads/reference', { name: 'Four', ...prices, marriagePackagePrice: '-' }))
        .status,
    ).toBe(200);

    for (const id of ids.slice(1)) await catalog.commands.completeAnalysis(id, { dna });
    await bed.bus.publish(COMMERCE_TOPIC, [
      {
        key: DAVE,
        event: integrationEvent(
          'commerce.EntitlementsChanged',
          1,
          {
            ...FREE_ENTITLEMENTS,
            producerPlan: 'producer',
            userId: DAVE,
            changedAt: new Date().toISOString(),
          },
          new Date(),
        ),
      },
    ]);
    expect(
      (await post('dave', '/uploads/reference', { name: 'Five', ...prices, marriagePackagePrice: '-' }))
        .status,
    ).toBe(200);
    expect((await get('dave', '/uploads/allowance')).body).toEqual({ uploads: 4, cap: 100, refusal: null });
    // A free producer's uploads were heard all along: the plan moves no crate.
    await catalog.crateSync.kick();
    const manage = await post('dave', '/beats/manage');
    expect(manage.body.uploaded.map((b: { crate: string }) => b.crate)).toEqual(['active', 'active']);
    expect(
      published.find(
        (e) => e.type === 'catalog.BeatCrateChanged' && (e.payload as { beatId: string }).beatId === ids[1],
      ),
    ).toBeUndefined();
  });
});

describe('private beats', () => {
  const ERIN = '88888888-8888-4888-8888-888888888888';

  beforeAll(async () => {
    tokens.erin = await bed.issuer.issue({ userId: ERIN, userName: 'erin' });
  });

  it('keep cover, DNA, audio and edits to their producer: anyone else gets 404', async () => {
    const reference = await post('erin', '/uploads/reference', { name: 'Secret', isPrivate: true });
    const beatId = reference.body.beatRefId as string;
    for (const type of ['mp3', 'wav']) {
      await putFile('erin', beatId, type, Buffer.from(`${type} of a private beat`));
      expect((await post('erin', '/uploads/confirm', { type, refId: beatId })).status).toBe(200);
    }
    const finalize = await post('erin', '/uploads/finalize')
      .field('name', 'Secret')
      .field('beatRefId', beatId)
      .attach('coverArt', png(16, 16), 'c.png');
    expect(finalize.status).toBe(200);

    const cover = `/covers?beatId=${beatId}&v=1`;
    for (const who of ['anonymous', 'bob']) expect((await get(who, cover)).status).toBe(404);
    const own = await get('erin', cover);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toMatch(/^private,/);
    const calls: Array<[string, object]> = [
      ['/beats/tags', { beatId }],
      ['/beats/cover-url', { beatId }],
      ['/beats/name', { beatId, beatName: 'Mine now' }],
      ['/beats/delete', { beatId, delete: true }],
    ];
    for (const [route, body] of calls) expect((await post('bob', route, body)).status).toBe(404);
    expect((await get('bob', `/beats/play?beatId=${beatId}`)).status).toBe(404);
    expect((await post('erin', '/beats/cover-url', { beatId })).status).toBe(200);
  });
});
