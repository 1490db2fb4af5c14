import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '@beatmatch/contracts';
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
import { identityProjection, identityReadModelSchema, IdentityQueries } from './users/readModel';
import { identityRouter } from './users/api';
import { devicesRouter } from './devices/api';
import { contactRouter } from './contact/api';
import { errorReportsRouter } from './errorReports/api';
import { sentryTracker, type ErrorTracker } from './errorReports/sentryTracker';
import { createMailSender } from './mail/sender';
import { IDENTITY_MAIL_TOPIC } from './mail/requests';
import { subscribe as subscribeToIntegrationEvents } from './integration/subscriptions';
import { profileProjection, profileReadModelSchema, ProfileQueries } from './profile/readModel';
import { profileRouter } from './profile/api';
import { adminRolesProjection, adminRolesReadModelSchema, AdminRoleQueries } from './roles/readModel';
import { adminRolesRouter } from './roles/api';
import { identityAdmin } from './admin';

export const IDENTITY_SCHEMA = 'identity';
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
  /** Where browser error reports go besides the log (ERROR_TRACKER_DSN). */
  errorTracker?: ErrorTracker;
  /** PostgreSQL schema of its tables (tests use one of their own). */
  schema?: string;
  /** Where profile pictures are kept. */
  blobs: () => Promise<BlobStore>;
  /** Consumer group and topics of the events identity consumes (commerce's; tests use fresh ones). */
  consumer?: string;
  topics?: string[];
  /** Where the maintenance jobs run (Temporal); without it, the maintenance page's jobs are refused. */
  adminJobs?: AdminJobsWorkflows;
}

/** Composition root of identity (the service kit): its store, read model, relays, mail and HTTP API. */
export async function createIdentityService(options: IdentityServiceOptions) {
  const { bus, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const core = await openEventSourced(options, {
    name: 'identity',
    schema: options.schema ?? IDENTITY_SCHEMA,
    readModels: [
      identityReadModelSchema,
      profileReadModelSchema,
      adminRolesReadModelSchema,
      identityAdmin.readModel,
    ],
    projections: (s) => [
      identityProjection(s),
      profileProjection(s),
      adminRolesProjection(s),
      identityAdmin.projection(s),
    ],
    // Mail requests on a relay of their own: a mail server that is down (in-process, the send is part
    // of delivery) does not hold back the integration events other services wait for.
    relays: [{ except: [IDENTITY_MAIL_TOPIC] }, { only: [IDENTITY_MAIL_TOPIC] }],
  });
  const { store, schema: s } = core;
  const queries = new IdentityQueries(options.db, s);
  const roles = new AdminRoleQueries(options.db, s);
  const mailSender = createMailSender({
    store,
    mailer: options.mailer,
    secret: options.secret,
    publicUrl: options.publicUrl,
    supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    clock,
    logger,
  });
  const admin = identityAdmin.create({ ...options, store, schema: s, clock });
  const service = core.assemble({
    routers: [
      ...admin.routers,
      identityRouter({ store, queries, roles, secret: options.secret, clock, logger }),
      adminRolesRouter({ store, users: queries, roles, clock }),
      devicesRouter({ store, clock }),
      contactRouter({ store, whitepaperUrl: options.whitepaperUrl, clock }),
      errorReportsRouter({ logger, tracker: options.errorTracker }),
      profileRouter({
        store,
        profiles: new ProfileQueries(options.db, s),
        clock,
        db: options.db,
        schema: s,
        blobs: options.blobs,
      }),
    ],
    subscriptions: [
      () => mailSender.subscribe(bus),
      () =>
        subscribeToIntegrationEvents({
          bus,
          db: options.db,
          logger,
          schema: s,
          storeIn: core.storeIn,
          queriesIn: (tx) => new IdentityQueries(tx, s),
          clock,
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topics ? { topics: options.topics } : {}),
        }),
    ],
    workers: [admin.jobs],
  });
  const [relay, mailRelay] = core.relays;
  return { ...service, store, relay: relay!, mailRelay: mailRelay! };
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
    /** Link to the $BEAT whitepaper; unset: get_whitepaper answers `url: null` (the page's empty state). */
    WHITEPAPER_URL: z.url('WHITEPAPER_URL must be a URL').optional(),
    /** A hosted error tracker's DSN (Sentry's ingest API); unset: browser error reports are logged only. */
    ERROR_TRACKER_DSN: z.url('ERROR_TRACKER_DSN must be a DSN').optional(),
  },
  secrets: ['IDENTITY_SECRET'],
  create: (infrastructure, config) =>
    createIdentityService({
      ...infrastructure,
      secret: config.IDENTITY_SECRET,
      supportEmail: config.SUPPORT_EMAIL,
      whitepaperUrl: config.WHITEPAPER_URL,
      ...(config.ERROR_TRACKER_DSN ? { errorTracker: sentryTracker(config.ERROR_TRACKER_DSN) } : {}),
      ...(infrastructure.workflows
        ? {
            adminJobs: {
              temporal: infrastructure.workflows,
              taskQueue: adminJobsTaskQueueOf('identity', infrastructure.dataDir),
            },
          }
        : {}),
    }),
});

export { adminFromCommandLine, type AdminVerb } from './roles/commandLine';
