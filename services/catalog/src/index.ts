import { z } from 'zod';
import {
  adminJobsTaskQueueOf,
  defineService,
  type AdminJobsWorkflows,
  openEventSourced,
  type BlobStore,
  type EventBus,
  type InternalTokenVerifier,
  type Logger,
  type Mailer,
  type SqlDatabase,
} from '@beatmatch/platform';
import { showcaseRouter } from './showcase/api';
import { catalogRouter } from './beats/api';
import { uploadLimitsFromMb, type UploadedFileVerifier, type UploadLimits } from './upload/limits';
import {
  createBeatCommands,
  noUploadWorkflow,
  type BeatCommands,
  type UploadWorkflow,
} from './beats/commands';
import { catalogProjection, catalogReadModelSchema, CatalogQueries } from './beats/readModel';
import { FingerprintIndex, fingerprintSchemaSql } from './fingerprints';
import { entitlementsSchemaSql, SqlEntitlements } from './entitlements/projection';
import { CrateSync, subscribe } from './integration/subscriptions';
import { DraftSweeper } from './beats/sweeper';
import { temporalUploadWorkflow } from './upload';
import { verifyUploadedFile } from './verify';
import { demoSeeding } from './demo/seeding';
import { demoRouter } from './demo/api';
import { packs } from './packs';
import { storeRouter } from './store/api';
import { dashboard } from './dashboard';
import { catalogAdmin } from './admin';

export const CATALOG_SCHEMA = 'catalog';
export { createBeatCommands } from './beats/commands';
export type { BeatCommands, BeatView, UploadWorkflow, UploadWorkflowStarter } from './beats/commands';
/** The project's own demo audio and cover art (tests and benches upload real files with them). */
export { renderDemoAudio, demoCover, type DemoAudio } from './demo/files';
export { temporalUploadWorkflow, encodeMp3, uploadWorkflowId, UPLOAD_TASK_QUEUE } from './upload';
export { FingerprintIndex } from './fingerprints';
export { uploadLimitsFromMb } from './upload/limits';
/** The texts a refused upload shows (the e2e of the shipped wiring checks users get them). */
export { FILE_MESSAGES } from './verify/signatures';
export { FINGERPRINT_MATCH_REASON } from './upload/reasons';

export interface CatalogServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  blobs: () => Promise<BlobStore>;
  limits: UploadLimits;
  clock?: () => Date;
  relayPollMs?: number;
  /** The schema of the catalog's tables (tests use their own). */
  schema?: string;
  /**
   * The upload workflow (src/upload), built once the commands exist. Without one, finalized beats stay
   * in 'files received' (nothing is published without its DNA).
   */
  uploadWorkflow?: (
    commands: BeatCommands,
    context: { queries: CatalogQueries; fingerprints: FingerprintIndex },
  ) => UploadWorkflow;
  /** The confirm step's content check (src/verify); without one only a non-empty file is required. */
  verifyFile?: UploadedFileVerifier;
  /** Consumer group and topics of the subscriptions (tests use fresh ones). */
  consumer?: string;
  topics?: string[];
  /** How often the crate sync looks for entitlement changes it missed (ms). */
  crateSyncPollMs?: number;
  /**
   * The demo catalogue (src/demo): at start, in the background, this many demo beats go through the
   * upload workflow when the catalogue is empty (or an earlier seed was interrupted). Needs a workflow.
   */
  demoCatalogue?: { beats: number };
  /** Where the packs' mails go (shares, verification codes); without one they wait in the outbox. */
  mailer?: Mailer;
  /** The site's address (links in mails). */
  publicUrl?: () => string;
  /** Where the maintenance jobs run (Temporal); without it, the maintenance page's jobs are refused. */
  adminJobs?: AdminJobsWorkflows;
}

/** The upload workflow's worker, when the catalog has one. */
const uploadWorker = (workflow: UploadWorkflow | undefined) => ({
  start: () => workflow?.run?.(),
  stop: async () => workflow?.stop?.(),
});

