import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineService, openEventSourced, type Infrastructure, type Mailer } from '@beatmatch/platform';
import { payoutSettingsRouter } from './settings/api';
import { payoutFramesRouter } from './settings/frames';
import { payoutSettingsProjection, payoutSettingsSchema } from './settings/readModel';
import { ledgerSchema, PAYOUTS_SCHEMA } from './ledger/ledger';
import { runsSchema } from './runs/schema';
import { payoutRunsRouter } from './runs/api';
import { monthlyRunsWorker } from './runs/temporal';
import type { PayoutPorts } from './runs/pay';
import { subscribeLedger, subscribeProducerEmails } from './integration/subscriptions';
import { subscribeReferralRewards } from './ledger/referralRewards';
import { LocalPayoutProvider } from './fiat/localProvider';
import { settlementPoller } from './fiat/settlements';
import { StripeConnectPayoutProvider } from './fiat/stripeConnectProvider';
import { fiatProviderConfig, fiatProviderOf, type FiatProviderFactory } from './fiat/openFiatProvider';
import type { TokenTreasury } from './token/port';
import { STATEMENT_MAIL_TOPIC, subscribeStatementMail } from './statements/statementMail';
import { openTokenTreasury, tokenTreasuryConfig } from './token/openTokenTreasury';

/** What payouts takes from the process (its Infrastructure; tests build it by hand). */
export type PayoutsBase = Pick<
  Infrastructure,
  'db' | 'bus' | 'logger' | 'verifier' | 'clock' | 'workflows' | 'publicUrl'
> & {
  relayPollMs?: number;
  /** Where payout statements go; without one they wait in the outbox. */
  mailer?: Mailer;
};

export interface PayoutsServiceOptions {
  /** The $BEAT treasury (src/token); without one, $BEAT payouts are computed and wait. */
  treasury?: TokenTreasury;
  /** The fiat payout provider; default the local provider (embedded profile). */
  fiat?: FiatProviderFactory;
  /** A block explorer's base address: each $BEAT payout links to `<explorerUrl>/tx/<hash>`. */
  explorerUrl?: string;
  /** The runs' Temporal task queue (apps sharing one Temporal server each need their own). */
  taskQueue: string;
  /** How often submitted fiat payouts are asked for their status (ms). */
  settlePollMs?: number;
  /** The local provider's settling delay (ms). */
  settleAfterMs?: number;
  schema?: string;
  consumer?: string;
  topic?: string;
}

/**
 * Composition root of payouts (the service kit): the payout settings aggregate with its read model,
 * the ledger fed by commerce's sales and refunds, the monthly runs on Temporal Schedules, the fiat
 * provider and its settlement poller.
 */
export async function createPayoutsService(infrastructure: PayoutsBase, options: PayoutsServiceOptions) {
  const { db, logger, clock, mailer } = infrastructure;
  const schema = options.schema ?? PAYOUTS_SCHEMA;
  const core = await openEventSourced(infrastructure, {
    name: 'payouts',
    schema,
    readModels: [
      payoutSettingsSchema,
      ledgerSchema,
      runsSchema,
      LocalPayoutProvider.schemaSql,
      StripeConnectPayoutProvider.schemaSql,
    ],
    projections: (s) => [payoutSettingsProjection(s)],
    /** Statements on a relay of their own: a mail server that is down never holds up the rest. */
    relays: [{ except: [STATEMENT_MAIL_TOPIC] }, { only: [STATEMENT_MAIL_TOPIC] }],
  });
  const ports: PayoutPorts = {
    db,
    schema,
    clock,
    fiat: options.fiat?.(db, schema) ?? new LocalPayoutProvider(db, schema, clock, options.settleAfterMs),
    ...(options.treasury ? { treasury: options.treasury } : {}),
  };
  const runs = infrastructure.workflows
    ? monthlyRunsWorker({ temporal: infrastructure.workflows, taskQueue: options.taskQueue, ports, logger })
    : undefined;
  if (!runs) logger.warn('no Temporal frontend (TEMPORAL_ADDRESS): monthly payout runs are not scheduled');
  const service = core.assemble({
    routers: [
      payoutSettingsRouter(core.store),
      payoutFramesRouter({ store: core.store, fiat: ports.fiat, publicUrl: infrastructure.publicUrl }),
      payoutRunsRouter(ports, options.explorerUrl),
    ],
    subscriptions: [
      () =>
        subscribeLedger({
          bus: infrastructure.bus,
          db,
          logger,
          schema,
          ...(options.consumer ? { consumer: options.consumer } : {}),
          ...(options.topic ? { topic: options.topic } : {}),
        }),
      () => subscribeProducerEmails({ bus: infrastructure.bus, db, logger, schema }),
      () => subscribeReferralRewards({ bus: infrastructure.bus, db, logger, schema }),
      ...(mailer ? [() => subscribeStatementMail(infrastructure.bus, { mailer, logger })] : []),
    ],
    workers: [settlementPoller(ports, logger, options.settlePollMs ?? 10_000), ...(runs ? [runs] : [])],
    onStop: async () => options.treasury?.close(),
  });
  return { ...service, ports, runs };
}

/** Each data directory's own task queue, so apps sharing one Temporal server never take each other's runs. */
export const payoutsTaskQueueOf = (dataDir: string) =>
  `payouts-runs-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

export const service = defineService({
  name: 'payouts',
  config: {
    /** The monthly runs' Temporal task queue (default: one derived from the data directory). */
    PAYOUTS_TASK_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,200}$/)
      .optional(),
    ...tokenTreasuryConfig,
    ...fiatProviderConfig,
  },
  create: async (infrastructure, config) => {
    const treasury = await openTokenTreasury(infrastructure, config, PAYOUTS_SCHEMA);
    const fiat = fiatProviderOf(config);
    return createPayoutsService(infrastructure, {
      ...(fiat ? { fiat } : {}),
      ...(config.BEAT_EXPLORER_URL ? { explorerUrl: config.BEAT_EXPLORER_URL } : {}),
      taskQueue: config.PAYOUTS_TASK_QUEUE ?? payoutsTaskQueueOf(infrastructure.dataDir),
      ...(treasury ? { treasury } : {}),
    });
  },
});
