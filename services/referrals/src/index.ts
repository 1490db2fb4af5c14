import {
  defineService,
  openEventSourced,
  type EventBus,
  type InternalTokenVerifier,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import { referralsProjection, referralsReadModelSchema, ReferralQueries } from './referrals/readModel';
import { referralsRouter } from './referrals/api';
import { subscribe } from './integration/subscriptions';

export const REFERRALS_SCHEMA = 'referrals';

export interface ReferralsServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  clock?: () => Date;
  relayPollMs?: number;
  /** PostgreSQL schema of its tables (tests use one of their own). */
  schema?: string;
  /** Consumer group and topic of identity's events (tests use fresh ones). */
  consumer?: string;
  topic?: string;
}

/**
 * Composition root of referrals (the service kit): one referral code per registered user, sign-ups
 * attributed to a real code only (`referrals.ReferralConfirmed` tells commerce), and the caller's code.
 */
export async function createReferralsService(options: ReferralsServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  const core = await openEventSourced(options, {
    name: 'referrals',
    schema: options.schema ?? REFERRALS_SCHEMA,
    readModels: [referralsReadModelSchema],
    projections: (s) => [referralsProjection(s)],
  });
  const queries = new ReferralQueries(options.db, core.schema);
  const service = core.assemble({
    routers: [referralsRouter(queries)],
    subscriptions: [
      () =>
        subscribe({
          bus: options.bus,
          db: options.db,
          logger: options.logger,
          schema: core.schema,
          storeIn: core.storeIn,
          clock,
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topic ? { topic: options.topic } : {}),
        }),
    ],
  });
  return { ...service, store: core.store, queries, relay: core.relays[0]! };
}

export const service = defineService({
  name: 'referrals',
  create: (infrastructure) => createReferralsService(infrastructure),
});
