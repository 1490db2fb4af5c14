import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '@beatmatch/contracts';
import {
  createServiceApp,
  defineService,
  eventStoreSchema,
  OutboxRelay,
  PostgresEventStore,
  processedEventsSchema,
  type EventBus,
  type InternalTokenVerifier,
  type Logger,
  type Mailer,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { identityProjection, identityReadModelSchema, IdentityQueries } from './users/readModel';
import { identityRouter } from './users/api';
import { devicesRouter } from './devices/api';
import { contactRouter } from './contact/api';
import { createMailSender } from './mail/sender';
import { IDENTITY_MAIL_TOPIC } from './mail/requests';
import { subscribe as subscribeToIntegrationEvents } from './integration/subscriptions';

export const IDENTITY_SCHEMA = 'identity';

/**
 * A consumer's transaction seen as a database: the event store appends inside it (its own
 * "transaction" is the caller's), so events, outbox rows and the dedupe mark commit together.
 */
function inTransaction(tx: SqlExecutor): SqlDatabase {
  return {
    query: (text, params) => tx.query(text, params),
    transaction: (fn) => fn(tx),
    exec: () => Promise.reject(new Error('no migrations inside a consumer transaction')),
    close: () => Promise.resolve(),
  };
}
export { DEFAULT_SUPPORT_EMAIL };

export interface IdentityServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  mailer: Mailer;
  verifier: InternalTokenVerifier;
  logger: Logger;
  secret: string;
  publicUrl: () => string;
  clock?: () => Date;
  relayPollMs?: number;
  /** The support mailbox contact messages are mailed to. */
  supportEmail?: string;
  /** The $BEAT whitepaper link served by get_whitepaper. */
  whitepaperUrl?: string;
  /** PostgreSQL schema of its tables (tests use one of their own). */
  schema?: string;
  /** Consumer group and topics of the events identity consumes (commerce's; tests use fresh ones). */
  consumer?: string;
  topics?: string[];
}

/** Composition root of identity: wires the store, read models, outbox relay and HTTP API. */
export async function createIdentityService(options: IdentityServiceOptions) {
  const { db, bus, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const s = options.schema ?? IDENTITY_SCHEMA;
  await db.exec(eventStoreSchema(s) + identityReadModelSchema(s) + processedEventsSchema(s));

  const pollMs = options.relayPollMs ?? 1000;
  // Two relays on one outbox: mail requests apart, so a mail server that is down (in-process, the
  // send is part of delivery) does not hold back the integration events other services wait for.
  const relay = new OutboxRelay(db, s, bus, logger, { pollMs, topics: { except: [IDENTITY_MAIL_TOPIC] } });
  const mailRelay = new OutboxRelay(db, s, bus, logger, { pollMs, topics: { only: [IDENTITY_MAIL_TOPIC] } });
  const kick = () => {
    void relay.kick();
    void mailRelay.kick();
  };
  const store = new PostgresEventStore(db, s, [identityProjection(s)], kick);
  const queries = new IdentityQueries(db, s);

  const { app, finalize } = createServiceApp({
    name: 'identity',
    logger,
    verifier: options.verifier,
    readiness: [() => db.query('SELECT 1')],
  });
  app.use(identityRouter({ store, queries, secret: options.secret, clock, logger }));
  app.use(devicesRouter({ store, clock }));
  app.use(contactRouter({ store, whitepaperUrl: options.whitepaperUrl, clock }));
  finalize();

  const mailSender = createMailSender({
    store,
    mailer: options.mailer,
    secret: options.secret,
    publicUrl: options.publicUrl,
    supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    clock,
    logger,
  });
  let mailSubscription: Subscription | undefined;
  let integration: Subscription | undefined;
  return {
    app,
    store,
    relay,
    mailRelay,
    async start() {
      mailSubscription = await mailSender.subscribe(bus);
      integration = await subscribeToIntegrationEvents({
        bus,
        db,
        logger,
        schema: s,
        storeIn: (tx) => new PostgresEventStore(inTransaction(tx), s, [identityProjection(s)], kick),
        queriesIn: (tx) => new IdentityQueries(tx, s),
        clock,
        ...(options.consumer ? { consumer: options.consumer } : {}),
        ...(options.topics ? { topics: options.topics } : {}),
      });
      relay.start();
      mailRelay.start();
    },
    async stop() {
      await integration?.stop();
      await relay.stop();
      await mailRelay.stop();
      await mailSubscription?.stop();
    },
  };
}

/** Identity for the service kit: both profiles hand in the infrastructure and IDENTITY_SECRET. */
export const service = defineService({
  name: 'identity',
  config: {
    /** HMAC key for e-mailed codes and reset links: at least 32 characters, the same on every replica. */
    IDENTITY_SECRET: z
      .string({ error: 'IDENTITY_SECRET is required' })
      .min(32, 'IDENTITY_SECRET must be at least 32 characters'),
    /** The support mailbox (contact form). */
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').default(DEFAULT_SUPPORT_EMAIL),
    /** Link to the $BEAT whitepaper; unset: get_whitepaper answers 404. */
    WHITEPAPER_URL: z.url('WHITEPAPER_URL must be a URL').optional(),
  },
  secrets: ['IDENTITY_SECRET'],
  create: (infrastructure, config) =>
    createIdentityService({
      db: infrastructure.db,
      bus: infrastructure.bus,
      mailer: infrastructure.mailer,
      verifier: infrastructure.verifier,
      logger: infrastructure.logger,
      secret: config.IDENTITY_SECRET,
      publicUrl: infrastructure.publicUrl,
      clock: infrastructure.clock,
      relayPollMs: infrastructure.relayPollMs,
      supportEmail: config.SUPPORT_EMAIL,
      whitepaperUrl: config.WHITEPAPER_URL,
    }),
});
