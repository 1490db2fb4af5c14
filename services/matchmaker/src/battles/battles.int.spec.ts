import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import request from 'supertest';
import { BATTLE_MESSAGES as M, integrationEvent } from '@beatmatch/contracts';
import {
  InProcessEventBus,
  type Caller,
  type FilesystemBlobStore,
  type MailMessage,
} from '@beatmatch/platform';
import {
  requireEnv,
  samplePublishedBeat,
  serviceTestbed,
  waitFor,
  type ServiceTestbed,
} from '@beatmatch/testing';
import { createMatchmakerService } from '../index';

/**
 * Beat battles on real PostgreSQL and Temporal: bad input is refused with the battle's messages and
 * writes nothing; a battle runs from open to the winner's mail, closed by an admin or by its dates.
 */
let bed: ServiceTestbed;
let blobs: FilesystemBlobStore;
let matchmaker: Awaited<ReturnType<typeof createMatchmakerService>>;
const bus = new InProcessEventBus();
const mails: MailMessage[] = [];
const ADMIN: Caller = { userId: 'admin-1', userName: 'boss', email: 'boss@example.com', roles: ['admin'] };
const producer = (n: number): Caller => ({
  userId: `producer-${n}`,
  userName: `producer${n}`,
  email: `producer${n}@example.com`,
  deviceId: `device-p${n}`,
});
const listener = (n: number, deviceId = `device-l${n}`): Caller => ({
  userId: `listener-${n}`,
  userName: `l${n}`,
  deviceId,
});
const uploads = new Map<string, string>();

/** A producer's beat battle upload as the catalog publishes it (mp3 only, kind beatBattle). */
async function battleUpload(owner: Caller, name: string, kind: 'beatBattle' | 'public' = 'beatBattle') {
  const beatId = randomUUID();
  const mp3Key = `wavs_and_mp3s/${beatId}.mp3`;
  await blobs.put(mp3Key, Readable.from(Buffer.from(name)), { contentType: 'audio/mpeg' });
  const beat = samplePublishedBeat({
    beatId,
    producerId: owner.userId!,
    name,
    kind,
    files: { snippetKey: null, mp3Key, wavKey: null, stemsKey: null },
  });
  await bus.publish('catalog', [
    { key: beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
  ]);
  uploads.set(name, beatId);
  return beatId;
}

const call = async (caller: Caller | undefined, method: 'get' | 'post', path: string, body: object = {}) => {
  const headers = await bed.headers(caller);
  return method === 'get'
    ? request(matchmaker.app).get(path).query(body).set(headers)
    : request(matchmaker.app).post(path).set(headers).send(body);
};
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const open = (body: object) => call(ADMIN, 'post', '/battles/open', body);
const submit = (caller: Caller, battleId: string, beatId: string) =>
  call(caller, 'post', '/battles/submit', { battleId, beatId });
const vote = (caller: Caller, battleId: string, winnerEntryId: string, loserEntryId: string) =>
  call(caller, 'post', '/battles/vote', { battleId, winnerEntryId, loserEntryId });
const leaderboard = (battleId: string) => call(undefined, 'get', '/battles/leaderboard', { battleId });

/** Every pair a listener is offered, voted for the entry named first in `preference`, until none is left. */
async function voteThrough(caller: Caller, battleId: string, preference: (entryId: string) => number) {
  for (;;) {
    const { body } = await call(caller, 'post', '/battles/pair', { battleId });
    if (!body.pair) return body.message as string;
    const [a, b] = body.pair.map((entry: { entryId: string }) => entry.entryId) as [string, string];
    const [winner, loser] = preference(a) < preference(b) ? [a, b] : [b, a];
    expect((await vote(caller, battleId, winner, loser)).status).toBe(200);
  }
}

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'matchmaker_battles' });
  blobs = await bed.blobStore();
  matchmaker = await createMatchmakerService({
    db: bed.db,
    bus,
    verifier: bed.verifier,
    logger: bed.logger,
    blobs: async () => blobs,
    schema: bed.schema,
    relayPollMs: 100,
    mailer: { send: async (mail) => void mails.push(mail) },
    workflows: { address: requireEnv('TEMPORAL_ADDRESS') },
    battleTaskQueue: `battles-test-${bed.schema}`,
  });
  bed.onClose(() => matchmaker.stop());
  await matchmaker.start();
  for (const n of [1, 2, 3]) await battleUpload(producer(n), `Battle beat ${n}`);
  await battleUpload(producer(1), 'Second try');
  await battleUpload(producer(1), 'A public beat', 'public');
}, 60_000);

