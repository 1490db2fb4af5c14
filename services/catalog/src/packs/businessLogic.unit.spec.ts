import { PACK_MESSAGES } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';
import { decisionOf } from '@beatmatch/testing';
import { packDecider, type PackCommand, type SaveShares } from './businessLogic';
import type { PackEvent } from './pack';
import { viewerDecider, type ViewerEvent } from './viewer';

const decide = decisionOf(packDecider);
const now = new Date('2026-11-25T10:00:00Z');
const at = now.toISOString();
const metadata = { now };

const created = (isPrivate: boolean): PackEvent => ({
  type: 'PackCreated',
  data: {
    packId: 'p1',
    urlId: 'u1',
    producerId: 'ann',
    producerName: 'Ann',
    name: 'Pack',
    isPrivate,
    createdAt: at,
  },
});
const beat = (beatId: string, isPrivate = false, producerId = 'ann') => ({ beatId, producerId, isPrivate });
const addBeat = (b: ReturnType<typeof beat>, producerId = 'ann'): PackCommand => ({
  type: 'AddBeatToPack',
  data: { producerId, beat: b },
  metadata,
});
const save = (list: SaveShares['data']['list']): PackCommand => ({
  type: 'SaveShares',
  data: { producerId: 'ann', list, newShareId: (email) => `share-${email}` },
  metadata,
});
const entry = (
  email: string,
  rights: Partial<{ downloadMp3: boolean; downloadStems: boolean; deleted: boolean }> = {},
) => ({
  email,
  downloadMp3: false,
  downloadStems: false,
  deleted: false,
  ...rights,
});
const shared = (email: string, downloadMp3 = false): PackEvent => ({
  type: 'PackShared',
  data: { shareId: `share-${email}`, email, downloadMp3, downloadStems: false, sharedAt: at },
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? { status: error.status, message: error.message } : error;
  }
  return 'no refusal';
};

describe('beats in a pack', () => {
  it('adds a beat once: a beat added twice is in the pack once', () => {
    expect(decide([created(false)], addBeat(beat('b1')))).toEqual([
      { type: 'PackBeatAdded', data: { beatId: 'b1', addedAt: at } },
    ]);
    expect(
      decide(
        [created(false), { type: 'PackBeatAdded', data: { beatId: 'b1', addedAt: at } }],
        addBeat(beat('b1')),
      ),
    ).toEqual([]);
  });

  it('keeps private beats out of a public pack, and lets them into a private one', () => {
    expect(refusal(() => decide([created(false)], addBeat(beat('b1', true))))).toEqual({
      status: 400,
      message: PACK_MESSAGES.privateBeatInPublicPack,
    });
    expect(decide([created(true)], addBeat(beat('b1', true)))).toHaveLength(1);
  });

  it("refuses another producer's beat, and answers another's pack as missing", () => {
    expect(refusal(() => decide([created(false)], addBeat(beat('b1', false, 'bob'))))).toEqual({
      status: 403,
      message: PACK_MESSAGES.beatNotYours,
    });
    expect(refusal(() => decide([created(true)], addBeat(beat('b1', false, 'bob'), 'bob')))).toEqual({
      status: 404,
      message: PACK_MESSAGES.packNotFound,
    });
    expect(refusal(() => decide([], addBeat(beat('b1'))))).toEqual({
      status: 404,
      message: PACK_MESSAGES.packNotFound,
    });
  });
});

describe('the share list', () => {
  it('shares each address once: a duplicate of a kept address is ignored', () => {
    const events = decide(
      [created(true)],
      save([entry('a@x.io', { downloadMp3: true }), entry('a@x.io', { downloadStems: true })]),
    );
    expect(events).toEqual([shared('a@x.io', true)]);
  });

  it('shares an address again after it was removed (a new share, mailed again)', () => {
    const removed: PackEvent = { type: 'PackShareRemoved', data: { email: 'a@x.io', removedAt: at } };
    expect(decide([created(true), shared('a@x.io'), removed], save([entry('a@x.io')]))).toEqual([
      shared('a@x.io'),
    ]);
  });

  it('changes rights and removes, and leaves an unchanged share alone', () => {
    const history = [created(true), shared('a@x.io'), shared('b@x.io'), shared('c@x.io')];
    const events = decide(
      history,
      save([entry('a@x.io', { downloadMp3: true }), entry('b@x.io', { deleted: true }), entry('c@x.io')]),
    );
    expect(events).toEqual([
      {
        type: 'PackShareRightsChanged',
        data: { email: 'a@x.io', downloadMp3: true, downloadStems: false, changedAt: at },
      },
      { type: 'PackShareRemoved', data: { email: 'b@x.io', removedAt: at } },
    ]);
  });

  it('does not share a public pack by e-mail', () => {
    expect(refusal(() => decide([created(false)], save([entry('a@x.io')])))).toEqual({
      status: 400,
      message: PACK_MESSAGES.publicPackNotShared,
    });
  });
});

describe("a visitor's e-mail verification", () => {
  const decideViewer = decisionOf(viewerDecider);
  const issued: ViewerEvent = {
    type: 'PackCodeIssued',
    data: { codeHash: 'H', issuedAt: at, expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString() },
  };
  const check = (codeHash: string, minutes = 1) => ({
    type: 'CheckCode' as const,
    data: { email: 'a@x.io', codeHash, tokenHash: 'T' },
    metadata: { now: new Date(now.getTime() + minutes * 60_000) },
  });

  it('grants a token for the right code, counts a wrong one, and refuses an expired or exhausted code', () => {
    expect(decideViewer([issued], check('H'))[0]).toMatchObject({
      type: 'PackViewerVerified',
      data: { email: 'a@x.io' },
    });
    expect(decideViewer([issued], check('X'))).toEqual([
      {
        type: 'PackCodeRejected',
        data: { failedAttempts: 1, rejectedAt: check('X').metadata.now.toISOString() },
      },
    ]);
    expect(refusal(() => decideViewer([issued], check('H', 16)))).toEqual({
      status: 400,
      message: PACK_MESSAGES.codeExpired,
    });
    const rejected = (n: number): ViewerEvent => ({
      type: 'PackCodeRejected',
      data: { failedAttempts: n, rejectedAt: at },
    });
    const exhausted = [issued, ...[1, 2, 3, 4, 5].map(rejected)];
    expect(refusal(() => decideViewer(exhausted, check('H')))).toEqual({
      status: 400,
      message: PACK_MESSAGES.codeExpired,
    });
    expect(refusal(() => decideViewer([], check('H')))).toEqual({
      status: 400,
      message: PACK_MESSAGES.codeExpired,
    });
  });
});
