import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { analyze } from '@beatmatch/audio';
import {
  beatDnaSchema,
  integrationEvent,
  REFERENCE_MESSAGES,
  type ArtistPlan,
  type BeatDna,
  type DiscoveryMatch,
  type TrackMatches,
} from '@beatmatch/contracts';
import { InProcessEventBus, type Caller } from '@beatmatch/platform';
import {
  requireEnv,
  samplePublishedBeat,
  sampleDna,
  serviceTestbed,
  waitFor,
  type ServiceTestbed,
} from '@beatmatch/testing';
import { createMatchmakerService } from '../../index';
import { REFERENCE_MP3, startStandIns, STAND_IN_TRACKS, type StandIns } from './testing/standIns';

/**
 * The reference-track searches (issue 25 items 3–6) on PostgreSQL and the real Temporal server, with
 * yt-dlp reading a local media server and the Spotify adapter talking to a local stand-in of its API:
 * plan access, every call's bad input, a video link and a Spotify track analysed into matches, and My
 * Sound uploads from the catalog's contracts.
 */
let bed: ServiceTestbed;
let standIns: StandIns;
let matchmaker: Awaited<ReturnType<typeof createMatchmakerService>>;
const bus = new InProcessEventBus();
const FREE: Caller = { userId: 'artist-free', userName: 'free' };
const PRO: Caller = { userId: 'artist-pro', userName: 'pro' };
const UNLIMITED: Caller = { userId: 'artist-unlimited', userName: 'unlimited' };
/** The beat made of the reference MP3's own audio: a search for that audio must find it first. */
const SAME_AUDIO = 'beat-same-audio';

/** A 64-dimension unit vector pointing somewhere else than the reference. */
function otherEmbedding(seed: number): number[] {
  const vector = Array.from({ length: 64 }, (_, i) => Math.sin(seed * 7.3 + i * 1.9));
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

async function publishBeat(beatId: string, dna: BeatDna) {
  const beat = samplePublishedBeat({ beatId, producerId: 'producer-1', name: beatId, dna });
  await bus.publish('catalog', [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
  ]);
}

async function grant(caller: Caller, artistPlan: ArtistPlan) {
  const payload = {
    userId: caller.userId!,
    artistPlan,
    producerPlan: null,
    lifer: false,
    trialEndsAt: null,
    changedAt: new Date().toISOString(),
  };
  await bus.publish('commerce', [
    { key: caller.userId!, event: integrationEvent('commerce.EntitlementsChanged', 1, payload, new Date()) },
  ]);
}

const call = async (caller: Caller, path: string, body?: object) => {
  const headers = await bed.headers(caller);
  return body === undefined
    ? request(matchmaker.app).get(path).set(headers)
    : request(matchmaker.app).post(path).set(headers).send(body);
};

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'matchmaker_reference' });
  standIns = await startStandIns();
  bed.onClose(() => standIns.close());
  matchmaker = await createMatchmakerService({
    db: bed.db,
    bus,
    verifier: bed.verifier,
    logger: bed.logger,
    blobs: () => bed.blobStore(),
    schema: bed.schema,
    relayPollMs: 100,
    poolRefreshMs: 0,
    reference: {
      spotify: standIns.spotify,
      audioSearch: standIns.audioSearch,
      workflows: {
        temporal: { address: requireEnv('TEMPORAL_ADDRESS') },
        taskQueue: `reference-${randomUUID()}`,
      },
    },
  });
  bed.onClose(() => matchmaker.stop());
  await matchmaker.start();
  const own = await analyze(new Uint8Array(REFERENCE_MP3), { filename: 'reference.mp3' });
  await publishBeat(SAME_AUDIO, beatDnaSchema.parse({ ...own, durationSeconds: own.source.durationSeconds }));
  for (let i = 0; i < 8; i++)
    await publishBeat(
      `beat-other-${i}`,
      sampleDna({ embedding: otherEmbedding(i), bpm: { value: 80 + i * 9, confidence: 0.9 } }),
    );
  await grant(PRO, 'artist_professional');
  await grant(UNLIMITED, 'artist_unlimited');
  await waitFor(
    'the pool and the plans projected',
    async () => (await matchmaker.pool.activePlayable()).length === 9,
  );
}, 120_000);

afterAll(() => bed?.close());

const searchVideo = (caller: Caller, body: object) => call(caller, '/discovery/reference/video', body);
const find = (caller: Caller, trackId: string) => call(caller, '/discovery/reference/matches', { trackId });

