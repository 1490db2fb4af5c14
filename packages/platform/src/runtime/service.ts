import type { Express } from 'express';
import { z } from 'zod';
import { registeredPort } from '@beatmatch/contracts';
import type { Logger } from '../logging/logger';
import type { SqlDatabase } from '../sql/port';
import type { EventBus } from '../bus/port';
import type { Mailer } from '../mail/port';
import type { PaymentsPort } from '../payments/port';
import type { SubscriptionPaymentsPort } from '../payments/subscriptionPort';
import type { TemporalSettings } from '../workflows/temporal';
import type { InternalTokenVerifier } from '../auth/internalToken';
import type { BlobStore } from '../blobs/port';
import type { PublicHandler } from '../http/app';

/**
 * Everything a service gets from the process, chosen once from configuration for both profiles
 * (runtime/infrastructure.ts): the service's own SQL database, the bus, mail, payments (cards and
 * subscriptions), where the
 * Temporal frontend is, blob storage, and the verifier of gateway-signed callers.
 */
export interface Infrastructure {
  profile: 'embedded' | 'distributed';
  logger: Logger;
  /** This service's own database (embedded: one PGlite, each service in its own schema). */
  db: SqlDatabase;
  bus: EventBus;
  mailer: Mailer;
  payments: PaymentsPort;
  /** Subscription payments: PayPal when configured, else the local test provider signing with `webhookSecret`. */
  subscriptionPayments(webhookSecret: string): SubscriptionPaymentsPort;
  /** The Temporal frontend (embedded: the dev server the profile starts; distributed: TEMPORAL_ADDRESS). */
  workflows: TemporalSettings | undefined;
  /**
   * Blob storage (BLOB_STORE: files with signed URLs embedded, S3 distributed), opened on first use
   * so services without blobs need no blob settings. One store per process.
   */
  blobs: () => Promise<BlobStore>;
  verifier: InternalTokenVerifier;
  /** A folder of this service's own (dev mailbox, local files). */
  dataDir: string;
  /** The address users reach (links in mails); read lazily, the embedded gateway may listen on port 0. */
  publicUrl: () => string;
  clock: () => Date;
  /** How often an outbox relay polls when nothing kicks it. */
  relayPollMs: number;
}

/** What `create` returns: the HTTP app, and what to run/stop beside it (relays, consumers, workers). */
export interface RunnableService {
  app: Express;
  /** Caller-free GET routes by service path, for the embedded gateway's public lane (`PublicHandler`). */
  publicRoutes?: Readonly<Record<string, PublicHandler>>;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  /** The port in the distributed profile, from the registry (packages/contracts/src/services.ts). */
  port: number;
  /** The service's own settings (environment variables), checked at start. */
  config: Shape;
  /**
   * Settings that are secrets (string, ≥ 32 characters): both profiles generate them once, keep them
   * in the data directory and hand the same value to every replica.
   */
  secrets: readonly (keyof Shape & string)[];
  create(infrastructure: Infrastructure, config: z.infer<z.ZodObject<Shape>>): Promise<RunnableService>;
}

/** Declares a service; the name must be in the registry, which gives its port. */
export function defineService<Shape extends z.ZodRawShape>(definition: {
  name: string;
  config?: Shape;
  secrets?: readonly (keyof Shape & string)[];
  create(infrastructure: Infrastructure, config: z.infer<z.ZodObject<Shape>>): Promise<RunnableService>;
}): ServiceDefinition<Shape> {
  return {
    name: definition.name,
    port: registeredPort(definition.name),
    config: definition.config ?? ({} as Shape),
    secrets: definition.secrets ?? [],
    create: definition.create,
  };
}

/** Reads a definition's settings from an environment; a bad value stops the start with a clear message. */
export function parseServiceConfig<Shape extends z.ZodRawShape>(
  definition: ServiceDefinition<Shape>,
  env: NodeJS.ProcessEnv,
): z.infer<z.ZodObject<Shape>> {
  const result = z.object(definition.config).safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of ${definition.name}:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/**
 * Finds a registered service's definition by convention: package `@beatmatch/<name>` exports
 * `service`. Composers (apps/embedded, the process runner) call this; the gateway never does.
 */
export async function loadServiceDefinition(name: string): Promise<ServiceDefinition> {
  const module = (await import(`@beatmatch/${name}`)) as { service?: ServiceDefinition };
  const definition = module.service;
  if (!definition || definition.name !== name || typeof definition.create !== 'function')
    throw new Error(`@beatmatch/${name} must export \`service\` = defineService({ name: '${name}', … })`);
  return definition;
}
