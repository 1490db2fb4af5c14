import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOG_TOPIC, integrationEvent, type BeatPublishedPayload } from '@beatmatch/contracts';
import { createLogger } from '@beatmatch/platform';
import { sampleDna } from '@beatmatch/testing';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';

/**
 * The swipe player through the embedded profile's gateway: a producer's snippet uploaded through the
 * signed-URL path, the beat published (the catalog.BeatPublished event the upload workflow sends once
 * the DNA is done), then a visitor plays it, streams the snippet bytes with Range, matches it and finds
 * it in the Match List; another browser that knows its uuid sees nothing of it, and signing in on that
 * device (the browser holding its device cookie) takes the match along.
 */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
let producer: ApiClient;
const snippet = Buffer.from(Array.from({ length: 48 * 1024 }, (_, i) => (i * 7) % 251));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-matchmaker-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  producer = await signedInClient(system, 'snippetmaker', 'prod');
});
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function publishBeat(name: string) {
  const reference = await producer.post<{ beatRefId: string }>('beatmatch_create_reference', {
    name,
    isBeatBattle: false,
    isMySound: false,
    firstDatePackagePrice: '19.99',
    relationshipPackagePrice: '39.99',
    marriagePackagePrice: '-',
  });
  expect(reference.status).toBe(200);
  const beatId = reference.body.beatRefId;
  const signed = await producer.post<{ data: string }>('get_presignedUrl', {
    fileKey: 'x.snippet',
    type: 'snippet',
    trackId: beatId,
  });
  expect(signed.status).toBe(200);
  const url = new URL(signed.body.data, system.url);
  const put = await fetch(url, { method: 'PUT', body: snippet });
  expect(put.status).toBe(200);
  // Not confirmed (these bytes are no real snippet): the event names the upload attempt's own key.
  const snippetKey = decodeURIComponent(url.pathname.replace(/^\/blobs\//, ''));
  const payload: BeatPublishedPayload = {
    beatId,
    producerId: 'producer-of-' + name,
    producerName: 'snippetmaker',
    name,
    prices: { firstDate: 1999, relationship: 3999, marriage: null },
    isPrivate: false,
    crate: 'active',
    demo: false,
    coverArtUrl: null,
    files: {
      snippetKey,
      mp3Key: `wavs_and_mp3s/${beatId}.mp3`,
      wavKey: null,
      stemsKey: null,
    },
    dna: sampleDna(),
    publishedAt: new Date().toISOString(),
  };
  await system.bus.publish(CATALOG_TOPIC, [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, payload, new Date()) },
  ]);
  return beatId;
}

it('plays a published beat to a visitor, streams its snippet, matches it, and lists it', async () => {
  const beatId = await publishBeat('Gateway Swipe');
  const visitor = new ApiClient(system.url);
  const { body: device } = await visitor.post<{ uuid: string }>('beatmatch_exclude');
  const uuid = device.uuid;

  let total = 0;
  for (let i = 0; i < 100 && total === 0; i++) {
    total = (await visitor.post<{ beats: number }>('total_beats')).body.beats;
    if (!total) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(total).toBe(1);

  const played = await visitor.post('beatmatch_beat_play', {
    uuid,
    genre: null,
    musicalKey: null,
    tempo: null,
  });
  expect(played.status).toBe(200);
  expect(played.body).toEqual({
    beatId,
    beatName: 'Gateway Swipe',
    producer: 'snippetmaker',
    userId: 'producer-of-Gateway Swipe',
    coverArtUrl: null,
    audioSrc: `/api/beatmatch_beat_play_snippet?beatId=${beatId}`,
    why: 'a fresh pick while we learn your taste: dark trap, 140 BPM, A minor',
  });

  const audio = await visitor.get(String(played.body.audioSrc));
  expect(audio.status).toBe(200);
  expect(audio.headers.get('accept-ranges')).toBe('bytes');
  expect(Buffer.compare(Buffer.from(await audio.arrayBuffer()), snippet)).toBe(0);
  const part = await fetch(`${system.url}${String(played.body.audioSrc)}`, {
    headers: { Range: 'bytes=1000-1999' },
  });
  expect(part.status).toBe(206);
  expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), snippet.subarray(1000, 2000))).toBe(0);

  const matched = await visitor.post('beatmatch_beat_play', {
    uuid,
    beatId,
    choiceType: 'match',
    seconds: 'match',
  });
  expect(matched.status).toBe(200);
  // The only beat is matched: nothing is left to play.
  expect(matched.body).toEqual({ message: 'No beat found! Please reload or adjust filters.' });
  expect((await visitor.post('get_match_count', { uuid })).body).toEqual({ matches: 1 });
  const list = await visitor.post<{ beat: Array<Record<string, unknown>>; activeSubscription: boolean }>(
    'beatmatch_matchlist',
    { uuid },
  );
  expect(list.status).toBe(200);
  expect(list.body.activeSubscription).toBe(false);
  expect(list.body.beat).toEqual([
    expect.objectContaining({
      beatId,
      beatName: 'Gateway Swipe',
      firstDatePackage: '19.99',
      relationshipPackage: '39.99',
      marriagePackage: '-',
      available: true,
    }),
  ]);

  // Knowing the uuid is not being the device: another browser (its own device cookie) and a signed-in
  // user on another browser who send this uuid see and take nothing of it.
  const stranger = new ApiClient(system.url);
  await stranger.post('beatmatch_exclude');
  expect((await stranger.post('get_match_count', { uuid })).body).toEqual({ matches: 0 });
  expect((await stranger.post('beatmatch_matchlist_remove', { uuid, beatId })).status).toBe(404);
  const elsewhere = await signedInClient(system, 'swipeelsewhere');
  const theirs = await elsewhere.post<{ beat: unknown[] }>('beatmatch_matchlist', { uuid });
  expect(theirs.body.beat).toEqual([]);
  // Without its device cookie, a uuid in the body is no visitor at all.
  const bare = new ApiClient(system.url);
  const refused = await bare.post('get_match_count', { uuid });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('uuid_required');
  expect((await visitor.post('get_match_count', { uuid })).body).toEqual({ matches: 1 });

  // Signing up and in on this device (this browser) takes the match along.
  const user = {
    username: 'swipeartist',
    email: 'swipeartist@example.com',
    password: 'correct horse battery',
  };
  expect((await visitor.post('beatmatch_signup', user)).status).toBe(200);
  const mail = await system.devMailbox.waitFor((m) => m.to === user.email && /code/i.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const login = { email: user.email, password: user.password, uuid };
  await visitor.post('beatmatch_login', { ...login, auth_code: code });
  await visitor.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
  expect((await visitor.post('beatmatch_auth')).status).toBe(200);
  const mine = await visitor.post<{ beat: Array<{ beatId: string }> }>('beatmatch_matchlist', { uuid });
  expect(mine.body.beat.map((entry) => entry.beatId)).toEqual([beatId]);
  // The device starts afresh: signed out, this browser is a visitor without the account's match.
  await visitor.post('beatmatch_logout');
  expect((await visitor.post('get_match_count', { uuid })).body).toEqual({ matches: 0 });
});
