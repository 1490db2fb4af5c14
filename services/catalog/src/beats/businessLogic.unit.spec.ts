import { decisionOf } from '@beatmatch/testing';
import type { BeatDna } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';
import { requiredFiles, type BeatEvent } from './beat';
import { beatDecider, type BeatCommand } from './businessLogic';
import { toIntegrationEvents } from '../integration/publish';

const decide = decisionOf(beatDecider);
const now = new Date('2026-03-01T12:00:00.000Z');
const at = now.toISOString();
const metadata = { now };
const beatId = 'b-1';

const drafted = (
  kind: 'public' | 'private' | 'beatBattle' | 'mySound' = 'public',
  marriage: number | null = 5000,
): BeatEvent => ({
  type: 'BeatDrafted',
  data: {
    beatId,
    producerId: 'p-1',
    producerName: 'Prod',
    name: 'Night Drive',
    kind,
    prices: { firstDate: 2500, relationship: 4000, marriage },
    crate: 'inactive',
    demo: false,
    draftedAt: at,
  },
});
const uploaded = (fileType: 'snippet' | 'mp3' | 'wav' | 'trackout', key: string): BeatEvent => ({
  type: 'BeatFileUploaded',
  data: { fileType, key, size: 10, uploadedAt: at },
});
const publicFiles = [
  uploaded('snippet', 'snippets/b-1.mp3'),
  uploaded('mp3', 'wavs_and_mp3s/b-1.mp3'),
  uploaded('wav', 'wavs_and_mp3s/b-1.wav'),
  uploaded('trackout', 'trackouts/b-1.zip'),
];
const received: BeatEvent = {
  type: 'BeatFilesReceived',
  data: {
    name: 'Night Drive',
    files: {
      snippetKey: 'snippets/b-1.mp3',
      mp3Key: 'wavs_and_mp3s/b-1.mp3',
      wavKey: 'wavs_and_mp3s/b-1.wav',
      stemsKey: 'trackouts/b-1.zip',
    },
    cover: { key: 'covers/b-1/x.png', version: 1, contentType: 'image/png' },
    receivedAt: at,
  },
};
const dna = { version: 'test', embedding: [1, 0] } as unknown as BeatDna;
const started: BeatEvent = { type: 'BeatAnalysisStarted', data: { startedAt: at } };
const published: BeatEvent = { type: 'BeatPublished', data: { dna, publishedAt: at } };
const history = [drafted(), ...publicFiles, received, started, published];

const refused = (events: BeatEvent[], command: BeatCommand) => {
  try {
    decide(events, command);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { status: (error as DomainError).status, message: (error as DomainError).message };
  }
  throw new Error('not refused');
};

