/**
 * The distributed profile on one machine: the gateway and every service as its own Node process on
 * the real servers (PostgreSQL, Kafka from deploy/local), each service with its own database on the
 * PostgreSQL server (and the gateway with one for its rate-limit counters, shared by every gateway),
 * the Kafka bus adapter, and SMTP mail when SMTP_URL is set.
 *
 *   npm run start:distributed          (node --import tsx scripts/start-distributed.ts)
 *   GATEWAY_PROCESSES=2 npm run start:distributed   (the gateway as two processes on its one port)
 *
 * Without DATABASE_URL and KAFKA_BROKERS in the environment it runs `deploy/local/up postgres kafka`
 * and takes their addresses from `deploy/local/env` (likewise S3, Temporal and, without
 * BEAT_CHAIN_RPC_URL, the $BEAT development chain with its test treasury key). A process that dies unexpectedly is restarted
 * (its state is in PostgreSQL and Kafka, so nothing is lost). `startDistributed` is also what the
 * distributed e2e (e2e-distributed/) drives.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadServiceDefinition, restartablePort } from '@beatmatch/platform';
import {
  GATEWAY_OPS_PORT,
  GATEWAY_PORT,
  serviceNames,
  serviceRegistry,
  serviceUrlVariable,
  type RegisteredServiceName,
} from '@beatmatch/contracts';
import { Supervised, type ManagedProcess, type ProcessName } from './distributed/supervised';
import {
  assertPortFree,
  databaseUrlFor,
  ensureDatabases,
  loadSecrets,
  type Secrets,
} from './distributed/setup';

/** Every service of the registry (packages/contracts/src/services.ts). */
export const SERVICES = serviceNames;
export type ServiceName = RegisteredServiceName;
export type { ManagedProcess, ProcessName } from './distributed/supervised';

const root = path.resolve(__dirname, '..');
/** Each process's public port and its own ops listener (OPS_PORT, /metrics), so Prometheus scrapes them all. */
interface ProcessPorts {
  port: number;
  opsPort: number;
}
const DEFAULT_PORTS = {
  gateway: { port: GATEWAY_PORT, opsPort: GATEWAY_OPS_PORT },
  ...Object.fromEntries(serviceRegistry.map(({ name, port, opsPort }) => [name, { port, opsPort }])),
} as Record<ProcessName, ProcessPorts>;

export interface DistributedOptions {
  /**
   * The PostgreSQL server; each service gets the database `<databasePrefix>_<service>` on it, the
   * gateway `<databasePrefix>_gateway` (its rate-limit counters, shared by all gateways).
   */
  databaseUrl: string;
  kafkaBrokers: string;
  /** In front of every topic and consumer group name (default: KAFKA_TOPIC_PREFIX from the environment). */
  kafkaTopicPrefix?: string;
  databasePrefix?: string;
  /** Secrets (internal-token keys, identity and CSRF secrets) persist here across restarts. */
  dataDir?: string;
  /**
   * 0 = free ports for every process (tests); otherwise the gateway port, services on 4001–4006, the
   * ops listeners on 9400 (gateway) and 9401–9406 (services).
   */
  gatewayPort?: number;
  smtpUrl?: string;
  /**
   * The gateway's processes behind its one port (GATEWAY_PROCESSES, gateway/src/processes.ts;
   * default: GATEWAY_PROCESSES from the environment, else 1).
   */
  gatewayProcesses?: number;
  logLevel?: string;
  /** Restart a process that exits without being asked to (default true). */
  restartOnCrash?: boolean;
  /** Every log line of every process, prefixed by its name (default: written to stdout). */
  onLog?: (name: ProcessName, line: string) => void;
  readyTimeoutMs?: number;
}

export interface DistributedSystem {
  url: string;
  processes: Record<ProcessName, ManagedProcess>;
  /** Wall time from startDistributed() until the gateway was ready. */
  startMs: number;
  /** The database of a service, or the gateway's (rate-limit counters). */
  databaseUrlOf(name: ProcessName): string;
  /** A process's Prometheus metrics on its own ops listener, on the host of the process's URL. */
  metricsUrlOf(name: ProcessName): string;
  stop(): Promise<void>;
}

