/**
 * The embedded profile (ARCHITECTURE.md): every service and the gateway in one Node process, on
 * PGlite under the data directory, the in-process bus, and the dev mailbox (or SMTP when set).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import {
  InternalTokenIssuer,
  InternalTokenVerifier,
  InfrastructureSet,
  FilesystemBlobStore,
  blobRoutes,
  generateInternalKeyPair,
  infrastructureConfigShape,
  loadConfig,
  loadServiceDefinition,
  startTemporalDevServer,
  parseServiceConfig,
  listenOn,
  type BlobStore,
  type Logger,
  type PublicHandler,
  type RunnableService,
  type ServiceDefinition,
} from '@beatmatch/platform';
import { serviceRegistry } from '@beatmatch/contracts';
import { createGateway, devMailboxPolicy, type RateLimits, type ServiceName } from '@beatmatch/gateway';

export interface EmbeddedOptions {
  dataDir: string;
  /**
   * The gateway calls each service's app in this process (default); false proxies every call over the
   * services' loopback ports instead, as the distributed profile's gateway does over the network.
   */
  inProcessServices?: boolean;
  port: number;
  host: string;
  logger: Logger;
  /** The address users reach; links in e-mails point here (default: the gateway's own address). */
  publicUrl?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Folder holding frontends/{shell,producer,artist}/dist. */
  frontendsDir?: string;
  rateLimits?: Partial<RateLimits>;
  clock?: () => Date;
  /** Settings of the adapters and services (default process.env); DATABASE_URL and KAFKA_BROKERS are ignored. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Secrets of the embedded profile are generated once and kept in the data directory (never in the
 * repo): the gateway's CSRF secret and every secret setting a service definition names.
 */
