import path from 'node:path';
import { z } from 'zod';
import { serviceConfigShape } from '../config/config';
import type { Logger } from '../logging/logger';
import { openDatabase } from '../sql/open';
import type { SqlDatabase } from '../sql/port';
import type { EventBus } from '../bus/port';
import { InProcessEventBus } from '../bus/inprocess';
import { KafkaEventBus } from '../bus/kafka';
import type { Mailer } from '../mail/port';
import { DevMailbox } from '../mail/devMailbox';
import { SmtpMailer } from '../mail/smtp';
import type { PaymentsPort } from '../payments/port';
import { TestPaymentProvider } from '../payments/testProvider';
import { StripePayments, createStripeClient } from '../payments/stripe';
import type { SubscriptionPaymentsPort } from '../payments/subscriptionPort';
import { PaypalSubscriptions } from '../payments/paypal';
import { TestSubscriptionProvider } from '../payments/testSubscriptions';
import type { InternalTokenVerifier } from '../auth/internalToken';
import type { Infrastructure } from './service';
import type { BlobStore } from '../blobs/port';
import { blobConfigFromEnv, createBlobStore } from '../blobs/index';

/** The settings that choose the adapters, the same variables in both profiles. */
export const infrastructureConfigShape = {
  ...serviceConfigShape,
  /** Kafka consumer session timeout: how soon a dead consumer's partitions move to another (default kafkajs 30 s). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).max(300_000).optional(),
  /** host:port of the Temporal frontend; the embedded profile starts its own dev server when unset. */
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** Stripe (or stripe-mock with STRIPE_API_BASE); unset means the built-in test provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * PayPal's REST app (subscriptions); unset: the local test provider. PAYPAL_API_BASE:
   * https://api-m.paypal.com live, the sandbox when unset. PAYPAL_WEBHOOK_ID: the registered webhook's id.
   */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
};
export type InfrastructureConfig = z.infer<z.ZodObject<typeof infrastructureConfigShape>>;

export interface InfrastructureOptions {
  profile: 'embedded' | 'distributed';
  config: InfrastructureConfig;
  logger: Logger;
  verifier: InternalTokenVerifier;
  publicUrl: () => string;
  clock?: () => Date;
  relayPollMs?: number;
  /** Kafka client id (the process's service name, or 'beatmatch' for the embedded profile). */
  clientId: string;
  /** The environment the blob settings are read from (BLOB_STORE, BLOB_SIGNING_SECRET, S3_*). */
  env: NodeJS.ProcessEnv;
}

/**
 * The one place adapters are wired. A process opens one Infrastructure and hands each service its
 * share: the embedded profile one PGlite for all (each service in its own schema), the distributed
 * one DATABASE_URL (the service's own database); the bus, mail and payments are shared by the process.
 */
export class InfrastructureSet {
  private readonly databases = new Map<string, Promise<SqlDatabase>>();
  private blobStore: Promise<BlobStore> | undefined;
  private constructor(
    private readonly options: InfrastructureOptions,
    readonly bus: EventBus,
    readonly mailer: Mailer,
    /** The dev mailbox under DATA_DIR (where mail goes when SMTP_URL is unset). */
    readonly devMailbox: DevMailbox,
    private readonly smtp: SmtpMailer | undefined,
    readonly payments: PaymentsPort,
  ) {}

  static open(options: InfrastructureOptions): InfrastructureSet {
    const { config, logger } = options;
    const bus: EventBus = config.KAFKA_BROKERS
      ? KafkaEventBus.fromBrokerList(config.KAFKA_BROKERS, {
          clientId: options.clientId,
          logger,
          ...(config.KAFKA_SESSION_TIMEOUT_MS
            ? {
                consumer: {
                  sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
                  heartbeatIntervalMs: Math.floor(config.KAFKA_SESSION_TIMEOUT_MS / 10),
                },
              }
            : {}),
        })
      : new InProcessEventBus();
    const smtp = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
    const devMailbox = new DevMailbox(path.resolve(config.DATA_DIR));
    const payments: PaymentsPort = config.STRIPE_SECRET_KEY
      ? new StripePayments(
          createStripeClient({
            secretKey: config.STRIPE_SECRET_KEY,
            ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
          }),
        )
      : new TestPaymentProvider();
    return new InfrastructureSet(options, bus, smtp ?? devMailbox, devMailbox, smtp, payments);
  }

  /** The SQL database: one per process (PGlite under DATA_DIR/pg, or DATABASE_URL). */
  database(): Promise<SqlDatabase> {
    const { config } = this.options;
    let db = this.databases.get('db');
    if (!db) {
      db = openDatabase({
        ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
        dataDir: path.resolve(config.DATA_DIR),
      });
      this.databases.set('db', db);
    }
    return db;
  }

  /**
   * Subscriptions are paid at PayPal when PAYPAL_CLIENT_ID is set, else at the local test provider,
   * whose webhooks are signed with the calling service's secret.
   */
  private subscriptionPayments(webhookSecret: string): SubscriptionPaymentsPort {
    const { config } = this.options;
    return config.PAYPAL_CLIENT_ID
      ? new PaypalSubscriptions({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET ?? '',
          webhookId: config.PAYPAL_WEBHOOK_ID ?? '',
          ...(config.PAYPAL_API_BASE ? { apiBase: config.PAYPAL_API_BASE } : {}),
        })
      : new TestSubscriptionProvider(webhookSecret);
  }

  /** The process's blob store (one per process), opened on first use. */
  blobs(): Promise<BlobStore> {
    return (this.blobStore ??= createBlobStore(
      blobConfigFromEnv({ DATA_DIR: path.resolve(this.options.config.DATA_DIR), ...this.options.env }),
      this.options.clock,
    ));
  }

  async forService(name: string, logger: Logger): Promise<Infrastructure> {
    const { config } = this.options;
    return {
      profile: this.options.profile,
      logger,
      db: await this.database(),
      bus: this.bus,
      mailer: this.mailer,
      payments: this.payments,
      subscriptionPayments: (webhookSecret) => this.subscriptionPayments(webhookSecret),
      workflows: config.TEMPORAL_ADDRESS
        ? { address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE }
        : undefined,
      blobs: () => this.blobs(),
      verifier: this.options.verifier,
      dataDir: path.join(path.resolve(config.DATA_DIR), name),
      publicUrl: this.options.publicUrl,
      clock: this.options.clock ?? (() => new Date()),
      relayPollMs: this.options.relayPollMs ?? 1000,
    };
  }

  async close(): Promise<void> {
    await this.bus.close();
    this.smtp?.close();
    await Promise.all([...this.databases.values()].map(async (db) => (await db).close()));
  }
}