async function analysed(caller: Caller, trackId: string): Promise<TrackMatches> {
  let answer: TrackMatches | undefined;
  await waitFor(
    'the song analysed',
    async () => {
      answer = (await find(caller, trackId)).body as TrackMatches;
      return answer.track?.uploading === 0;
    },
    60_000,
  );
  return answer!;
}

describe('access by plan (artist-side spec §6)', () => {
  it('refuses video and Spotify search below Professional, My Sound below Unlimited', async () => {
    const link = { url: `${standIns.base}/song.mp3`, trackTitle: 'Song' };
    expect((await searchVideo(FREE, link)).status).toBe(403);
    expect((await call(FREE, '/discovery/reference/spotify/suggestions', { input: 'minor' })).status).toBe(
      403,
    );
    const mySound = await call(PRO, '/discovery/reference/my-sound');
    expect(mySound.status).toBe(403);
    expect(mySound.body).toMatchObject({ detail: REFERENCE_MESSAGES.noAccess, code: 'no_access' });
    expect((await call(UNLIMITED, '/discovery/reference/my-sound')).status).toBe(200);
  });

  it('checks the plan before the request: below Professional an empty request is 403, not 400 nor 503', async () => {
    for (const path of ['video', 'matches', 'spotify/suggestions', 'spotify/similar'])
      expect({ path, status: (await call(FREE, `/discovery/reference/${path}`, {})).status }).toEqual({
        path,
        status: 403,
      });
    expect((await searchVideo(PRO, {})).status).toBe(400);
  });

  it('asks a visitor to sign in', async () => {
    expect(
      (await searchVideo({ deviceId: randomUUID() }, { url: `${standIns.base}/song.mp3`, trackTitle: 'x' }))
        .status,
    ).toBe(401);
  });
});