describe('the beat decider', () => {
  it('drafts once; the same reference again decides nothing', () => {
    const data = { ...(drafted().data as object) } as Record<string, unknown>;
    delete data.draftedAt;
    const command = { type: 'DraftBeat', data, metadata } as BeatCommand;
    expect(decide([], command)).toEqual([drafted()]);
    expect(decide([drafted()], command)).toEqual([]);
  });

  it('names the files each upload kind sends (spec §4 File upload order)', () => {
    expect(requiredFiles('public', true)).toEqual(['snippet', 'mp3', 'wav', 'trackout']);
    expect(requiredFiles('private', false)).toEqual(['mp3', 'wav']);
    expect(requiredFiles('beatBattle', true)).toEqual(['mp3']);
  });

  it('receives the files at finalize only when every file of the kind was confirmed', () => {
    const finalize: BeatCommand = {
      type: 'ReceiveFiles',
      data: {
        name: ' Night Drive ',
        zipUploaded: true,
        cover: { key: 'covers/b-1/x.png', contentType: 'image/png' },
      },
      metadata,
    };
    expect(decide([drafted(), ...publicFiles], finalize)).toEqual([received]);
    expect(refused([drafted(), ...publicFiles.slice(0, 2)], finalize)).toEqual({
      status: 400,
      message: 'Empty fields. Please ensure all files were chosen.',
    });
    // A retried finalize changes nothing.
    expect(decide([drafted(), ...publicFiles, received], finalize)).toEqual([]);
  });

  it('refuses a file after finalize', () => {
    expect(
      refused([drafted(), ...publicFiles, received], {
        type: 'RecordFile',
        data: { fileType: 'wav', key: 'wavs_and_mp3s/b-1.wav', size: 1 },
        metadata,
      }).status,
    ).toBe(409);
  });

  it('goes analysing → published once; a retried completion publishes nothing more', () => {
    const history = [drafted(), ...publicFiles, received];
    expect(decide(history, { type: 'StartAnalysis', metadata })).toEqual([started]);
    expect(decide([...history, started], { type: 'StartAnalysis', metadata })).toEqual([]);
    expect(decide([...history, started], { type: 'CompleteAnalysis', data: { dna }, metadata })).toEqual([
      published,
    ]);
    // Completing straight from filesReceived records the start first, in order.
    expect(decide(history, { type: 'CompleteAnalysis', data: { dna }, metadata })).toEqual([
      started,
      published,
    ]);
    expect(
      decide([...history, started, published], { type: 'CompleteAnalysis', data: { dna }, metadata }),
    ).toEqual([]);
  });

  it('fails with a reason once, and never after publishing; a deleted beat is never published', () => {
    const history = [drafted(), ...publicFiles, received, started];
    const failed: BeatEvent = { type: 'BeatUploadFailed', data: { reason: 'Not a WAV', failedAt: at } };
    expect(decide(history, { type: 'FailUpload', data: { reason: 'Not a WAV' }, metadata })).toEqual([
      failed,
    ]);
    expect(decide([...history, failed], { type: 'FailUpload', data: { reason: 'again' }, metadata })).toEqual(
      [],
    );
    expect(refused([...history, failed], { type: 'CompleteAnalysis', data: { dna }, metadata }).status).toBe(
      409,
    );
    expect(
      decide([...history, published], { type: 'FailUpload', data: { reason: 'late' }, metadata }),
    ).toEqual([]);
    const deleted: BeatEvent = { type: 'BeatDeleted', data: { producerId: 'p-1', deletedAt: at } };
    expect(decide([...history, deleted], { type: 'CompleteAnalysis', data: { dna }, metadata })).toEqual([]);
  });

  it('renames, re-prices, changes cover version, crate and privacy; unchanged values decide nothing', () => {
    expect(decide(history, { type: 'Rename', data: { name: 'Day Ride' }, metadata })).toEqual([
      { type: 'BeatRenamed', data: { name: 'Day Ride', renamedAt: at } },
    ]);
    expect(decide(history, { type: 'Rename', data: { name: 'Night Drive' }, metadata })).toEqual([]);
    expect(refused(history, { type: 'Rename', data: { name: '  ' }, metadata }).message).toBe(
      'Beat name is required.',
    );
    const prices = { firstDate: 0, relationship: 100, marriage: 200 };
    expect(decide(history, { type: 'Reprice', data: { prices }, metadata })).toEqual([
      { type: 'BeatRepriced', data: { prices, pricedAt: at } },
    ]);
    expect(
      decide(history, {
        type: 'ChangeCover',
        data: { cover: { key: 'covers/b-1/y.jpg', contentType: 'image/jpeg' } },
        metadata,
      }),
    ).toEqual([
      {
        type: 'BeatCoverChanged',
        data: { cover: { key: 'covers/b-1/y.jpg', contentType: 'image/jpeg', version: 2 }, changedAt: at },
      },
    ]);
    expect(decide(history, { type: 'ChangeCrate', data: { crate: 'inactive' }, metadata })).toEqual([]);
    expect(decide(history, { type: 'ChangeCrate', data: { crate: 'active' }, metadata })).toEqual([
      { type: 'BeatCrateChanged', data: { crate: 'active', changedAt: at } },
    ]);
    expect(decide(history, { type: 'ChangePrivacy', data: { isPrivate: true }, metadata })).toHaveLength(1);
  });

  it("keeps the marriage package only for beats that have one ('-' stays '-')", () => {
    const noMarriage = [drafted('public', null), ...publicFiles.slice(0, 3)];
    expect(
      refused(noMarriage, {
        type: 'Reprice',
        data: { prices: { firstDate: 1, relationship: 2, marriage: 3 } },
        metadata,
      }).message,
    ).toBe('The Marriage package needs stems.');
    expect(
      refused(history, {
        type: 'Reprice',
        data: { prices: { firstDate: 1, relationship: 2, marriage: null } },
        metadata,
      }).message,
    ).toBe('Please enter a price for the Marriage package.');
    expect(
      refused([drafted('private', null)], {
        type: 'Reprice',
        data: { prices: { firstDate: 1, relationship: 2, marriage: null } },
        metadata,
      }).message,
    ).toBe('Private beats have no prices.');
  });

  it('deletes once; a deleted beat is not found', () => {
    const deleted: BeatEvent = { type: 'BeatDeleted', data: { producerId: 'p-1', deletedAt: at } };
    expect(decide(history, { type: 'Delete', metadata })).toEqual([deleted]);
    expect(decide([...history, deleted], { type: 'Delete', metadata })).toEqual([]);
    expect(refused([...history, deleted], { type: 'Rename', data: { name: 'x' }, metadata })).toEqual({
      status: 404,
      message: 'Beat not found.',
    });
  });
});

describe('integration events', () => {
  const fold = (events: BeatEvent[]) => events.reduce(beatDecider.evolve, beatDecider.initialState());

  it('publishes nothing before the beat is published', () => {
    const events = [drafted(), ...publicFiles, received, started];
    expect(toIntegrationEvents(events, fold(events))).toEqual([]);
  });

  it('publishes BeatPublished with producer, prices in cents, DNA, cover URL and file keys', () => {
    const [message] = toIntegrationEvents([published], fold(history));
    expect(message!.key).toBe(beatId);
    expect(message!.event).toMatchObject({
      type: 'catalog.BeatPublished',
      version: 1,
      payload: {
        beatId,
        producerId: 'p-1',
        producerName: 'Prod',
        name: 'Night Drive',
        prices: { firstDate: 2500, relationship: 4000, marriage: 5000 },
        isPrivate: false,
        crate: 'inactive',
        demo: false,
        coverArtUrl: '/api/beatmatch_cover_art?beatId=b-1&v=1',
        files: received.type === 'BeatFilesReceived' ? received.data.files : undefined,
        dna,
        publishedAt: at,
      },
    });
  });

  it('maps later changes to their contracts', () => {
    const renamed: BeatEvent = { type: 'BeatRenamed', data: { name: 'X', renamedAt: at } };
    const repriced: BeatEvent = {
      type: 'BeatRepriced',
      data: { prices: { firstDate: 1, relationship: 2, marriage: 3 }, pricedAt: at },
    };
    const deleted: BeatEvent = { type: 'BeatDeleted', data: { producerId: 'p-1', deletedAt: at } };
    const all = [...history, renamed, repriced, deleted];
    expect(toIntegrationEvents([renamed, repriced, deleted], fold(all)).map((m) => m.event.type)).toEqual([
      'catalog.BeatRenamed',
      'catalog.BeatPriced',
      'catalog.BeatDeleted',
    ]);
  });
});