export async function startDistributed(options: DistributedOptions): Promise<DistributedSystem> {
  const started = Date.now();
  const prefix = options.databasePrefix ?? 'beatmatch';
  const dataDir = path.resolve(options.dataDir ?? path.join(root, 'data', 'distributed'));
  const databaseUrlOf = (name: ProcessName) => databaseUrlFor(options.databaseUrl, `${prefix}_${name}`);

  const definitions = await Promise.all(SERVICES.map((service) => loadServiceDefinition(service)));
  const [secrets] = await Promise.all([
    loadSecrets(
      dataDir,
      definitions.flatMap((definition) => definition.secrets as readonly string[]),
    ),
    ensureDatabases(
      options.databaseUrl,
      ['gateway', ...SERVICES].map((name) => `${prefix}_${name}`),
    ),
  ]);
  const ports = await choosePorts(options.gatewayPort);
  const urlOf = (name: ProcessName) => `http://127.0.0.1:${ports[name].port}`;
  // The ops listener is on the host the process serves on (its URL), wherever that is.
  const metricsUrlOf = (name: ProcessName) => {
    const url = new URL('/metrics', urlOf(name));
    url.port = String(ports[name].opsPort);
    return url.href;
  };
  const secretsOf = (service: ServiceName) =>
    definitions.find((definition) => definition.name === service)!.secrets as readonly string[];
  const processes = supervisedProcesses(options, {
    common: commonEnvironment(options, urlOf('gateway')),
    ports,
    urlOf,
    databaseUrlOf,
    dataDir,
    secrets,
    secretsOf,
  });

  const stop = async () => {
    for (const managed of Object.values(processes)) managed.expectExit();
    await processes.gateway.stop();
    await Promise.all(SERVICES.map((service) => processes[service].stop()));
  };
  try {
    for (const name of Object.keys(processes) as ProcessName[]) processes[name].start();
    await Promise.all(SERVICES.map((service) => processes[service].waitReady()));
    await processes.gateway.waitReady();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: urlOf('gateway'),
    processes,
    startMs: Date.now() - started,
    databaseUrlOf,
    metricsUrlOf,
    stop,
  };
}

/** The registry's ports (refused when taken), or free ports for every process (gatewayPort 0: tests). */
async function choosePorts(gatewayPort: number | undefined): Promise<Record<ProcessName, ProcessPorts>> {
  const ports = {} as Record<ProcessName, ProcessPorts>;
  // restartablePort probes one port at a time: fourteen draws could repeat one, so each is kept once.
  const drawn = new Set<number>();
  const unusedPort = async (): Promise<number> => {
    const port = await restartablePort();
    if (drawn.has(port)) return unusedPort();
    drawn.add(port);
    return port;
  };
  for (const name of ['gateway', ...SERVICES] as ProcessName[]) {
    ports[name] =
      gatewayPort === 0
        ? { port: await unusedPort(), opsPort: await unusedPort() }
        : name === 'gateway'
          ? { ...DEFAULT_PORTS.gateway, port: gatewayPort ?? GATEWAY_PORT }
          : DEFAULT_PORTS[name];
  }
  if (gatewayPort !== 0) {
    for (const [name, { port, opsPort }] of Object.entries(ports)) {
      await assertPortFree(port, name);
      await assertPortFree(opsPort, `${name}'s ops listener`);
    }
  }
  return ports;
}

/**
 * Every process sends its spans to Jaeger when it runs here (`deploy/local/up jaeger`; docs/operations.md),
 * unless OTEL_EXPORTER_OTLP_ENDPOINT already names where.
 */
function traceExport(): NodeJS.ProcessEnv {
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || !process.env.BEATMATCH_OTLP_ENDPOINT) return {};
  const status = spawnSync('bash', [path.join(root, 'deploy', 'local', 'status'), 'jaeger']);
  return status.status === 0 ? { OTEL_EXPORTER_OTLP_ENDPOINT: process.env.BEATMATCH_OTLP_ENDPOINT } : {};
}

/** The settings every process shares: the bus, the public address, mail and blob storage. */
function commonEnvironment(options: DistributedOptions, publicUrl: string): NodeJS.ProcessEnv {
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : (process.env.NODE_ENV ?? 'development'),
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    HOST: '127.0.0.1',
    KAFKA_BROKERS: options.kafkaBrokers,
    ...(options.kafkaTopicPrefix === undefined ? {} : { KAFKA_TOPIC_PREFIX: options.kafkaTopicPrefix }),
    PUBLIC_URL: publicUrl,
    ...traceExport(),
  };
  delete common.SMTP_URL;
  if (options.smtpUrl) common.SMTP_URL = options.smtpUrl;
  // Files live in S3 when one is configured (deploy/local installs one): separate processes cannot
  // share the embedded profile's filesystem store, whose signed URLs only the embedded gateway serves.
  if (!common.BLOB_STORE && common.S3_BUCKET) common.BLOB_STORE = 's3';
  return common;
}