afterAll(() => bed?.close());

describe('bad input', () => {
  it('refuses to open a battle to a non-admin, or with a blank theme or dates out of order, and writes nothing', async () => {
    const good = { theme: 'Night drive', submissionsCloseAt: inHours(1), votingClosesAt: inHours(2) };
    expect((await call(producer(1), 'post', '/battles/open', good)).status).toBe(403);
    expect((await call(undefined, 'post', '/battles/open', good)).status).toBe(401);
    const blank = await open({ ...good, theme: '   ' });
    expect([blank.status, blank.body.detail]).toEqual([400, M.themeRequired]);
    const backwards = await open({ ...good, votingClosesAt: inHours(0.5) });
    expect([backwards.status, backwards.body.detail]).toEqual([400, M.datesOutOfOrder]);
    expect((await open({ ...good, submissionsCloseAt: 'tomorrow' })).status).toBe(400);
    expect((await open({ ...good, theme: 'x'.repeat(101) })).status).toBe(400);
    expect((await call(undefined, 'get', '/battles')).body.battles).toEqual([]);
  });

  it('refuses entries and votes that name nothing real', async () => {
    const unknown = randomUUID();
    const noBattle = await submit(producer(1), unknown, uploads.get('Battle beat 1')!);
    expect([noBattle.status, noBattle.body.detail]).toEqual([404, M.notFound]);
    expect((await submit(producer(1), 'not-a-uuid', unknown)).status).toBe(400);
    expect((await vote(listener(1), unknown, unknown, randomUUID())).status).toBe(404);
    expect((await leaderboard(unknown)).status).toBe(404);
    expect(
      (await call(listener(1), 'get', '/battles/audio', { battleId: unknown, entryId: unknown })).status,
    ).toBe(404);
    expect((await call(undefined, 'post', '/battles/pair', { battleId: unknown })).status).toBe(401);
  });
});

