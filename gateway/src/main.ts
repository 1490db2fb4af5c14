/** The gateway as its own process (distributed profile), or as GATEWAY_PROCESSES of them (./processes.ts). */
import { runsWorkers } from './processes';
import '@beatmatch/platform/telemetry/autostart';
import path from 'node:path';
import { z } from 'zod';
import {
  InternalTokenIssuer,
  KafkaEventBus,
  createLogger,
  openPostgres,
  importInternalPrivateKey,
  onStopSignal,
  loadConfig,
  serviceConfigShape,
  listenOn,
} from '@beatmatch/platform';
import { GATEWAY_PORT, serviceRegistry, serviceUrlVariable } from '@beatmatch/contracts';
import { createGateway } from './app';
import { servicesMailbox } from './devMailbox';
import { gatewayRevocations } from './revocations';
import { sqlRateLimitStores } from './rateLimitStore';
import type { ServiceName } from './routes';

/** Every registered service's URL (IDENTITY_URL, CATALOG_URL, …), by default its registry port on this host. */
const serviceUrlShape = Object.fromEntries(
  serviceRegistry.map(({ name, port }) => [
    serviceUrlVariable(name),
    z.string().url().default(`http://127.0.0.1:${port}`),
  ]),
);
const config = loadConfig({
  ...serviceConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_PORT),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** PEM (PKCS#8) of the Ed25519 key the gateway signs internal tokens with. */
  INTERNAL_TOKEN_PRIVATE_KEY: z.string({ error: 'INTERNAL_TOKEN_PRIVATE_KEY is required (PEM)' }).min(1),
  CSRF_SECRET: z
    .string({ error: 'CSRF_SECRET is required' })
    .min(32, 'CSRF_SECRET must be at least 32 characters'),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').optional(),
  FRONTENDS_DIR: z.string().default(path.resolve(__dirname, '..', '..', 'frontends')),
  PRODUCER_REMOTE_URL: z.string().default('/remotes/producer/mf-manifest.json'),
  ARTIST_REMOTE_URL: z.string().default('/remotes/artist/mf-manifest.json'),
  /** Attempts per minute per client address on login/sign-up, code resend, and password reset. */
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CODE: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_RESET: z.coerce.number().int().positive().default(5),
  ...serviceUrlShape,
});

async function main() {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const serviceUrls = new Map<ServiceName, string>(
    serviceRegistry.map(({ name }) => [
      name,
      (config as unknown as Record<string, string>)[serviceUrlVariable(name)]!,
    ]),
  );
  const app = createGateway({
    logger,
    issuer: new InternalTokenIssuer(await importInternalPrivateKey(config.INTERNAL_TOKEN_PRIVATE_KEY)),
    serviceUrl: (name: ServiceName) => serviceUrls.get(name)!,
    csrfSecret: config.CSRF_SECRET,
    secureCookies: config.PUBLIC_URL.startsWith('https://'),
    trustProxy: config.TRUST_PROXY,
    // Replicas share rate-limit counters in PostgreSQL and hear session revocations on Kafka.
    ...(config.DATABASE_URL
      ? { rateLimitStore: sqlRateLimitStores(openPostgres(config.DATABASE_URL, { max: 4 })) }
      : {}),
    ...(config.KAFKA_BROKERS
      ? { bus: KafkaEventBus.fromBrokerList(config.KAFKA_BROKERS, { clientId: 'gateway', logger }) }
      : {}),
    // Without SMTP the services write mail to dev mailboxes in DATA_DIR: shown here as in the
    // embedded profile (on loopback only, unless DEV_MAILBOX says otherwise).
    ...(config.SMTP_URL
      ? {}
      : {
          devMailbox: servicesMailbox(
            path.resolve(config.DATA_DIR),
            serviceRegistry.map(({ name }) => name),
          ),
          listenHost: config.HOST,
          ...(process.env.DEV_MAILBOX ? { devMailboxSetting: process.env.DEV_MAILBOX } : {}),
        }),
    rateLimits: {
      login: config.RATE_LIMIT_LOGIN,
      code: config.RATE_LIMIT_CODE,
      reset: config.RATE_LIMIT_RESET,
    },
    frontends: {
      shell: path.join(config.FRONTENDS_DIR, 'shell', 'dist'),
      producer: path.join(config.FRONTENDS_DIR, 'producer', 'dist'),
      artist: path.join(config.FRONTENDS_DIR, 'artist', 'dist'),
    },
    remotes: { producer: config.PRODUCER_REMOTE_URL, artist: config.ARTIST_REMOTE_URL },
    ...(config.SUPPORT_EMAIL ? { supportEmail: config.SUPPORT_EMAIL } : {}),
  });
  const server = await listenOn(app, config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway listening');
  // One stop however many signals arrive (Ctrl-C signals the group, a supervisor may send another).
  onStopSignal(async () => {
    await gatewayRevocations.stop(app);
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    process.exit(0);
  });
}

if (!runsWorkers)
  main().catch((error) => {
    process.stderr.write(`gateway failed to start: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
