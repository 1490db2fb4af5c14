import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createServiceApp, PostgresEventStore } from '@beatmatch/platform';
import { PROFILE_MESSAGES } from '@beatmatch/contracts';
import { identityTestbed, type IdentityTestbed } from '../testing/harness';
import { profileRouter } from './api';
import { identityReadModelSchema } from '../users/readModel';
import { profileProjection, profileReadModelSchema, ProfileQueries } from './readModel';

/** My Profile's calls on real PostgreSQL: each user's own bio and socials, the spec's checks, bad input. */
let bed: IdentityTestbed;
let app: ReturnType<typeof createServiceApp>['app'];
const headers = {} as Record<'ann' | 'bob' | 'cleo' | 'visitor', Record<string, string>>;

beforeAll(async () => {
  bed = await identityTestbed('profile');
  await bed.createEventStoreTables();
  await bed.db.query(profileReadModelSchema(bed.schema));
  const store = new PostgresEventStore(bed.db, bed.schema, [profileProjection(bed.schema)]);
  const service = createServiceApp({ name: 'identity', logger: bed.logger, verifier: bed.verifier });
  service.app.use(
    profileRouter({
      store,
      profiles: new ProfileQueries(bed.db, bed.schema),
      clock: () => new Date(),
      db: bed.db,
      schema: bed.schema,
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
  expect((await post('visitor', '/profile/public', { userId: randomUUID() })).body.username).toBeNull();
  expect((await post('visitor', '/profile/public', { userId: 'not-a-uuid' })).body.username).toBeNull();
  expect((await post('visitor', '/profile/public', {})).status).toBe(400);
});
