/**
 * The beat command surface: the one way anything in the catalog changes a beat (the HTTP API in ./api.ts,
 * the upload workflow's activities in ../upload, the demo catalogue in ../demo).
 *
 * Contract for the upload workflow (helper "catalog-upload", src/upload):
 * - Wiring: src/index.ts takes `uploadWorkflow: (commands) => UploadWorkflow` (start(beatId) plus optional
 *   run()/stop() for the worker) and `verifyFile` (the confirm step's content check, see ./api.ts
 *   UploadedFileVerifier); the service definition at the bottom of src/index.ts passes neither yet.
 * - The API calls `UploadWorkflowStarter.start(beatId)` once finalize (`beatmatch_upload_beat`) has
 *   recorded the files: the beat is then in status 'filesReceived'. `start` must be idempotent (use the
 *   beat id as the workflow id); the API may call it again when a client retries finalize.
 * - Activities call, each idempotent (a retried activity changes nothing the second time and never
 *   publishes twice):
 *     getBeat(beatId)          → BeatView | null (status, producerId, name, kind, isPrivate, files keys, ...)
 *     startAnalysis(beatId)    'filesReceived' → 'analysing' (Manage Beats shows the pending overlay)
 *     completeAnalysis(beatId, { dna }) → 'published'; writes catalog.BeatPublished to the outbox in the
 *                              same transaction (returns { published: false } when the beat was deleted
 *                              meanwhile or was already published)
 *     failUpload(beatId, reason, { code?, matchedBeatId? }) → 'failed'; `reason` is shown to the producer
 *                              in Manage Beats, so write it for them (e.g. 'Uh oh! The wav file you selected
 *                              does not seem to be a WAV.'); the code is kept in BeatUploadFailed
 * - Files are in the blob store under `beatFileKey(beatId, type, ext)` (contracts, spec §3); `BeatView.files` names
 *   the keys of this upload (snippetKey / wavKey / stemsKey null when the upload kind has none).
 * - The demo catalogue drafts beats with `draftBeat({ ..., demo: true })`, stores the files with
 *   `putFile`-like blob writes at `beatFileKey(...)`, records them with `recordFile`, then
 *   `receiveFiles` and starts the same workflow.
 * Errors are DomainError (packages/platform) with the user-facing message; a missing beat is 404.
 */
import type { BeatDna, BeatFileType, BeatFiles, BeatPrices, Crate } from '@beatmatch/contracts';
import { aggregateStream, handleCommand, type EventStore } from '@beatmatch/platform';
import { catalogPublication } from '../integration/publish';
import {
  beatStream,
  coverArtUrl,
  type BeatDrafted,
  type BeatStatus,
  type ExistingBeat,
  type Cover,
  type UploadFailure,
  type UploadKind,
} from './beat';
import { beatDecider, type BeatCommand } from './businessLogic';

export interface BeatView {
  beatId: string;
  status: BeatStatus;
  producerId: string;
  producerName: string;
  name: string;
  kind: UploadKind;
  isPrivate: boolean;
  demo: boolean;
  crate: Crate;
  prices: BeatPrices;
  /** The keys of every file recorded so far (confirm step), by type. */
  uploads: Partial<Record<BeatFileType, { key: string; size: number }>>;
  /** Upload attempts already confirmed (their URLs are spent). */
  spentAttempts: string[];
  /** Set once the files were received (finalize). */
  files: BeatFiles | null;
  cover: Cover | null;
  coverArtUrl: string | null;
  dna: BeatDna | null;
  failureReason: string | null;
}

/** Started by finalize; implemented by the upload workflow (src/upload). */
export interface UploadWorkflowStarter {
  start(beatId: string): Promise<void>;
}

/**
 * What src/upload hands the composition root (CatalogServiceOptions.uploadWorkflow): the starter, plus
 * optional lifecycle hooks the service calls at its own start (`run`: e.g. start the Temporal worker)
 * and stop.
 */
export interface UploadWorkflow extends UploadWorkflowStarter {
  run?(): Promise<void>;
  stop?(): Promise<void>;
}

/** Until a workflow exists: the beat stays in 'filesReceived' (never a fake publish). */
export const noUploadWorkflow: UploadWorkflow = { start: async () => undefined };