/** Composition root of the catalog (the service kit): store, read models, relay, subscriptions, workers, HTTP. */
export async function createCatalogService(options: CatalogServiceOptions) {
  const { db, bus, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const core = await openEventSourced(options, {
    name: 'catalog',
    schema: options.schema ?? CATALOG_SCHEMA,
    readModels: [
      catalogReadModelSchema,
      fingerprintSchemaSql,
      entitlementsSchemaSql,
      packs.readModel,
      dashboard.readModel,
      catalogAdmin.readModel,
    ],
    projections: (s) => [catalogProjection(s), packs.projection(s)],
    relays: packs.relays,
  });
  const { store, schema: s } = core;
  const queries = new CatalogQueries(db, s);
  const entitlements = new SqlEntitlements(db, s);
  const commands = createBeatCommands({ store, clock });
  const fingerprints = new FingerprintIndex(db, s);
  const workflow = options.uploadWorkflow?.(commands, { queries, fingerprints });
  const crateSync = new CrateSync(
    db,
    s,
    { queries, commands, entitlements },
    logger,
    options.crateSyncPollMs,
  );
  const sweeper = new DraftSweeper({ db, schema: s, commands, blobs: options.blobs, clock, logger });
  const demo = demoSeeding(
    { commands, queries, blobs: options.blobs, logger, db, schema: s },
    workflow,
    options.demoCatalogue,
  );
  const beatPacks = packs.create({ ...options, store, db, schema: s, queries, entitlements, clock });
  const stats = dashboard.create({ ...options, schema: s, clock });
  const admin = catalogAdmin.create({ ...options, schema: s, queries, commands, entitlements, clock });
  const service = core.assemble({
    routers: [
      // Public showcase reads first: the catalog router asks for a session after its public routes.
      showcaseRouter({ db, schema: s, blobs: options.blobs }),
      demoRouter(demo),
      catalogRouter({
        commands,
        queries,
        entitlements,
        blobs: options.blobs,
        uploadWorkflow: workflow ?? noUploadWorkflow,
        limits: options.limits,
        ...(options.verifyFile ? { verifyFile: options.verifyFile } : {}),
        clock,
        logger,
      }),
      beatPacks.router,
      storeRouter({ db, schema: s }),
      stats.router,
      admin.router,
    ],
    subscriptions: [
      ...beatPacks.subscriptions,
      stats.subscription,
      () =>
        subscribe({
          bus,
          db,
          logger,
          schema: s,
          afterEntitlements: () => void crateSync.kick(),
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topics ? { topics: options.topics } : {}),
        }),
    ],
    workers: [crateSync, sweeper, admin.jobs, uploadWorker(workflow)],
    onStart: demo.start,
    onStop: demo.stop,
  });
  return { ...service, store, queries, commands, relay: core.relays[0]!, crateSync, sweeper };
}

const megabytes = (fallback: number) => z.coerce.number().positive().max(100_000).default(fallback);

/** The catalog for the service kit: both profiles hand in the infrastructure. */
export const service = defineService({
  name: 'catalog',
  config: {
    /** Largest file a signed upload URL accepts, per type, in MB. */
    CATALOG_MAX_SNIPPET_MB: megabytes(10),
    CATALOG_MAX_MP3_MB: megabytes(50),
    CATALOG_MAX_WAV_MB: megabytes(500),
    CATALOG_MAX_TRACKOUT_MB: megabytes(2048),
    CATALOG_MAX_COVER_MB: megabytes(10),
    /**
     * The demo catalogue: 'auto' seeds it in the embedded profile only, 'on' in both, 'off' never (tests
     * that count beats). A number of beats may follow ('on:12'); default 60.
     */
    /**
     * The Temporal task queue of the upload workflows (default catalog-upload). Apps sharing one Temporal
     * server each need their own; the embedded profile derives one from its data directory.
     */
    CATALOG_UPLOAD_TASK_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,200}$/)
      .optional(),
    DEMO_CATALOGUE: z
      .string()
      .regex(/^(auto|on|off)(:\d{1,4})?$/)
      .default('auto'),
  },
  create: (infrastructure, config) => {
    const temporal = infrastructure.workflows;
    const [demoSetting, demoCount] = config.DEMO_CATALOGUE.split(':');
    const demo =
      temporal && (demoSetting === 'on' || (demoSetting === 'auto' && infrastructure.profile === 'embedded'));
    if (!temporal)
      infrastructure.logger.warn(
        'no Temporal frontend (TEMPORAL_ADDRESS): finalized uploads wait unpublished',
      );
    return createCatalogService({
      ...infrastructure,
      limits: uploadLimitsFromMb({
        snippet: config.CATALOG_MAX_SNIPPET_MB,
        mp3: config.CATALOG_MAX_MP3_MB,
        wav: config.CATALOG_MAX_WAV_MB,
        trackout: config.CATALOG_MAX_TRACKOUT_MB,
        cover: config.CATALOG_MAX_COVER_MB,
      }),
      verifyFile: verifyUploadedFile,
      ...(temporal
        ? {
            uploadWorkflow: (
              commands: BeatCommands,
              { queries, fingerprints }: { queries: CatalogQueries; fingerprints: FingerprintIndex },
            ) =>
              temporalUploadWorkflow({
                temporal,
                blobs: infrastructure.blobs,
                logger: infrastructure.logger,
                verifyFile: verifyUploadedFile,
                pendingBeatIds: () => queries.pendingAnalysis(),
                ...(config.CATALOG_UPLOAD_TASK_QUEUE ? { taskQueue: config.CATALOG_UPLOAD_TASK_QUEUE } : {}),
              })(commands, { fingerprints }),
          }
        : {}),
      ...(temporal
        ? { adminJobs: { temporal, taskQueue: adminJobsTaskQueueOf('catalog', infrastructure.dataDir) } }
        : {}),
      ...(demo ? { demoCatalogue: { beats: Number(demoCount ?? 60) } } : {}),
    });
  },
});
