import path from 'node:path';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { z } from 'zod';
import { loadConfig, serviceConfigShape } from '../config/config';
import { createLogger, type Logger } from '../logging/logger';
import { stopTelemetry } from '../telemetry/telemetry';
import { openDatabase } from '../sql/open';
import type { SqlDatabase } from '../sql/port';
import type { EventBus } from '../bus/port';
import { InProcessEventBus } from '../bus/inprocess';
import { KafkaEventBus } from '../bus/kafka';
import type { Mailer } from '../mail/port';
import { DevMailbox } from '../mail/devMailbox';
import { SmtpMailer } from '../mail/smtp';
import { importInternalPublicKey, InternalTokenVerifier } from '../auth/internalToken';

/** What a service's composition root gets from the process: adapters chosen by configuration. */
export interface ServiceInfrastructure {
  config: z.infer<z.ZodObject<typeof runtimeShape>>;
  logger: Logger;
  db: SqlDatabase;
  bus: EventBus;
  mailer: Mailer;
  verifier: InternalTokenVerifier;
}

export interface RunnableService {
  app: Express;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

const runtimeShape = {
  ...serviceConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  /** PEM (SPKI) of the gateway's internal-token key. Required: services accept only gateway-signed calls. */
  /** Kafka consumer session timeout: how soon a dead consumer's partitions move to another (default kafkajs 30 s). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).max(300_000).optional(),
  INTERNAL_TOKEN_PUBLIC_KEY: z
    .string({ error: 'INTERNAL_TOKEN_PUBLIC_KEY is required (the gateway public key, PEM)' })
    .min(1),
};

/**
 * Runs one service as its own process (distributed profile): config from env, telemetry, the SQL,
 * bus and mail adapters the env selects, the HTTP server, and a graceful stop on SIGTERM/SIGINT.
 */
export async function runService(
  name: string,
  defaultPort: number,
  create: (infrastructure: ServiceInfrastructure) => Promise<RunnableService>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const config = loadConfig(runtimeShape, { PORT: String(defaultPort), ...env });
  const logger = createLogger(name, config.LOG_LEVEL);
  const db = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    dataDir: path.join(config.DATA_DIR, name),
  });
  const bus: EventBus = config.KAFKA_BROKERS
    ? KafkaEventBus.fromBrokerList(config.KAFKA_BROKERS, {
        clientId: name,
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
  const mailer: Mailer = smtp ?? new DevMailbox(path.join(config.DATA_DIR, name));
  const verifier = new InternalTokenVerifier(await importInternalPublicKey(config.INTERNAL_TOKEN_PUBLIC_KEY));
  const service = await create({ config, logger, db, bus, mailer, verifier });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = service.app.listen(config.PORT, config.HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  await service.start();
  logger.info({ port: config.PORT, host: config.HOST }, `${name} listening`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
    await service.stop();
    await bus.close();
    smtp?.close();
    await db.close();
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
