/**
 * The embedded profile (ARCHITECTURE.md): every service and the gateway in one Node process, on
 * PGlite under DATA_DIR, the in-process bus, and the dev mailbox. `npm start` runs this.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import { z } from 'zod';
import {
  DevMailbox,
  InProcessEventBus,
  InternalTokenIssuer,
  InternalTokenVerifier,
  SmtpMailer,
  createLogger,
  generateInternalKeyPair,
  loadConfig,
  openPglite,
  serviceConfigShape,
  startTelemetry,
} from '@beatmatch/platform';
import { createIdentityService } from '@beatmatch/identity';
import { createCatalogService } from '@beatmatch/catalog';
import { createMatchmakerService } from '@beatmatch/matchmaker';
import { createCommerceService } from '@beatmatch/commerce';
import { createPayoutsService } from '@beatmatch/payouts';
import { createReferralsService } from '@beatmatch/referrals';
import { createGateway } from '@beatmatch/gateway';
import type { ServiceName } from '@beatmatch/gateway';

const config = loadConfig({
  ...serviceConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  /** The address users reach; links in e-mails point here. */
  PUBLIC_URL: z.string().url().optional(),
  FRONTENDS_DIR: z.string().default(path.resolve(__dirname, '..', 'frontends')),
});

const root = path.resolve(config.DATA_DIR);
const logger = createLogger('beatmatch', config.LOG_LEVEL);

/** Secrets of the embedded profile are generated once and kept under DATA_DIR (never in the repo). */
function loadSecrets(): { csrfSecret: string; identitySecret: string } {
  const file = path.join(root, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { csrfSecret: randomBytes(32).toString('hex'), identitySecret: randomBytes(32).toString('hex') };
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

async function main() {
  const started = Date.now();
  startTelemetry({ serviceName: 'beatmatch-embedded', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const secrets = loadSecrets();
  const keys = await generateInternalKeyPair();
  const verifier = new InternalTokenVerifier(keys.publicKey);
  const issuer = new InternalTokenIssuer(keys.privateKey);
  const db = await openPglite(path.join(root, 'pg'));
  const bus = new InProcessEventBus();
  const devMailbox = new DevMailbox(root);
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : devMailbox;

  const servers: Server[] = [];
  const urls = new Map<ServiceName, string>();
  const port = (server: Server) => (server.address() as AddressInfo).port;

  const identity = await createIdentityService({
    db,
    bus,
    mailer,
    verifier,
    logger: logger.child({ service: 'identity' }),
    secret: secrets.identitySecret,
    publicUrl: config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`,
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
    urls.set(name, `http://127.0.0.1:${port(server)}`);
    service.start();
  }

  const frontends = {
    shell: path.join(config.FRONTENDS_DIR, 'shell', 'dist'),
    producer: path.join(config.FRONTENDS_DIR, 'producer', 'dist'),
    artist: path.join(config.FRONTENDS_DIR, 'artist', 'dist'),
  };
  const gateway = createGateway({
    logger: logger.child({ service: 'gateway' }),
    issuer,
    serviceUrl: (name) => urls.get(name)!,
    csrfSecret: secrets.csrfSecret,
    secureCookies: (config.PUBLIC_URL ?? '').startsWith('https://'),
    frontends,
    remotes: { producer: '/remotes/producer/mf-manifest.json', artist: '/remotes/artist/mf-manifest.json' },
    ...(config.SMTP_URL ? {} : { devMailbox }),
  });
  const gatewayServer = await listen(gateway, config.PORT, config.HOST);
  servers.push(gatewayServer);

  const address = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port(gatewayServer)}`;
  logger.info({ ms: Date.now() - started, dataDir: root }, 'embedded profile started');
  process.stdout.write(`Beatmatch is running at ${address}\n`);
  if (!config.SMTP_URL) process.stdout.write(`Dev mailbox: ${address}/dev/mailbox\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await Promise.all(Object.values(services).map((service) => service.stop()));
    await bus.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  logger.fatal({ err: error }, 'embedded profile failed to start');
  process.exit(1);
});
