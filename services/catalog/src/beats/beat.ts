import type { BeatDna, BeatFiles, BeatPrices, Crate } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';

/**
 * The beat aggregate (stream `beat:<beatId>`), producer-side spec §3/§4. Internal to the catalog; other
 * services learn about beats only through the integration events of ../integration/publish.ts.
 *
 *   draft ──files received (finalize)──▶ filesReceived ──▶ analysing ──▶ published
 *     │                                      │                 │
 *     └──────────────────────────────────────┴─────────────────┴──────▶ failed (with a reason)
 *
 * Any time: renamed, re-priced, cover changed, made private / public, crate changed, deleted.
 */

export type UploadKind = 'public' | 'private' | 'beatBattle' | 'mySound';
/** The file types of get_presignedUrl. */
export const FILE_TYPES = ['snippet', 'mp3', 'wav', 'trackout'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export type BeatStatus = 'draft' | 'filesReceived' | 'analysing' | 'published' | 'failed';

export interface StoredFile {
  key: string;
  size: number;
}
export interface Cover {
  key: string;
  version: number;
  contentType: 'image/png' | 'image/jpeg';
}

export type BeatDrafted = {
  type: 'BeatDrafted';
  data: {
    beatId: string;
    producerId: string;
    producerName: string;
    name: string;
    kind: UploadKind;
    prices: BeatPrices;
    crate: Crate;
    demo: boolean;
    draftedAt: string;
  };
};
export type BeatFileUploaded = {
  type: 'BeatFileUploaded';
  data: { fileType: FileType; key: string; size: number; uploadedAt: string };
};
export type BeatFilesReceived = {
  type: 'BeatFilesReceived';
  data: { name: string; files: BeatFiles; cover: Cover | null; receivedAt: string };
};
export type BeatAnalysisStarted = { type: 'BeatAnalysisStarted'; data: { startedAt: string } };
export type BeatPublished = { type: 'BeatPublished'; data: { dna: BeatDna; publishedAt: string } };
/**
 * Why an upload failed: `rejected` (a file the producer must fix), `analysisFailed` (our retries ran
 * out), `fingerprintMatch` (the audio matches a published beat of another producer, `matchedBeatId`).
 * Events recorded before codes existed have none.
 */
export type UploadFailureCode = 'rejected' | 'analysisFailed' | 'fingerprintMatch';
export type UploadFailure = {
  reason: string;
  code?: UploadFailureCode;
  matchedBeatId?: string;
};
export type BeatUploadFailed = { type: 'BeatUploadFailed'; data: UploadFailure & { failedAt: string } };
export type BeatRenamed = { type: 'BeatRenamed'; data: { name: string; renamedAt: string } };
export type BeatRepriced = { type: 'BeatRepriced'; data: { prices: BeatPrices; pricedAt: string } };
export type BeatCoverChanged = { type: 'BeatCoverChanged'; data: { cover: Cover; changedAt: string } };
export type BeatPrivacyChanged = {
  type: 'BeatPrivacyChanged';
  data: { isPrivate: boolean; changedAt: string };
};
export type BeatCrateChanged = { type: 'BeatCrateChanged'; data: { crate: Crate; changedAt: string } };
export type BeatDeleted = { type: 'BeatDeleted'; data: { producerId: string; deletedAt: string } };

export type BeatEvent =
  | BeatDrafted
  | BeatFileUploaded
  | BeatFilesReceived
  | BeatAnalysisStarted
  | BeatPublished
  | BeatUploadFailed
  | BeatRenamed
  | BeatRepriced
  | BeatCoverChanged
  | BeatPrivacyChanged
  | BeatCrateChanged
  | BeatDeleted;

export interface ExistingBeat {
  status: BeatStatus;
  beatId: string;
  producerId: string;
  producerName: string;
  name: string;
  kind: UploadKind;
  isPrivate: boolean;
  prices: BeatPrices;
  crate: Crate;
  demo: boolean;
  uploads: Partial<Record<FileType, StoredFile>>;
  files: BeatFiles | null;
  cover: Cover | null;
  dna: BeatDna | null;
  failureReason: string | null;
  deleted: boolean;
  draftedAt: string;
  publishedAt: string | null;
}
export type Beat = { status: 'none' } | ExistingBeat;

type Now = { now: Date };
export type BeatCommand =
  | {
      type: 'DraftBeat';
      data: Omit<BeatDrafted['data'], 'draftedAt'>;
      metadata: Now;
    }
  | { type: 'RecordFile'; data: { fileType: FileType; key: string; size: number }; metadata: Now }
  | {
      type: 'ReceiveFiles';
      data: { name: string; zipUploaded: boolean; cover: Omit<Cover, 'version'> | null };
      metadata: Now;
    }
  | { type: 'StartAnalysis'; metadata: Now }
  | { type: 'CompleteAnalysis'; data: { dna: BeatDna }; metadata: Now }
  | { type: 'FailUpload'; data: UploadFailure; metadata: Now }
  | { type: 'Rename'; data: { name: string }; metadata: Now }
  | { type: 'Reprice'; data: { prices: BeatPrices }; metadata: Now }
  | { type: 'ChangeCover'; data: { cover: Omit<Cover, 'version'> }; metadata: Now }
  | { type: 'ChangePrivacy'; data: { isPrivate: boolean }; metadata: Now }
  | { type: 'ChangeCrate'; data: { crate: Crate }; metadata: Now }
  | { type: 'Delete'; metadata: Now };

export const beatStream = (beatId: string) => `beat:${beatId}`;
export const MESSAGES = {
  notFound: 'Beat not found.',
  notDraft: 'This upload is already finished. Please start a new upload.',
  missingFiles: 'Empty fields. Please ensure all files were chosen.',
  nameRequired: 'Beat name is required.',
  privateHasNoPrices: 'Private beats have no prices.',
  marriageNeedsStems: 'The Marriage package needs stems.',
  marriageRequired: 'Please enter a price for the Marriage package.',
  failed: 'This upload failed. Please upload the beat again.',
} as const;

/**
 * The files an upload kind sends (spec §4, File upload order): stems only when the wizard said so
 * (my-sound finalize carries zipUploaded; beat battles send the mp3 alone).
 */
export function requiredFiles(kind: UploadKind, zipUploaded: boolean): FileType[] {
  const base: FileType[] =
    kind === 'public' ? ['snippet', 'mp3', 'wav'] : kind === 'private' ? ['mp3', 'wav'] : ['mp3'];
  return zipUploaded && kind !== 'beatBattle' ? [...base, 'trackout'] : base;
}

const iso = (metadata: Now) => metadata.now.toISOString();

function existing(state: Beat): ExistingBeat {
  if (state.status === 'none' || state.deleted) throw new DomainError('not_found', MESSAGES.notFound, 404);
  return state;
}

function samePrices(a: BeatPrices, b: BeatPrices) {
  return a.firstDate === b.firstDate && a.relationship === b.relationship && a.marriage === b.marriage;
}

export function decide(command: BeatCommand, state: Beat): BeatEvent[] {
  switch (command.type) {
    case 'DraftBeat': {
      if (state.status !== 'none') return []; // the same reference created twice: nothing new
      if (!command.data.name.trim()) throw new DomainError('name_required', MESSAGES.nameRequired);
      if (
        command.data.prices.marriage !== null &&
        command.data.kind !== 'public' &&
        command.data.kind !== 'private'
      )
        throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
      return [{ type: 'BeatDrafted', data: { ...command.data, draftedAt: iso(command.metadata) } }];
    }
    case 'RecordFile': {
      const beat = existing(state);
      if (beat.status !== 'draft') throw new DomainError('not_draft', MESSAGES.notDraft, 409);
      return [{ type: 'BeatFileUploaded', data: { ...command.data, uploadedAt: iso(command.metadata) } }];
    }
    case 'ReceiveFiles': {
      const beat = existing(state);
      if (beat.status !== 'draft') {
        if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
        return []; // finalize retried: already received
      }
      const name = command.data.name.trim();
      if (!name) throw new DomainError('name_required', MESSAGES.nameRequired);
      const needed = requiredFiles(beat.kind, command.data.zipUploaded);
      if (needed.some((type) => !beat.uploads[type]))
        throw new DomainError('missing_files', MESSAGES.missingFiles);
      if (beat.prices.marriage !== null && !command.data.zipUploaded)
        throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
      const files: BeatFiles = {
        snippetKey: needed.includes('snippet') ? beat.uploads.snippet!.key : null,
        mp3Key: beat.uploads.mp3!.key,
        wavKey: needed.includes('wav') ? beat.uploads.wav!.key : null,
        stemsKey: needed.includes('trackout') ? beat.uploads.trackout!.key : null,
      };
      const cover = command.data.cover ? { ...command.data.cover, version: 1 } : null;
      return [{ type: 'BeatFilesReceived', data: { name, files, cover, receivedAt: iso(command.metadata) } }];
    }
    case 'StartAnalysis': {
      const beat = existing(state);
      if (beat.status === 'filesReceived')
        return [{ type: 'BeatAnalysisStarted', data: { startedAt: iso(command.metadata) } }];
      if (beat.status === 'analysing' || beat.status === 'published') return [];
      if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
      throw new DomainError('not_received', MESSAGES.missingFiles, 409);
    }
    case 'CompleteAnalysis': {
      if (state.status !== 'none' && state.deleted) return []; // deleted while analysing: never published
      const beat = existing(state);
      if (beat.status === 'published') return []; // a retried activity: published once
      if (beat.status === 'failed') throw new DomainError('failed', MESSAGES.failed, 409);
      if (beat.status === 'draft') throw new DomainError('not_received', MESSAGES.missingFiles, 409);
      const at = iso(command.metadata);
      return [
        ...(beat.status === 'filesReceived'
          ? [{ type: 'BeatAnalysisStarted' as const, data: { startedAt: at } }]
          : []),
        { type: 'BeatPublished', data: { dna: command.data.dna, publishedAt: at } },
      ];
    }
    case 'FailUpload': {
      if (state.status !== 'none' && state.deleted) return [];
      const beat = existing(state);
      if (beat.status === 'failed' || beat.status === 'published') return [];
      return [
        {
          type: 'BeatUploadFailed',
          data: {
            ...command.data,
            reason: command.data.reason || 'Upload failed',
            failedAt: iso(command.metadata),
          },
        },
      ];
    }
    case 'Rename': {
      const beat = existing(state);
      const name = command.data.name.trim();
      if (!name) throw new DomainError('name_required', MESSAGES.nameRequired);
      if (name === beat.name) return [];
      return [{ type: 'BeatRenamed', data: { name, renamedAt: iso(command.metadata) } }];
    }
    case 'Reprice': {
      const beat = existing(state);
      if (beat.isPrivate) throw new DomainError('private_no_prices', MESSAGES.privateHasNoPrices);
      const hasMarriage = beat.prices.marriage !== null;
      const { prices } = command.data;
      if (!hasMarriage && prices.marriage !== null)
        throw new DomainError('marriage_needs_stems', MESSAGES.marriageNeedsStems);
      if (hasMarriage && prices.marriage === null)
        throw new DomainError('marriage_required', MESSAGES.marriageRequired);
      if (samePrices(prices, beat.prices)) return [];
      return [{ type: 'BeatRepriced', data: { prices, pricedAt: iso(command.metadata) } }];
    }
    case 'ChangeCover': {
      const beat = existing(state);
      const version = (beat.cover?.version ?? 0) + 1;
      return [
        {
          type: 'BeatCoverChanged',
          data: { cover: { ...command.data.cover, version }, changedAt: iso(command.metadata) },
        },
      ];
    }
    case 'ChangePrivacy': {
      const beat = existing(state);
      if (beat.isPrivate === command.data.isPrivate) return [];
      return [
        {
          type: 'BeatPrivacyChanged',
          data: { isPrivate: command.data.isPrivate, changedAt: iso(command.metadata) },
        },
      ];
    }
    case 'ChangeCrate': {
      const beat = existing(state);
      if (beat.crate === command.data.crate) return [];
      return [
        { type: 'BeatCrateChanged', data: { crate: command.data.crate, changedAt: iso(command.metadata) } },
      ];
    }
    case 'Delete': {
      if (state.status !== 'none' && state.deleted) return [];
      const beat = existing(state);
      return [
        { type: 'BeatDeleted', data: { producerId: beat.producerId, deletedAt: iso(command.metadata) } },
      ];
    }
  }
}

export function evolve(state: Beat, event: BeatEvent): Beat {
  if (event.type === 'BeatDrafted') {
    const { draftedAt, kind, ...rest } = event.data;
    return {
      ...rest,
      kind,
      status: 'draft',
      isPrivate: kind === 'private',
      uploads: {},
      files: null,
      cover: null,
      dna: null,
      failureReason: null,
      deleted: false,
      draftedAt,
      publishedAt: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'BeatFileUploaded':
      return {
        ...state,
        uploads: { ...state.uploads, [event.data.fileType]: { key: event.data.key, size: event.data.size } },
      };
    case 'BeatFilesReceived':
      return {
        ...state,
        status: 'filesReceived',
        name: event.data.name,
        files: event.data.files,
        cover: event.data.cover,
      };
    case 'BeatAnalysisStarted':
      return { ...state, status: 'analysing' };
    case 'BeatPublished':
      return { ...state, status: 'published', dna: event.data.dna, publishedAt: event.data.publishedAt };
    case 'BeatUploadFailed':
      return { ...state, status: 'failed', failureReason: event.data.reason };
    case 'BeatRenamed':
      return { ...state, name: event.data.name };
    case 'BeatRepriced':
      return { ...state, prices: event.data.prices };
    case 'BeatCoverChanged':
      return { ...state, cover: event.data.cover };
    case 'BeatPrivacyChanged':
      return { ...state, isPrivate: event.data.isPrivate };
    case 'BeatCrateChanged':
      return { ...state, crate: event.data.crate };
    case 'BeatDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export const beatDecider: Decider<Beat, BeatCommand, BeatEvent> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none' }),
};

/** The public path of a beat's cover (the catalog's long-cached GET route); null: the default image. */
export const coverArtUrl = (beatId: string, cover: Pick<Cover, 'version'> | null) =>
  cover ? `/api/beatmatch_cover_art?beatId=${encodeURIComponent(beatId)}&v=${cover.version}` : null;
