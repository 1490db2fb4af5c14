import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  defineService,
  openEventSourced,
  type EventBus,
  type InternalTokenVerifier,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import type { TemporalSettings } from '@beatmatch/platform/workflows';
import { referralsProjection, referralsReadModelSchema, ReferralQueries } from './referrals/readModel';
import { referralsRouter } from './referrals/api';
import { subscribe } from './integration/subscriptions';
import { subscribePayments } from './integration/payments';
import { rewardsProjection, rewardsReadModelSchema } from './rewards/readModel';
import { rewardsRouter } from './rewards/api';
import { referralRunWorker } from './rewards/temporal';
import type { RunPorts } from './rewards/run';
import {
  ambassadorsProjection,
  ambassadorsReadModelSchema,
  AmbassadorQueries,
} from './ambassadors/readModel';
import { ambassadorsRouter } from './ambassadors/api';

export const REFERRALS_SCHEMA = 'referrals';

export interface ReferralsServiceOptions {
  db: SqlDatabase;
  bus: EventBus;
  verifier: InternalTokenVerifier;
  logger: Logger;
  clock?: () => Date;
  relayPollMs?: number;
  /** The Temporal frontend of the monthly referral run; without one the run is only by hand. */
  workflows?: TemporalSettings | undefined;
  /** The run's task queue (apps sharing one Temporal server each need their own). */
  taskQueue?: string;
  /** PostgreSQL schema of its tables (tests use one of their own). */
  schema?: string;
  /** Consumer groups and topics of identity's and commerce's events (tests use fresh ones). */
  consumer?: string;
  topic?: string;
  paymentsConsumer?: string;
  paymentsTopic?: string;
}

/**
 * Composition root of referrals (the service kit): one referral code per registered user, sign-ups
 * attributed to a real code only (`referrals.ReferralConfirmed` tells commerce), sub-affiliates from
 * commerce's subscription payments, the ambassador role, and the monthly referral run on a Temporal
 * Schedule posting each reward once (`referrals.RewardEarned`, credited by the payouts ledger).
 */
export async function createReferralsService(options: ReferralsServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  const { bus, db, logger } = options;
  const core = await openEventSourced(options, {
    name: 'referrals',
    schema: options.schema ?? REFERRALS_SCHEMA,
    readModels: [referralsReadModelSchema, rewardsReadModelSchema, ambassadorsReadModelSchema],
    projections: (s) => [referralsProjection(s), rewardsProjection(s), ambassadorsProjection(s)],
  });
  const queries = new ReferralQueries(db, core.schema);
  const ambassadors = new AmbassadorQueries(db, core.schema);
  const ports: RunPorts = { db, schema: core.schema, store: core.store, clock };
  const run =
    options.workflows && options.taskQueue
      ? referralRunWorker({ temporal: options.workflows, taskQueue: options.taskQueue, ports, logger })
      : undefined;
  if (!run) logger.warn('no Temporal frontend: the monthly referral run is not scheduled');
  const service = core.assemble({
    routers: [
      referralsRouter(queries),
      rewardsRouter(ports, ambassadors),
      ambassadorsRouter(core.store, ambassadors, clock),
    ],
    subscriptions: [
      () =>
        subscribe({
          bus,
          db,
          logger,
          schema: core.schema,
          storeIn: core.storeIn,
          clock,
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topic ? { topic: options.topic } : {}),
        }),
      () =>
        subscribePayments({
          bus,
          db,
          logger,
          schema: core.schema,
          clock,
          ...(options.paymentsConsumer ? { consumer: options.paymentsConsumer } : {}),
          ...(options.paymentsTopic ? { topic: options.paymentsTopic } : {}),
        }),
    ],
    workers: run ? [run] : [],
  });
  return { ...service, store: core.store, queries, ports, run, relay: core.relays[0]! };
}

/** Each data directory's own task queue, so apps sharing one Temporal server never take each other's runs. */
export const referralsTaskQueueOf = (dataDir: string) =>
  `referrals-run-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

export const service = defineService({
  name: 'referrals',
  config: {
    /** The monthly referral run's Temporal task queue (default: one derived from the data directory). */
    REFERRALS_TASK_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,200}$/)
      .optional(),
  },
  create: (infrastructure, config) =>
    createReferralsService({
      ...infrastructure,
      taskQueue: config.REFERRALS_TASK_QUEUE ?? referralsTaskQueueOf(infrastructure.dataDir),
    }),
});
