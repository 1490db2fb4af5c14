import { createHash } from 'node:crypto';
import type {
  BackgroundWorker,
  BlobStore,
  EventBus,
  EventStore,
  Logger,
  Mailer,
  SqlDatabase,
  Subscription,
} from '@beatmatch/platform';
import type { TemporalSettings } from '@beatmatch/platform/workflows';
import { battlesRouter } from './api';
import type { BattleLifecycle } from './battles';
import { subscribeBattleMail } from './mail';
import { BattleQueries } from './queries';
import { inlineBattleLifecycle, temporalBattleLifecycle } from './temporal';
import { subscribeBattleUploads } from './uploads';

export { BATTLE_MAIL_TOPIC } from './mail';
export { battleProjection, battleReadModelSchema } from './readModel';

export interface BattlesOptions {
  db: SqlDatabase;
  bus: EventBus;
  logger: Logger;
  blobs: () => Promise<BlobStore>;
  clock: () => Date;
  /** Where result mails go; without one they wait in the outbox. */
  mailer?: Mailer | undefined;
  /** The Temporal frontend; without one an admin's close announces at once (temporal.ts). */
  workflows?: TemporalSettings | undefined;
  /** The lifecycle's own task queue (default: one per data directory). */
  battleTaskQueue?: string;
  dataDir?: string | undefined;
  consumer?: string;
  topics?: string[];
}

/** Each data directory's own task queue, so apps sharing one Temporal server never take each other's battles. */
export const battleTaskQueueOf = (dataDir: string) =>
  `matchmaker-battles-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

/** The beat battles' parts for the matchmaker's composition root (their tables come from readModel.ts). */
export function battleParts(options: BattlesOptions, store: EventStore, schema: string) {
  const { db, bus, logger, clock } = options;
  const queries = new BattleQueries(db, schema);
  const temporal = options.workflows
    ? temporalBattleLifecycle({
        store,
        clock,
        logger,
        temporal: options.workflows,
        taskQueue: options.battleTaskQueue ?? battleTaskQueueOf(options.dataDir ?? schema),
      })
    : undefined;
  const lifecycle: BattleLifecycle = temporal ?? inlineBattleLifecycle({ store, clock, logger });
  const subscriptions: (() => Promise<Subscription>)[] = [
    () =>
      subscribeBattleUploads({
        bus,
        db,
        logger,
        schema,
        ...(options.consumer ? { consumer: `${options.consumer}.battle-uploads` } : {}),
        ...(options.topics ? { topics: options.topics } : {}),
      }),
  ];
  if (options.mailer) {
    const mailer = options.mailer;
    subscriptions.push(() => subscribeBattleMail(bus, { mailer, logger }));
  }
  const workers: BackgroundWorker[] = temporal ? [temporal] : [];
  return {
    router: battlesRouter({ store, queries, clock, lifecycle, blobs: options.blobs }),
    subscriptions,
    workers,
  };
}