/** Every service process with its own database and secrets, and the gateway that knows their URLs. */
function supervisedProcesses(
  options: DistributedOptions,
  plan: {
    common: NodeJS.ProcessEnv;
    ports: Record<ProcessName, ProcessPorts>;
    urlOf: (name: ProcessName) => string;
    databaseUrlOf: (name: ProcessName) => string;
    dataDir: string;
    secrets: Secrets;
    secretsOf: (service: ServiceName) => readonly string[];
  },
): Record<ProcessName, Supervised> {
  const { common, ports, urlOf, databaseUrlOf, secrets } = plan;
  const onLog = options.onLog ?? ((name, line) => process.stdout.write(`${name.padEnd(10)} | ${line}\n`));
  const supervision = {
    restartOnCrash: options.restartOnCrash ?? true,
    onLog,
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
  };
  const processes = {} as Record<ProcessName, Supervised>;
  for (const service of SERVICES) {
    processes[service] = new Supervised(
      service,
      urlOf(service),
      path.join(root, 'services', service, 'src', 'main.ts'),
      {
        ...common,
        PORT: String(ports[service].port),
        OPS_PORT: String(ports[service].opsPort),
        DATABASE_URL: databaseUrlOf(service),
        DATA_DIR: plan.dataDir,
        INTERNAL_TOKEN_PUBLIC_KEY: secrets.internalPublicKeyPem,
        ...Object.fromEntries(plan.secretsOf(service).map((name) => [name, secrets.services[name]!])),
      },
      supervision,
    );
  }
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...common,
    PORT: String(ports.gateway.port),
    OPS_PORT: String(ports.gateway.opsPort),
    INTERNAL_TOKEN_PRIVATE_KEY: secrets.internalPrivateKeyPem,
    // The services' dev mailbox (no SMTP_URL) is in the data directory; the gateway shows it.
    DATA_DIR: plan.dataDir,
    CSRF_SECRET: secrets.csrfSecret,
    // Its own database, for the rate-limit counters (SqlRateLimitStore): every gateway counts in one
    // place, so a client cannot multiply its attempts by the number of gateways.
    DATABASE_URL: databaseUrlOf('gateway'),
    ...(options.gatewayProcesses ? { GATEWAY_PROCESSES: String(options.gatewayProcesses) } : {}),
  };
  for (const service of SERVICES) gatewayEnv[serviceUrlVariable(service)] = urlOf(service);
  processes.gateway = new Supervised(
    'gateway',
    urlOf('gateway'),
    path.join(root, 'gateway', 'src', 'main.ts'),
    gatewayEnv,
    supervision,
  );
  return processes;
}

/** Reads the export lines of deploy/local/env (after deploy/local/up) into the environment. */
function loadLocalServers(names: string[]) {
  const up = spawnSync('bash', [path.join(root, 'deploy', 'local', 'up'), ...names], {
    cwd: root,
    stdio: 'inherit',
  });
  if (up.status !== 0) throw new Error(`deploy/local/up ${names.join(' ')} failed`);
  const printed = spawnSync('bash', [path.join(root, 'deploy', 'local', 'env')], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const match of printed.stdout.matchAll(/^export\s+([A-Z_][A-Z0-9_]*)=(.*)$/gm)) {
    process.env[match[1]!] ??= match[2]!.replace(/^['"]|['"]$/g, '');
  }
}

async function main() {
  // One `deploy/local/up` for every server the environment does not name (deploy/local/env names them
  // all at once, so a later look at the environment would skip servers that are not up). Without
  // BEAT_CHAIN_RPC_URL: the $BEAT development chain node with its well-known test treasury key.
  const env = process.env;
  const wanted = [
    ...(!env.DATABASE_URL || !env.KAFKA_BROKERS ? ['postgres', 'kafka'] : []),
    ...(!env.BLOB_STORE && !env.S3_BUCKET ? ['s3'] : []),
    ...(!env.TEMPORAL_ADDRESS ? ['temporal'] : []),
    ...(!env.BEAT_CHAIN_RPC_URL ? ['beat-chain'] : []),
  ];
  if (wanted.length) loadLocalServers(wanted);
  const system = await startDistributed({
    databaseUrl: process.env.DATABASE_URL!,
    kafkaBrokers: process.env.KAFKA_BROKERS!,
    ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
    ...(process.env.PORT ? { gatewayPort: Number(process.env.PORT) } : {}),
    ...(process.env.DATA_DIR ? { dataDir: path.join(process.env.DATA_DIR, 'distributed') } : {}),
  });
  const rows = Object.values(system.processes).map(
    (p) =>
      `  ${p.name.padEnd(10)} pid ${String(p.pid).padEnd(7)} ${p.url.padEnd(24)} ready in ${String(p.readyMs).padStart(5)} ms   rss ${p.rssMiB()} MiB   metrics ${system.metricsUrlOf(p.name)}`,
  );
  const total = Object.values(system.processes).reduce((sum, p) => sum + (p.rssMiB() ?? 0), 0);
  process.stdout.write(
    `\nBeatmatch (distributed) is running at ${system.url} — started in ${system.startMs} ms, ${Math.round(total)} MiB RSS in all\n${rows.join('\n')}\n` +
      (process.env.SMTP_URL
        ? ''
        : `  mail: no SMTP_URL, so mails are shown at ${system.url}/dev/mailbox (this machine only)\n`),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await system.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`The distributed profile failed to start: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