describe('bad input gets the message, never a 500 nor a record', () => {
  it.each([
    ['a non-URL', { url: 'not a link', trackTitle: 'Song' }, 400, REFERENCE_MESSAGES.urlInvalid],
    [
      'no title',
      { url: 'https://example.com/v', trackTitle: '  ' },
      400,
      REFERENCE_MESSAGES.trackTitleRequired,
    ],
    [
      'a 5,000-character title',
      { url: 'https://example.com/v', trackTitle: 'a'.repeat(5000) },
      400,
      REFERENCE_MESSAGES.trackTitleTooLong,
    ],
    ['a URL to a text file', { url: 'TEXT', trackTitle: 'Notes' }, 422, REFERENCE_MESSAGES.notAVideo],
    [
      'a link nobody answers',
      { url: 'http://127.0.0.1:9/song.mp3', trackTitle: 'Gone' },
      422,
      REFERENCE_MESSAGES.unreachable,
    ],
  ])('video search: %s', async (_case, body, status, message) => {
    const url = body.url === 'TEXT' ? `${standIns.base}/notes.txt` : body.url;
    const answer = await searchVideo(PRO, { ...body, url });
    expect(answer.status).toBe(status);
    expect((answer.body as { detail: string }).detail).toBe(message);
    const { rows } = await bed.db.query(
      `SELECT count(*)::int AS n FROM ${bed.schema}.analysed_songs WHERE owner_id = $1`,
      [PRO.userId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('answers 404 for a track id that does not exist (or is another artist’s), 400 for one that is no id', async () => {
    expect((await find(PRO, randomUUID())).status).toBe(404);
    expect((await find(PRO, 'x'.repeat(5000))).status).toBe(400);
  });

  it('Spotify: no input, 5,000 characters, an id that is no Spotify id, a track that does not exist', async () => {
    const suggestions = (input: string) => call(PRO, '/discovery/reference/spotify/suggestions', { input });
    expect((await suggestions('')).body.detail).toBe(REFERENCE_MESSAGES.inputRequired);
    expect((await suggestions('a'.repeat(5000))).body.detail).toBe(REFERENCE_MESSAGES.inputTooLong);
    const similar = (spotifyId: string) => call(PRO, '/discovery/reference/spotify/similar', { spotifyId });
    expect((await similar('not-an-id')).status).toBe(400);
    const missing = await similar('0000000000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(REFERENCE_MESSAGES.spotifyTrackNotFound);
  });
});

describe('a video link', () => {
  it('is processing, then its audio finds the beat made of the same audio first', async () => {
    const searched = await searchVideo(PRO, { url: `${standIns.base}/song.mp3`, trackTitle: 'My Reference' });
    expect(searched.status).toBe(200);
    expect(searched.body.track).toMatchObject({ title: 'My Reference', uploading: 1 });
    expect(searched.body.tracks).toHaveLength(1);
    const done = await analysed(PRO, searched.body.track.trackId as string);
    expect(done.track.error).toBeUndefined();
    expect(done.beats[0]!.beatId).toBe(SAME_AUDIO);
    expect(done.beats[0]!.why).not.toBe('');
    expect(done.beats.length).toBe(9);
    // Another artist never sees the track.
    expect((await find(UNLIMITED, done.track.trackId)).status).toBe(404);
    // The same link again is the same track, not a second analysis.
    const again = await searchVideo(PRO, { url: `${standIns.base}/song.mp3`, trackTitle: 'My Reference' });
    expect(again.body).toMatchObject({
      track: { trackId: done.track.trackId, uploading: 0 },
      tracks: [{ trackId: done.track.trackId }],
    });
  }, 90_000);
});

describe('a Spotify track (the adapter against a stand-in of the Web API)', () => {
  it('suggests song, artist and cover, and finds beats from the track’s audio', async () => {
    const suggested = await call(PRO, '/discovery/reference/spotify/suggestions', { input: 'minor' });
    expect(suggested.status).toBe(200);
    expect(suggested.body.suggestions).toEqual([
      {
        id: STAND_IN_TRACKS[0]!.id,
        songName: 'Minor Groove',
        artistName: 'Test Artist',
        coverArt: `https://i.scdn.co/image/${STAND_IN_TRACKS[0]!.id}-64`,
      },
    ]);
    expect(standIns.seen).toContain('/api/token');
    const picked = await call(PRO, '/discovery/reference/spotify/similar', {
      spotifyId: STAND_IN_TRACKS[0]!.id,
    });
    expect(picked.status).toBe(200);
    expect(picked.body.track).toMatchObject({ title: 'Minor Groove – Test Artist', uploading: 1 });
    const done = await analysed(PRO, picked.body.track.trackId as string);
    expect(done.beats.map((beat: DiscoveryMatch) => beat.beatId)[0]).toBe(SAME_AUDIO);
    expect(standIns.seen).toContain(`/audio/${encodeURIComponent('Minor Groove Test Artist')}.mp3`);
  }, 90_000);
});

describe('My Sound uploads (the catalog’s contracts)', () => {
  it('shows why a song the catalog could not analyse has no matches', async () => {
    const songId = randomUUID();
    const song = { songId, ownerId: UNLIMITED.userId!, name: 'Broken Demo' };
    const now = new Date();
    const failed = { ...song, reason: 'Uh oh! The beat seems to be silent.', failedAt: now.toISOString() };
    await bus.publish('catalog', [
      { key: songId, event: integrationEvent('catalog.MySoundFailed', 1, failed, now) },
    ]);
    await waitFor('the failure listed', async () => (await find(UNLIMITED, songId)).status === 200);
    const answer = (await find(UNLIMITED, songId)).body as TrackMatches;
    expect(answer).toEqual({
      track: { trackId: songId, title: 'Broken Demo', uploading: 0, error: failed.reason },
      beats: [],
    });
  });

  it('lists a received upload as processing, then with its tags and matches', async () => {
    const songId = randomUUID();
    const song = { songId, ownerId: UNLIMITED.userId!, name: 'My Demo' };
    const now = new Date();
    await bus.publish('catalog', [
      {
        key: songId,
        event: integrationEvent(
          'catalog.MySoundReceived',
          1,
          { ...song, receivedAt: now.toISOString() },
          now,
        ),
      },
    ]);
    const list = async () =>
      (await call(UNLIMITED, '/discovery/reference/my-sound')).body.songs as {
        beatId: string;
        beatTags?: string[];
      }[];
    const mine = async () => (await list()).find((listed) => listed.beatId === songId);
    await waitFor('the upload listed', async () => (await mine()) !== undefined);
    expect(await mine()).toEqual({ beatId: songId, beatName: 'My Demo' });
    const dna = sampleDna({ embedding: otherEmbedding(3), bpm: { value: 107, confidence: 0.9 } });
    await bus.publish('catalog', [
      {
        key: songId,
        event: integrationEvent(
          'catalog.MySoundAnalysed',
          1,
          { ...song, dna, analysedAt: now.toISOString() },
          now,
        ),
      },
    ]);
    await waitFor('the upload analysed', async () => (await mine())?.beatTags !== undefined);
    expect((await mine())!.beatTags).toContain('808');
    const matches = (await find(UNLIMITED, songId)).body as TrackMatches;
    expect(matches.beats[0]!.beatId).toBe('beat-other-3');
  });
});