function loadSecrets(root: string, names: string[]): Record<string, string> {
  const file = path.join(root, 'secrets.json');
  const legacy: Record<string, string> = { identitySecret: 'IDENTITY_SECRET' };
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  for (const [old, name] of Object.entries(legacy))
    if (stored[old] && !stored[name]) stored[name] = stored[old];
  let changed = !existsSync(file);
  for (const name of ['csrfSecret', ...names]) {
    if (stored[name]) continue;
    stored[name] = randomBytes(32).toString('hex');
    changed = true;
  }
  if (changed) {
    mkdirSync(root, { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return stored;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/**
 * PGlite has no server to arbitrate: two processes on one data directory would corrupt it, so the
 * directory is locked by pid while the embedded system runs.
 */
export function lockDataDir(root: string): () => void {
  const lock = path.join(root, 'embedded.pid');
  mkdirSync(root, { recursive: true });
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      alive = pid > 0 && pid !== process.pid && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(`Another Beatmatch (pid ${pid}) is using ${root}. Stop it or choose another DATA_DIR.`);
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

export async function startEmbedded(options: EmbeddedOptions) {
  const root = path.resolve(options.dataDir);
  const { logger } = options;
  const unlock = lockDataDir(root);
  const definitions = await Promise.all(serviceRegistry.map((entry) => loadServiceDefinition(entry.name)));
  const secrets = loadSecrets(
    root,
    // The filesystem blob store signs its upload/download URLs with BLOB_SIGNING_SECRET.
    ['BLOB_SIGNING_SECRET', ...definitions.flatMap((definition) => definition.secrets)],
  );
  // The internal-token keys live only as long as the process: every service is in it.
  const keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const { env, temporal } = await embeddedEnvironment(options, root);
  let publicUrl = options.publicUrl ?? '';
  const infrastructure = InfrastructureSet.open({
    profile: 'embedded',
    config: loadConfig(infrastructureConfigShape, env),
    logger,
    verifier,
    // Read lazily: with port 0 the gateway's address is known only after it listens.
    publicUrl: () => publicUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    relayPollMs: 500,
    clientId: 'beatmatch',
    env: { BLOB_SIGNING_SECRET: secrets.BLOB_SIGNING_SECRET, ...env },
  });
  const { devMailbox, bus } = infrastructure;
  const db = await infrastructure.database();
  const running = await startServices(definitions, infrastructure, { ...env, ...secrets }, logger);

  // Signed upload/download URLs of the filesystem blob store are served by the gateway (S3 serves its own).
  const blobStore = await infrastructure.blobs();
  if (blobStore instanceof FilesystemBlobStore) {
    const swept = await blobStore.sweepPartialUploads();
    if (swept > 0) logger.info({ swept }, 'partial blob uploads of an earlier run removed');
  }
  const gateway = embeddedGateway(options, {
    running,
    issuer: new InternalTokenIssuer(keys.privateKey),
    csrfSecret: secrets.csrfSecret!,
    devMailbox,
    bus,
    blobStore,
    env,
  });
  const gatewayServer = await listenOn(gateway, options.port, options.host);
  const servers = [...running.servers, gatewayServer];
  const displayHost = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${displayHost}:${portOf(gatewayServer)}`;
  publicUrl ||= url;

  let stopped = false;
  return {
    url,
    dataDir: root,
    serviceUrls: running.urls as ReadonlyMap<ServiceName, string>,
    /** Each service's Express app (the contract spec compares its routes with the declared calls). */
    serviceApps: running.apps as ReadonlyMap<ServiceName, Express>,
    devMailbox,
    /** Whether /dev/mailbox is served, and why (loopback or DEV_MAILBOX). */
    devMailboxPage: options.smtpUrl
      ? { serve: false, reason: 'SMTP_URL is set' }
      : devMailboxPolicy(options.host, env.DEV_MAILBOX),
    db,
    bus,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const server of servers) server.closeAllConnections?.();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all(running.services.map((service) => service.stop()));
      await infrastructure.close();
      await temporal?.stop();
      unlock();
    },
  };
}

/**
 * The settings the embedded profile runs with: PGlite under the data directory, the in-process bus,
 * SMTP only when asked, and a Temporal frontend (its own dev server unless TEMPORAL_ADDRESS is set).
 */
async function embeddedEnvironment(options: EmbeddedOptions, root: string) {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), DATA_DIR: root };
  delete env.DATABASE_URL; // the embedded profile is PGlite under the data directory
  delete env.KAFKA_BROKERS; // and the in-process bus
  delete env.SMTP_URL;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  if (options.mailFrom) env.MAIL_FROM = options.mailFrom;
  // Workflows run on one code path in both profiles: without TEMPORAL_ADDRESS the embedded profile
  // starts a Temporal dev server itself (installed on first start, state under the data directory).
  const temporal =
    env.TEMPORAL_ADDRESS || env.EMBEDDED_TEMPORAL === 'off'
      ? undefined
      : await startTemporalDevServer({ dataDir: path.join(root, 'temporal'), logger: options.logger });
  if (temporal) env.TEMPORAL_ADDRESS = temporal.address;
  // On a Temporal server shared with other apps (an outside TEMPORAL_ADDRESS: tests, a second checkout),
  // this app's upload workflows get a task queue of their own, so another app's worker never takes them.
  else if (env.TEMPORAL_ADDRESS && !env.CATALOG_UPLOAD_TASK_QUEUE)
    env.CATALOG_UPLOAD_TASK_QUEUE = `catalog-upload-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`;
  return { env, temporal };
}

interface RunningServices {
  services: RunnableService[];
  servers: Server[];
  urls: Map<ServiceName, string>;
  apps: Map<ServiceName, Express>;
  publicRoutes: Map<ServiceName, Readonly<Record<string, PublicHandler>>>;
}

/** Creates, listens (loopback, a free port) and starts every registered service, in registry order. */
async function startServices(
  definitions: ServiceDefinition[],
  infrastructure: InfrastructureSet,
  settings: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<RunningServices> {
  const running: RunningServices = {
    services: [],
    servers: [],
    urls: new Map(),
    apps: new Map(),
    publicRoutes: new Map(),
  };
  for (const definition of definitions) {
    const name = definition.name as ServiceName;
    const service = await definition.create(
      await infrastructure.forService(name, logger.child({ service: name })),
      parseServiceConfig(definition, settings),
    );
    running.services.push(service);
    const server = await listenOn(service.app, 0, '127.0.0.1');
    running.servers.push(server);
    running.urls.set(name, `http://127.0.0.1:${portOf(server)}`);
    running.apps.set(name, service.app);
    if (service.publicRoutes) running.publicRoutes.set(name, service.publicRoutes);
    await service.start();
  }
  return running;
}

/** The gateway of the embedded profile: every service in this process, the frontends, blobs and mailbox. */
function embeddedGateway(
  options: EmbeddedOptions,
  parts: {
    running: RunningServices;
    issuer: InternalTokenIssuer;
    csrfSecret: string;
    devMailbox: InfrastructureSet['devMailbox'];
    bus: InfrastructureSet['bus'];
    blobStore: BlobStore;
    env: NodeJS.ProcessEnv;
  },
) {
  const { running, blobStore, env } = parts;
  const inProcess = options.inProcessServices !== false;
  const frontendsDir = options.frontendsDir;
  return createGateway({
    logger: options.logger.child({ service: 'gateway' }),
    issuer: parts.issuer,
    serviceUrl: (name) => running.urls.get(name)!,
    // One process: the gateway hands each call to the service's app itself (no loopback HTTP hop). The
    // services still listen on loopback ports, as the distributed profile's would.
    serviceApp: (name) => (inProcess ? running.apps.get(name) : undefined),
    // Caller-free routes (the player's snippet bytes) go to the service's plain handler: gateway/src/routes.ts.
    servicePublicRoutes: (name) => (inProcess ? running.publicRoutes.get(name) : undefined),
    csrfSecret: parts.csrfSecret,
    secureCookies: (options.publicUrl ?? '').startsWith('https://'),
    ...(frontendsDir
      ? {
          frontends: {
            shell: path.join(frontendsDir, 'shell', 'dist'),
            producer: path.join(frontendsDir, 'producer', 'dist'),
            artist: path.join(frontendsDir, 'artist', 'dist'),
          },
        }
      : {}),
    remotes: { producer: '/remotes/producer/mf-manifest.json', artist: '/remotes/artist/mf-manifest.json' },
    ...(options.smtpUrl ? {} : { devMailbox: parts.devMailbox }),
    listenHost: options.host,
    bus: parts.bus, // revoked sessions leave the gateway's cache at once
    ...(blobStore instanceof FilesystemBlobStore
      ? {
          blobs: blobRoutes(blobStore),
          blobsPath: new URL(env.BLOB_PUBLIC_URL || '/blobs', 'http://x').pathname,
        }
      : {}),
    ...(env.DEV_MAILBOX ? { devMailboxSetting: env.DEV_MAILBOX } : {}),
    ...(env.SUPPORT_EMAIL ? { supportEmail: env.SUPPORT_EMAIL } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
}

export type EmbeddedSystem = Awaited<ReturnType<typeof startEmbedded>>;