function beatView(state: ExistingBeat): BeatView {
  return {
    beatId: state.beatId,
    status: state.status,
    producerId: state.producerId,
    producerName: state.producerName,
    name: state.name,
    kind: state.kind,
    isPrivate: state.isPrivate,
    demo: state.demo,
    crate: state.crate,
    prices: state.prices,
    uploads: state.uploads,
    spentAttempts: state.spentAttempts,
    files: state.files,
    cover: state.cover,
    coverArtUrl: coverArtUrl(state.beatId, state.cover),
    dna: state.dna,
    failureReason: state.failureReason,
  };
}

/** A new upload's reference (create_reference, or a demo beat): the draft but its time and crate. */
export type NewUpload = Omit<BeatDrafted['data'], 'draftedAt' | 'crate' | 'demo'> & { demo?: boolean };

export interface BeatCommandDeps {
  store: EventStore;
  clock: () => Date;
}

export function createBeatCommands(deps: BeatCommandDeps) {
  const { store, clock } = deps;
  const run = (beatId: string, command: BeatCommand) =>
    handleCommand(store, beatStream(beatId), beatDecider, command, { publish: catalogPublication });
  const now = () => ({ now: clock() });

  return {
    async getBeat(beatId: string): Promise<BeatView | null> {
      const { state } = await aggregateStream(store, beatStream(beatId), beatDecider);
      return state.status === 'none' || state.deleted ? null : beatView(state);
    },

    /** A new upload (after the cap check) is the newest beat: active (../entitlements/crates.ts). */
    async draftBeat(input: NewUpload): Promise<void> {
      const demo = input.demo ?? false;
      await run(input.beatId, {
        type: 'DraftBeat',
        data: { ...input, demo, crate: 'active' },
        metadata: now(),
      });
    },

    /** `attempt`: the signed upload the file came through (spent by this). */
    async recordFile(beatId: string, fileType: BeatFileType, key: string, size: number, attempt?: string) {
      await run(beatId, { type: 'RecordFile', data: { fileType, key, size, attempt }, metadata: now() });
    },

    /** Finalize: the files and the cover are in place. Returns whether this call received them. */
    async receiveFiles(
      beatId: string,
      input: { name: string; zipUploaded: boolean; cover: Omit<Cover, 'version'> | null },
    ): Promise<{ received: boolean }> {
      const { newEvents } = await run(beatId, { type: 'ReceiveFiles', data: input, metadata: now() });
      return { received: newEvents.length > 0 };
    },

    async startAnalysis(beatId: string): Promise<void> {
      await run(beatId, { type: 'StartAnalysis', metadata: now() });
    },

    async completeAnalysis(beatId: string, input: { dna: BeatDna }): Promise<{ published: boolean }> {
      const { newEvents } = await run(beatId, { type: 'CompleteAnalysis', data: input, metadata: now() });
      return { published: newEvents.some((event) => event.type === 'BeatPublished') };
    },

    /** `details`: the failure's code (and the matched beat of a fingerprint match), kept in the event. */
    async failUpload(
      beatId: string,
      reason: string,
      details: Omit<UploadFailure, 'reason'> = {},
    ): Promise<void> {
      await run(beatId, { type: 'FailUpload', data: { ...details, reason }, metadata: now() });
    },

    async rename(beatId: string, name: string): Promise<void> {
      await run(beatId, { type: 'Rename', data: { name }, metadata: now() });
    },

    async reprice(beatId: string, prices: BeatPrices): Promise<void> {
      await run(beatId, { type: 'Reprice', data: { prices }, metadata: now() });
    },

    async changeCover(beatId: string, cover: Omit<Cover, 'version'>): Promise<Cover> {
      const { newState } = await run(beatId, { type: 'ChangeCover', data: { cover }, metadata: now() });
      return (newState as { cover: Cover }).cover;
    },

    async changePrivacy(beatId: string, isPrivate: boolean): Promise<void> {
      await run(beatId, { type: 'ChangePrivacy', data: { isPrivate }, metadata: now() });
    },

    async changeCrate(beatId: string, crate: Crate): Promise<void> {
      await run(beatId, { type: 'ChangeCrate', data: { crate }, metadata: now() });
    },

    async deleteBeat(beatId: string): Promise<void> {
      await run(beatId, { type: 'Delete', metadata: now() });
    },
  };
}

export type BeatCommands = ReturnType<typeof createBeatCommands>;