describe('a battle closed by an admin', () => {
  let battleId: string;
  let aPair: [string, string];

  it('opens with its theme and rules', async () => {
    const opened = await open({
      theme: 'Night drive',
      rules: 'Original beats only.',
      submissionsCloseAt: inHours(1),
      votingClosesAt: inHours(2),
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ theme: 'Night drive', phase: 'open', entries: 0, winner: null });
    battleId = opened.body.battleId;
  });

  it('takes one beat battle upload per producer, and only their own', async () => {
    for (const n of [1, 2, 3]) {
      const entered = await submit(producer(n), battleId, uploads.get(`Battle beat ${n}`)!);
      expect([entered.status, entered.body.beatName]).toEqual([200, `Battle beat ${n}`]);
    }
    const second = await submit(producer(1), battleId, uploads.get('Second try')!);
    expect([second.status, second.body.detail]).toEqual([409, M.alreadyEntered]);
    const notMine = await submit(producer(2), battleId, uploads.get('Second try')!);
    expect([notMine.status, notMine.body.detail]).toEqual([404, M.uploadNotFound]);
    const notABattleUpload = await submit(producer(4), battleId, uploads.get('A public beat')!);
    expect(notABattleUpload.status).toBe(409);
    const { body } = await call(producer(2), 'get', '/battles');
    expect(body.battles[0]).toMatchObject({ entries: 3, myEntry: { beatName: 'Battle beat 2' } });
  });

  it('lets listeners vote once per pair, by account and by device, never on their own entry', async () => {
    const names = new Map<string, string>();
    const nameOf = (entryId: string) => names.get(entryId) ?? 'unknown';
    /** The listener hears each entry: its MP3's bytes are its name here. */
    const hear = async (caller: Caller, entryIds: string[]) => {
      for (const entryId of entryIds) {
        const audio = await call(caller, 'get', '/battles/audio', { battleId, entryId });
        expect([audio.status, audio.headers['content-type']]).toEqual([200, 'audio/mpeg']);
        names.set(entryId, Buffer.from(audio.body as Buffer).toString());
      }
    };
    const first = await call(listener(1), 'post', '/battles/pair', { battleId });
    const [a, b] = first.body.pair.map((entry: { entryId: string }) => entry.entryId) as [string, string];
    aPair = [a, b];
    await hear(listener(1), [a, b]);
    expect((await vote(listener(1), battleId, a, b)).status).toBe(200);
    const again = await vote(listener(1), battleId, b, a);
    expect([again.status, again.body.detail]).toEqual([409, M.alreadyVoted]);
    const sameDevice = await vote(listener(9, 'device-l1'), battleId, b, a);
    expect([sameDevice.status, sameDevice.body.detail]).toEqual([409, M.alreadyVoted]);

    const offeredToProducer1: string[] = [];
    expect(await voteThrough(producer(1), battleId, (entryId) => (offeredToProducer1.push(entryId), 0))).toBe(
      M.noPairLeft,
    );
    await hear(producer(1), offeredToProducer1);
    expect(new Set(offeredToProducer1.map(nameOf))).toEqual(new Set(['Battle beat 2', 'Battle beat 3']));

    const ranked = ['Battle beat 2', 'Battle beat 3', 'Battle beat 1'];
    for (const n of [2, 3, 4]) {
      const heard: string[] = [];
      const pair = await call(listener(n), 'post', '/battles/pair', { battleId });
      for (const entry of pair.body.pair) heard.push(entry.entryId);
      await hear(listener(n), heard);
      await voteThrough(listener(n), battleId, (entryId) => ranked.indexOf(nameOf(entryId)));
    }
  });

  it('ranks the leaderboard by rating, closes at the admin’s word and mails every entrant', async () => {
    const before = (await leaderboard(battleId)).body;
    expect(before.entries[0].beatName).toBe('Battle beat 2');
    const closed = await call(ADMIN, 'post', '/battles/close', { battleId });
    expect(closed.body).toMatchObject({
      phase: 'closed',
      winner: { beatName: 'Battle beat 2', producerName: 'producer2' },
    });
    const late = await call(ADMIN, 'post', '/battles/close', { battleId });
    expect([late.status, late.body.detail]).toEqual([409, M.alreadyClosed]);
    const afterClose = await vote(listener(7), battleId, ...aPair);
    expect([afterClose.status, afterClose.body.detail]).toEqual([409, M.votingClosed]);
    await waitFor('the result mails', () => mails.length >= 3);
    const winnerMail = mails.find((mail) => mail.to === 'producer2@example.com')!;
    expect(winnerMail.subject).toBe('You won the beat battle "Night drive"!');
    expect(mails.find((mail) => mail.to === 'producer1@example.com')!.text).toContain(
      'The winner is "Battle beat 2" by producer2.',
    );
    expect(mails).toHaveLength(3);
  });
});

describe('a battle run by its dates (the Temporal workflow)', () => {
  it('moves to voting, closes when voting ends and mails the winner, with no admin', async () => {
    const seconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();
    const opened = await open({
      theme: 'Quick one',
      submissionsCloseAt: seconds(4),
      votingClosesAt: seconds(8),
    });
    const { battleId } = opened.body;
    for (const n of [5, 6]) {
      const beatId = await battleUpload(producer(n), `Quick beat ${n}`);
      await waitFor('the upload', async () => (await submit(producer(n), battleId, beatId)).status === 200);
    }
    const pair = (await call(listener(1), 'post', '/battles/pair', { battleId })).body.pair;
    expect((await vote(listener(1), battleId, pair[0].entryId, pair[1].entryId)).status).toBe(200);
    await waitFor('voting', async () => (await leaderboard(battleId)).body.battle.phase === 'voting');
    const late = await submit(producer(7), battleId, await battleUpload(producer(7), 'Too late'));
    expect([late.status, late.body.detail]).toEqual([409, M.submissionsClosed]);
    await waitFor(
      'the close',
      async () => (await leaderboard(battleId)).body.battle.closedAt !== null,
      30_000,
    );
    await waitFor('the result mails', () =>
      mails.some((mail) => mail.subject === 'You won the beat battle "Quick one"!'),
    );
    expect(
      mails
        .filter((mail) => mail.subject.includes('"Quick one"'))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['producer5@example.com', 'producer6@example.com']);
  }, 60_000);
});
