/**
 * The embedded profile (ARCHITECTURE.md): every service and the gateway in one Node process, on
 * PGlite under the data directory, the in-process bus, and the dev mailbox (or SMTP when set).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import {
  DevMailbox,
  InProcessEventBus,
  InternalTokenIssuer,
  InternalTokenVerifier,
  SmtpMailer,
  generateInternalKeyPair,
  openPglite,
  type Logger,
} from '@beatmatch/platform';
import { createIdentityService } from '@beatmatch/identity';
import { createCatalogService } from '@beatmatch/catalog';
import { createMatchmakerService } from '@beatmatch/matchmaker';
import { createCommerceService } from '@beatmatch/commerce';
import { createPayoutsService } from '@beatmatch/payouts';
import { createReferralsService } from '@beatmatch/referrals';
import { createGateway, type RateLimits, type ServiceName } from '@beatmatch/gateway';

export interface EmbeddedOptions {
  dataDir: string;
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
}

/** Secrets of the embedded profile are generated once and kept in the data directory (never in the repo). */
function loadSecrets(root: string): { csrfSecret: string; identitySecret: string } {
  const file = path.join(root, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = {
    csrfSecret: randomBytes(32).toString('hex'),
    identitySecret: randomBytes(32).toString('hex'),
  };
  mkdirSync(root, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.once('error', reject);
  });
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/**
 * PGlite has no server to arbitrate: two processes on one data directory would corrupt it, so the
 * directory is locked by pid while the embedded system runs.
 */
function lockDataDir(root: string): () => void {
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
  const secrets = loadSecrets(root);
  // The internal-token keys live only as long as the process: every service is in it.
  const keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const issuer = new InternalTokenIssuer(keys.privateKey);
  const db = await openPglite(path.join(root, 'pg'));
  const bus = new InProcessEventBus();
  const devMailbox = new DevMailbox(root);
  const smtp = options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.mailFrom ?? 'Beatmatch <no-reply@beatmatch.local>')
    : undefined;
  const displayHost = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;

  const servers: Server[] = [];
  const urls = new Map<ServiceName, string>();
  let publicUrl = options.publicUrl ?? '';

  const identity = await createIdentityService({
    db,
    bus,
    mailer: smtp ?? devMailbox,
    verifier,
    logger: logger.child({ service: 'identity' }),
    secret: secrets.identitySecret,
    // Read lazily: with port 0 the gateway's address is known only after it listens.
    publicUrl: () => publicUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    relayPollMs: 500,
  });
  const services = {
    identity,
    catalog: await createCatalogService({ verifier, logger: logger.child({ service: 'catalog' }) }),
    matchmaker: await createMatchmakerService({ verifier, logger: logger.child({ service: 'matchmaker' }) }),
    commerce: await createCommerceService({ verifier, logger: logger.child({ service: 'commerce' }) }),
    payouts: await createPayoutsService({ verifier, logger: logger.child({ service: 'payouts' }) }),
    referrals: await createReferralsService({ verifier, logger: logger.child({ service: 'referrals' }) }),
  };
  for (const [name, service] of Object.entries(services) as [ServiceName, (typeof services)[ServiceName]][]) {
    const server = await listen(service.app, 0, '127.0.0.1');
    servers.push(server);
    urls.set(name, `http://127.0.0.1:${portOf(server)}`);
    service.start();
  }

  const frontendsDir = options.frontendsDir;
  const gateway = createGateway({
    logger: logger.child({ service: 'gateway' }),
    issuer,
    serviceUrl: (name) => urls.get(name)!,
    csrfSecret: secrets.csrfSecret,
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
    ...(smtp ? {} : { devMailbox }),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const gatewayServer = await listen(gateway, options.port, options.host);
  servers.push(gatewayServer);
  const url = `http://${displayHost}:${portOf(gatewayServer)}`;
  publicUrl ||= url;

  let stopped = false;
  return {
    url,
    dataDir: root,
    serviceUrls: urls as ReadonlyMap<ServiceName, string>,
    devMailbox,
    db,
    bus,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const server of servers) server.closeAllConnections?.();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all(Object.values(services).map((service) => service.stop()));
      smtp?.close();
      await bus.close();
      await db.close();
      unlock();
    },
  };
}

export type EmbeddedSystem = Awaited<ReturnType<typeof startEmbedded>>;
