import {
  defineService,
  openEventSourced,
  type BlobStore,
  type EventBus,
  type InternalTokenVerifier,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import { z } from 'zod';
import { BeatPool } from './beats/pool';
import { beatPoolSchema } from './beats/projection';
import { matchmakerRouter } from './http/api';
import { matchmakerPublicRoutes } from './player/snippet';
import { SnippetCache } from './player/snippetCache';
import { subscribe } from './integration/subscriptions';
import { listenerProjection, listenerReadModelSchema } from './listeners/readModel';
import { Selector } from './listeners/selection';
import { textSearchParts, textSearchRouter } from './discovery/text';
import {
  analysedSongsProjection,
  analysedSongsSchema,
  referenceConfig,
  referenceOptionsOf,
  referenceSearchFeature,
  subscribeToMySound,
  type ReferenceOptions,
} from './discovery/reference';
import {
  BATTLE_MAIL_TOPIC,
  battleParts,
  battleProjection,
  battleReadModelSchema,
  type BattlesOptions,
} from './battles';

export const MATCHMAKER_SCHEMA = 'matchmaker';

export interface MatchmakerServiceOptions extends Partial<
  Pick<BattlesOptions, 'mailer' | 'workflows' | 'battleTaskQueue' | 'dataDir'>
> {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  blobs: () => Promise<BlobStore>;
  clock?: () => Date;
  relayPollMs?: number;
  /** The schema of the matchmaker's tables (tests use their own). */
  schema?: string;
  /** Consumer group and topics of the subscriptions (tests use fresh ones). */
  consumer?: string;
  /** How old the in-memory beat pool may get before it reads other processes' changes (ms, default 500). */
  poolRefreshMs?: number;
  topics?: string[];
  /** Memory for the snippets listeners play (bytes; default 128 MB): README, "Snippets". */
  snippetCacheBytes?: number;
  /** The video-link, Spotify and My Sound searches (src/discovery/reference). */
  reference?: ReferenceOptions;
}

/**
 * Composition root of the matchmaker (the service kit): listener streams (event store + inline read
 * model), the outbox relay publishing matchmaker.* events, its projection of catalog beats and
 * commerce entitlements, and the player / Match List / Play History / lyrics API (README.md).
 */
export async function createMatchmakerService(options: MatchmakerServiceOptions) {
  const { db, bus, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const core = await openEventSourced(options, {
    name: 'matchmaker',
    schema: options.schema ?? MATCHMAKER_SCHEMA,
    readModels: [beatPoolSchema, listenerReadModelSchema, battleReadModelSchema, analysedSongsSchema],
    projections: (s) => [listenerProjection(s), battleProjection(s), analysedSongsProjection(s)],
    /** Battle result mails on a relay of their own: a mail server that is down never holds up the rest. */
    relays: [{ except: [BATTLE_MAIL_TOPIC] }, { only: [BATTLE_MAIL_TOPIC] }],
  });
  const { store, schema: s } = core;
  const pool = new BeatPool(
    db,
    s,
    options.poolRefreshMs === undefined ? {} : { refreshMs: options.poolRefreshMs },
  );
  const selector = new Selector(pool);
  const textSearch = textSearchParts(pool, logger);
  const snippets = new SnippetCache(options.blobs, options.snippetCacheBytes);
  const battles = battleParts({ ...options, clock }, store, s);
  const reference = referenceSearchFeature({
    db,
    schema: s,
    store,
    pool,
    clock,
    logger,
    options: options.reference ?? {},
  });
  const service = core.assemble({
    routers: [
      matchmakerRouter({ db, schema: s, store, pool, selector, clock, snippets, blobs: options.blobs }),
      battles.router,
      textSearchRouter({ pool, text: textSearch }),
      reference.router,
    ],
    /** The snippet route as a plain handler, for the embedded gateway's public lane. */
    publicRoutes: matchmakerPublicRoutes({ pool, snippets }),
    subscriptions: [
      () =>
        subscribe({
          bus,
          db,
          logger,
          schema: s,
          pool,
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topics ? { topics: options.topics } : {}),
        }),
      ...battles.subscriptions,
      () => subscribeToMySound({ ...options, schema: s, storeIn: core.storeIn }),
    ],
    workers: [...battles.workers, ...(reference.worker ? [reference.worker] : []), textSearch],
  });
  return {
    ...service,
    publicRoutes: service.publicRoutes!,
    store,
    pool,
    relay: core.relays[0]!,
    // The text index, for benches that wait for every beat to be embedded.
    text: textSearch,
  };
}

/** The matchmaker for the service kit: both profiles hand in the infrastructure. */
export const service = defineService({
  name: 'matchmaker',
  config: {
    /** Memory for the snippets listeners play, in MB (README, "Snippets"). */
    MATCHMAKER_SNIPPET_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(128),
    ...referenceConfig,
  },
  create: (infrastructure, config) =>
    createMatchmakerService({
      ...infrastructure,
      snippetCacheBytes: config.MATCHMAKER_SNIPPET_CACHE_MB * 1024 * 1024,
      reference: referenceOptionsOf(config, infrastructure),
    }),
});
