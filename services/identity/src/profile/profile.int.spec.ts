import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createServiceApp, PostgresEventStore } from '@beatmatch/platform';
import { PROFILE_MESSAGES, PROFILE_PICTURE_MESSAGES } from '@beatmatch/contracts';
import { identityTestbed, type IdentityTestbed } from '../testing/harness';
import { profileRouter } from './api';
import { identityReadModelSchema } from '../users/readModel';
import { profileProjection, profileReadModelSchema, ProfileQueries } from './readModel';

/** My Profile's calls on real PostgreSQL: each user's own bio and socials, the spec's checks, bad input. */
let bed: IdentityTestbed;
let app: ReturnType<typeof createServiceApp>['app'];
const headers = {} as Record<'ann' | 'bob' | 'cleo' | 'visitor', Record<string, string>>;

let blobs: Awaited<ReturnType<IdentityTestbed['blobStore']>>;

beforeAll(async () => {
  bed = await identityTestbed('profile');
  blobs = await bed.blobStore(await bed.tempDirectory());
  await bed.createEventStoreTables();
  await bed.db.exec(profileReadModelSchema(bed.schema));
  const store = new PostgresEventStore(bed.db, bed.schema, [profileProjection(bed.schema)]);
  const service = createServiceApp({ name: 'identity', logger: bed.logger, verifier: bed.verifier });
  service.app.use(
    profileRouter({
      store,
      profiles: new ProfileQueries(bed.db, bed.schema),
      clock: () => new Date(),
      db: bed.db,
      schema: bed.schema,
      blobs: async () => blobs,
    }),
  );
  app = service.finalize();
  headers.ann = await bed.headers({ userId: randomUUID(), userName: 'ann' });
  headers.bob = await bed.headers({ userId: randomUUID(), userName: 'bob' });
  headers.visitor = await bed.headers();
});
afterAll(() => bed?.close());

const post = (as: keyof typeof headers, path: string, body: object = {}) =>
  request(app).post(path).set(headers[as]).send(body);

it("keeps each user's bio to themselves, at most 300 characters", async () => {
  expect((await post('ann', '/profile/description')).body).toEqual({ description: '' });
  expect((await post('ann', '/profile/description/update', { description: 'Trap from Ohio' })).body).toEqual({
    description: 'Trap from Ohio',
  });
  const tooLong = await post('ann', '/profile/description/update', { description: 'x'.repeat(301) });
  expect(tooLong.body).toMatchObject({ status: 400, detail: PROFILE_MESSAGES.bioTooLong });
  expect((await post('ann', '/profile/description')).body).toEqual({ description: 'Trap from Ohio' });
  expect((await post('bob', '/profile/description')).body).toEqual({ description: '' });
  expect((await post('visitor', '/profile/description')).status).toBe(401);
  expect((await post('ann', '/profile/description/update', {})).status).toBe(400);
});

it('saves socials with the spec’s checks: Facebook and YouTube name their host, https:// links as they are', async () => {
  const set = (platform: string, userName: string) =>
    post('ann', '/profile/socials/update', { platform, userName });
  expect((await set('facebook', 'annbeats')).body).toMatchObject({
    detail: 'Link is invalid for Facebook. Please double check url.',
  });
  expect((await set('youtube', 'http://youtube.com/@ann')).body).toMatchObject({
    detail: PROFILE_MESSAGES.httpsOnly,
  });
  expect((await set('myspace', 'ann')).status).toBe(400);
  await set('instagram', 'annbeats');
  const saved = await set('youtube', 'https://www.youtube.com/@ann');
  expect(saved.body).toMatchObject({
    instagram: { userName: 'annbeats', url: 'https://www.instagram.com/annbeats' },
    youtube: { userName: 'https://www.youtube.com/@ann', url: 'https://www.youtube.com/@ann' },
    facebook: null,
  });
  const cleared = await set('instagram', '');
  expect(cleared.body.instagram).toBeNull();
  expect((await post('ann', '/profile/socials')).body).toEqual(cleared.body);
  expect((await post('bob', '/profile/socials')).body.youtube).toBeNull();
});

