import express, { type Express, type RequestHandler } from 'express';
import type { EventBus, Subscription } from '../bus/port';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import type { Logger } from '../logging/logger';
import type { InternalTokenVerifier } from '../auth/internalToken';
import { eventStoreSchema, PostgresEventStore, type InlineProjection } from '../eventstore/postgres';
import { processedEventsSchema } from '../consumers/idempotent';
import { OutboxRelay } from '../outbox/relay';
import { createServiceApp, requireGatewayCaller, type PublicHandler } from '../http/app';
import { problemHandler } from '../http/problem';
import { mountApp } from '../http/calls';
import type { RunnableService } from './service';
import { readinessChecks } from './readiness';

/** The topics one outbox relay publishes (see OutboxRelay); unset: every topic. */
export type RelayTopics = { only: string[] } | { except: string[] };

/** What the kit needs from the process (a service's options, or its Infrastructure). */
export interface ServiceBase {
  db: SqlDatabase;
  logger: Logger;
  verifier: InternalTokenVerifier;
}

export interface EventSourcedBase extends ServiceBase {
  bus: EventBus;
  relayPollMs?: number;
}

/** The storage a service declares: its tables in its own schema, and how its outbox is relayed. */
export interface EventSourcedStorage {
  /** The service's name (HTTP app, logs). */
  name: string;
  /** Its PostgreSQL schema: event store, read models and processed events all live there. */
  schema: string;
  /** Read-model DDL, run after the event store's tables. */
  readModels?: readonly ((schema: string) => string)[];
  /** Read models written in each append's transaction (never behind their streams). */
  projections?: (schema: string) => InlineProjection[];
  /**
   * One relay per entry. Several relays on one outbox keep a slow consumer of one topic (identity's
   * mail, sent in-process as part of delivery) from holding back the others. Default: one for all.
   */
  relays?: readonly (RelayTopics | undefined)[];
}

/** Something that runs beside the HTTP app: a Temporal worker, a poller, a sweeper. */
export interface BackgroundWorker {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/** A POST route that reads its body raw (a webhook whose signature covers the bytes). */
export interface RawBodyRoute {
  path: string;
  handlers: RequestHandler[];
}

/** What a service hangs on its core: routes, subscriptions to contracts, workers and hooks. */
export interface EventSourcedParts {
  /** Routers in order (a public router before one that asks for a session). */
  routers: readonly RequestHandler[];
  rawBodyRoutes?: readonly RawBodyRoute[];
  /** Caller-free GET routes for the embedded gateway's public lane. */
  publicRoutes?: Readonly<Record<string, PublicHandler>>;
  /** Subscriptions opened at start (to other services' contracts, or to its own mail topic). */
  subscriptions?: readonly (() => Promise<Subscription>)[];
  workers?: readonly BackgroundWorker[];
  /** Runs last at start (e.g. background seeding) and its stop first. */
  onStart?: () => void | Promise<void>;
  onStop?: () => Promise<void>;
}

/** The store, the relays and the service's wiring for its HTTP app and lifecycle. */
export interface EventSourcedCore {
  schema: string;
  store: PostgresEventStore;
  /** The store inside a consumer's transaction: events, outbox rows and the dedupe mark commit together. */
  storeIn(tx: SqlExecutor): PostgresEventStore;
  relays: OutboxRelay[];
  assemble(parts: EventSourcedParts): RunnableService;
}

/**
 * The event-sourced service kit: creates the service's schema (event store, read models, processed
 * events), the event store with its inline projections, and the outbox relay(s) it kicks after each
 * commit. `assemble` then adds the HTTP app (health, readiness on the database, gateway-signed
 * callers) and one lifecycle: subscriptions open before the relays start (a message relayed
 * in-process finds its consumer) and close after they stopped; workers start after both.
 */
export async function openEventSourced(
  base: EventSourcedBase,
  storage: EventSourcedStorage,
): Promise<EventSourcedCore> {
  const { db, bus, logger } = base;
  const s = storage.schema;
  const readModels = (storage.readModels ?? []).map((ddl) => ddl(s)).join('');
  await db.exec(eventStoreSchema(s) + readModels + processedEventsSchema(s));
  const relays = (storage.relays ?? [undefined]).map(
    (topics) =>
      new OutboxRelay(db, s, bus, logger, {
        pollMs: base.relayPollMs ?? 1000,
        ...(topics ? { topics } : {}),
      }),
  );
  const kick = () => relays.forEach((relay) => void relay.kick());
  const projections = storage.projections?.(s) ?? [];
  const storeOn = (on: SqlDatabase) => new PostgresEventStore(on, s, projections, kick);
  return {
    schema: s,
    store: storeOn(db),
    storeIn: (tx) => storeOn(inTransaction(tx)),
    relays,
    assemble: (parts) => assembleService(base, { name: storage.name, relays, ...parts }),
  };
}

/**
 * A service's HTTP app (health, readiness on the database, gateway-signed callers, its routers) and
 * its lifecycle; services without an event store (payouts, referrals) call it directly.
 */
export function assembleService(
  base: ServiceBase,
  parts: EventSourcedParts & { name: string; relays?: readonly OutboxRelay[] },
): RunnableService {
  const { db } = base;
  const relays = parts.relays ?? [];
  const { app: inner, finalize } = createServiceApp({
    name: parts.name,
    logger: base.logger,
    verifier: base.verifier,
    readiness: readinessChecks({ db, ...('bus' in base ? { bus: (base as EventSourcedBase).bus } : {}) }),
  });
  for (const router of parts.routers) inner.use(router);
  finalize();
  const app = parts.rawBodyRoutes?.length ? withRawBodyRoutes(inner, parts.rawBodyRoutes, base) : inner;

  const workers = parts.workers ?? [];
  let open: Subscription[] = [];
  return {
    app,
    ...(parts.publicRoutes ? { publicRoutes: parts.publicRoutes } : {}),
    async start() {
      for (const subscribe of parts.subscriptions ?? []) open.push(await subscribe());
      relays.forEach((relay) => relay.start());
      for (const worker of workers) await worker.start();
      await parts.onStart?.();
    },
    async stop() {
      await parts.onStop?.();
      for (const worker of [...workers].reverse()) await worker.stop();
      for (const relay of relays) await relay.stop();
      for (const subscription of open.reverse()) await subscription.stop();
      open = [];
    },
  };
}

/** Raw-body routes sit ahead of the JSON parser; their errors answer problem+json, never a stack. */
function withRawBodyRoutes(inner: Express, routes: readonly RawBodyRoute[], base: ServiceBase): Express {
  const app = express();
  app.disable('x-powered-by');
  for (const route of routes) app.post(route.path, requireGatewayCaller(base.verifier), ...route.handlers);
  mountApp(app, inner);
  app.use(problemHandler);
  return app;
}

/** A consumer's transaction seen as a database: the store's own "transaction" is the caller's. */
function inTransaction(tx: SqlExecutor): SqlDatabase {
  return {
    query: (text, params) => tx.query(text, params),
    transaction: (fn) => fn(tx),
    exec: () => Promise.reject(new Error('no migrations inside a consumer transaction')),
    close: () => Promise.resolve(),
  };
}
