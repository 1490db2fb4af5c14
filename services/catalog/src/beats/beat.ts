import type { BeatDna, BeatFileType, BeatFiles, BeatPrices, Crate } from '@beatmatch/contracts';

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

/**
 * The kinds that are the producer's catalogue: sold (public) or kept for themselves (private). An
 * artist's My Sound song (analysed, never sold) and a beat battle entry are uploads of another kind:
 * they take no upload slot and are not listed in Manage Beats.
 */
export const CATALOGUE_KINDS = ['public', 'private'] as const satisfies readonly UploadKind[];
export const isCatalogueKind = (kind: UploadKind) =>
  (CATALOGUE_KINDS as readonly UploadKind[]).includes(kind);
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
  /** `attempt`: the signed upload it came through, spent from now on (older events have none). */
  data: { fileType: BeatFileType; key: string; size: number; attempt?: string; uploadedAt: string };
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
  uploads: Partial<Record<BeatFileType, StoredFile>>;
  /** Upload attempts already confirmed: a file PUT through their URLs again is never taken. */
  spentAttempts: string[];
  files: BeatFiles | null;
  cover: Cover | null;
  dna: BeatDna | null;
  failureReason: string | null;
  deleted: boolean;
  draftedAt: string;
  publishedAt: string | null;
}
export type Beat = { status: 'none' } | ExistingBeat;

export const beatStream = (beatId: string) => `beat:${beatId}`;
/**
 * The files an upload kind sends (spec §4, File upload order): stems only when the wizard said so
 * (my-sound finalize carries zipUploaded; beat battles send the mp3 alone).
 */
export function requiredFiles(kind: UploadKind, zipUploaded: boolean): BeatFileType[] {
  const base: BeatFileType[] =
    kind === 'public' ? ['snippet', 'mp3', 'wav'] : kind === 'private' ? ['mp3', 'wav'] : ['mp3'];
  return zipUploaded && kind !== 'beatBattle' ? [...base, 'trackout'] : base;
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
      spentAttempts: [],
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
        spentAttempts: event.data.attempt
          ? [...state.spentAttempts, event.data.attempt]
          : state.spentAttempts,
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

export const initialState = (): Beat => ({ status: 'none' });

/** The public path of a beat's cover (the catalog's long-cached GET route); null: the default image. */
export const coverArtUrl = (beatId: string, cover: Pick<Cover, 'version'> | null) =>
  cover ? `/api/beatmatch_cover_art?beatId=${encodeURIComponent(beatId)}&v=${cover.version}` : null;