it("answers anyone a user's public profile: username, bio and the socials that are set", async () => {
  const userId = randomUUID();
  await bed.db.exec(identityReadModelSchema(bed.schema));
  await bed.db.query(
    `INSERT INTO ${bed.schema}.users (user_id, username, username_key, email, registered_at)
     VALUES ($1, 'cleo', 'cleo', 'cleo@example.com', now())`,
    [userId],
  );
  headers.cleo = await bed.headers({ userId, userName: 'cleo' });
  await post('cleo', '/profile/socials/update', { platform: 'tiktok', userName: 'cleobeats' });
  const profile = await post('visitor', '/profile/public', { userId });
  expect(profile.body).toEqual({
    username: 'cleo',
    description: '',
    profilePic: null,
    socialMedias: [{ platform: 'tiktok', username: 'cleobeats', url: 'https://www.tiktok.com/@cleobeats' }],
  });
  const { bioPic } = (await upload('cleo', pngHeader(512, 512))).body as { bioPic: string };
  expect((await post('visitor', '/profile/public', { userId })).body.profilePic).toBe(bioPic);
  expect((await post('visitor', '/profile/public', { userId: randomUUID() })).body.username).toBeNull();
  expect((await post('visitor', '/profile/public', { userId: 'not-a-uuid' })).body.username).toBeNull();
  expect((await post('visitor', '/profile/public', {})).status).toBe(400);
});

/** The start of a PNG: its signature and IHDR chunk, all image-size reads (8-bit truecolour). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.alloc(16),
  ]);
}

const upload = (as: keyof typeof headers, image: Buffer | null, filename = 'me.png') => {
  const call = request(app).post('/profile/picture/upload').set(headers[as]);
  return image ? call.attach('bioPic', image, { filename, contentType: 'image/png' }) : call.field('x', '1');
};

it('takes a square JPG or PNG up to 2048x2048 as the profile picture, by content, with the spec’s messages', async () => {
  expect((await post('ann', '/profile/picture')).body).toEqual({ bioPic: null });
  const refusals = [
    [Buffer.from('GIF89a not allowed'), PROFILE_PICTURE_MESSAGES.type],
    [pngHeader(300, 200), PROFILE_PICTURE_MESSAGES.square],
    [pngHeader(4096, 4096), PROFILE_PICTURE_MESSAGES.tooLarge],
    [null, PROFILE_PICTURE_MESSAGES.required],
  ] as const;
  for (const [image, detail] of refusals)
    expect((await upload('ann', image)).body).toMatchObject({ status: 400, detail });
  expect((await post('ann', '/profile/picture')).body).toEqual({ bioPic: null });
  expect((await upload('visitor', pngHeader(64, 64))).status).toBe(401);

  const image = pngHeader(2048, 2048);
  // Named and typed as something else: the bytes decide.
  const saved = await upload('ann', image, 'me.gif');
  expect(saved.status).toBe(200);
  const { bioPic } = saved.body as { bioPic: string };
  expect(bioPic).toMatch(/^\/api\/profile_picture_image\?userId=[0-9a-f-]{36}&v=[0-9a-f-]{36}$/);
  expect((await post('ann', '/profile/picture')).body).toEqual({ bioPic });
  expect((await post('bob', '/profile/picture')).body).toEqual({ bioPic: null });

  const served = await request(app)
    .get(bioPic.replace('/api/profile_picture_image', '/profile/picture/image'))
    .set(headers.visitor)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Buffer.compare(served.body as Buffer, image)).toBe(0);

  const replaced = (await upload('ann', pngHeader(64, 64))).body.bioPic as string;
  expect(replaced).not.toBe(bioPic);
  expect((await post('ann', '/profile/picture')).body).toEqual({ bioPic: replaced });
});

it('answers 404 for the picture of no user, a user without one, or an id that is no user id', async () => {
  for (const userId of [randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
    const response = await request(app).get('/profile/picture/image').query({ userId }).set(headers.visitor);
    expect(response.status).toBe(404);
  }
  expect((await request(app).get('/profile/picture/image').set(headers.visitor)).status).toBe(400);
});
