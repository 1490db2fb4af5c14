/**
 * The distributed profile on one machine: the gateway and every service as its own Node process on
 * the real servers (PostgreSQL, Kafka from deploy/local), each service with its own database on the
 * PostgreSQL server (and the gateway with one for its rate-limit counters, shared by every gateway),
 * the Kafka bus adapter, and SMTP mail when SMTP_URL is set.
 *
 *   npm run start:distributed          (node --import tsx scripts/start-distributed.ts)
 *
 * Without DATABASE_URL and KAFKA_BROKERS in the environment it runs `deploy/local/up postgres kafka`
 * and takes their addresses from `deploy/local/env`. A process that dies unexpectedly is restarted
 * (its state is in PostgreSQL and Kafka, so nothing is lost). `startDistributed` is also what the
 * distributed e2e (e2e-distributed/) drives.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from 'pg';
import { exportInternalKeyPair, generateInternalKeyPair, loadServiceDefinition } from '@beatmatch/platform';
import {
  GATEWAY_PORT,
  serviceNames,
  serviceRegistry,
  serviceUrlVariable,
  type RegisteredServiceName,
} from '@beatmatch/contracts';

/** Every service of the registry (packages/contracts/src/services.ts). */
export const SERVICES = serviceNames;
export type ServiceName = RegisteredServiceName;
export type ProcessName = ServiceName | 'gateway';

const root = path.resolve(__dirname, '..');
const DEFAULT_PORTS = {
  gateway: GATEWAY_PORT,
  ...Object.fromEntries(serviceRegistry.map(({ name, port }) => [name, port])),
} as Record<ProcessName, number>;

export interface DistributedOptions {
  /**
   * The PostgreSQL server; each service gets the database `<databasePrefix>_<service>` on it, the
   * gateway `<databasePrefix>_gateway` (its rate-limit counters, shared by all gateways).
   */
  databaseUrl: string;
  kafkaBrokers: string;
  databasePrefix?: string;
  /** Secrets (internal-token keys, identity and CSRF secrets) persist here across restarts. */
  dataDir?: string;
  /** 0 = a free port for every process (tests); otherwise the gateway port, services on 4001–4006. */
  gatewayPort?: number;
  smtpUrl?: string;
  logLevel?: string;
  /** Restart a process that exits without being asked to (default true). */
  restartOnCrash?: boolean;
  /** Every log line of every process, prefixed by its name (default: written to stdout). */
  onLog?: (name: ProcessName, line: string) => void;
  readyTimeoutMs?: number;
}

export interface ManagedProcess {
  readonly name: ProcessName;
  readonly url: string;
  readonly pid: number | undefined;
  /** Milliseconds from spawn to /readyz answering 200, for the latest start. */
  readonly readyMs: number | undefined;
  readonly starts: number;
  kill(signal?: NodeJS.Signals): void;
  /** Resolves when the process with a pid other than `previousPid` answers /readyz. */
  waitReady(options?: { previousPid?: number; timeoutMs?: number }): Promise<void>;
  /** Resident set size of the process in MiB (from /proc), undefined when it is not running. */
  rssMiB(): number | undefined;
}

export interface DistributedSystem {
  url: string;
  processes: Record<ProcessName, ManagedProcess>;
  /** Wall time from startDistributed() until the gateway was ready. */
  startMs: number;
  /** The database of a service, or the gateway's (rate-limit counters). */
  databaseUrlOf(name: ProcessName): string;
  stop(): Promise<void>;
}

function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A service owns its data: one database per service (and one for the gateway's rate-limit counters)
 * on the shared server, created when missing.
 */
async function ensureDatabases(baseUrl: string, names: string[]): Promise<void> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const name of names) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid database name: ${name}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) continue;
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } catch (error) {
        // Another starter created it meanwhile.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505')
          throw error;
      }
    }
  } finally {
    await client.end();
  }
}

interface Secrets {
  csrfSecret: string;
  internalPrivateKeyPem: string;
  internalPublicKeyPem: string;
  /** The secret settings service definitions name (e.g. IDENTITY_SECRET), by variable. */
  services: Record<string, string>;
}

/**
 * Stable across restarts: a code mailed before identity restarts must still verify after it. Secret
 * settings a service definition names are generated here once and passed to its process.
 */
async function loadSecrets(dataDir: string, serviceSecretNames: string[]): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Secrets;
  let changed = false;
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Secrets & { identitySecret?: string };
    secrets = { ...stored, services: stored.services ?? {} };
    if (stored.identitySecret) secrets.services.IDENTITY_SECRET ??= stored.identitySecret;
  } else {
    const keys = await exportInternalKeyPair(await generateInternalKeyPair());
    secrets = {
      csrfSecret: randomBytes(32).toString('hex'),
      internalPrivateKeyPem: keys.privateKeyPem,
      internalPublicKeyPem: keys.publicKeyPem,
      services: {},
    };
    changed = true;
  }
  for (const name of serviceSecretNames) {
    if (secrets.services[name]) continue;
    secrets.services[name] = randomBytes(32).toString('hex');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

/**
 * A free port below the kernel's ephemeral range (32768+). Ports are chosen before the processes
 * start (the gateway needs every URL, a restarted service comes back on its port); a port taken from
 * the ephemeral range could meanwhile be handed to any other process listening on port 0 (a parallel
 * test), whose /readyz would then answer for ours.
 */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

/** A fixed port that is taken would make /readyz answer for some other process: refuse to start. */
function assertPortFree(port: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} for ${name} is taken (another Beatmatch running?): stop that process first`,
            )
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

function rssMiBOf(pid: number): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Supervised implements ManagedProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private spawnedAt = 0;
  readyMs: number | undefined;
  starts = 0;
  /** Consecutive quick crashes: the restart delay doubles with each (crash loop), up to 10 s. */
  private quickCrashes = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: ProcessName,
    readonly url: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: {
      restartOnCrash: boolean;
      onLog: (name: ProcessName, line: string) => void;
      readyTimeoutMs: number;
    },
  ) {}

  get pid() {
    return this.child?.pid;
  }

  start() {
    this.starts++;
    this.spawnedAt = Date.now();
    this.readyMs = undefined;
    // node itself with tsx as a loader (not the tsx CLI): the pid we hold is the service, so kill -9
    // and the RSS figures hit the service and nothing else.
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: root,
      // MALLOC_MMAP_THRESHOLD_: large freed buffers go back to the system (DNA analyses; scripts/start.mjs).
      env: { OTEL_SERVICE_NAME: this.name, MALLOC_MMAP_THRESHOLD_: '131072', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => this.options.onLog(this.name, line));
    }
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (!this.stopping) {
          this.quickCrashes = Date.now() - this.spawnedAt < 30_000 ? this.quickCrashes + 1 : 0;
          const delayMs = Math.min(10_000, 200 * 2 ** Math.max(0, this.quickCrashes - 1));
          this.options.onLog(
            this.name,
            `[supervisor] ${this.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`,
          );
          if (this.options.restartOnCrash) {
            setTimeout(() => {
              if (!this.stopping) {
                this.options.onLog(this.name, `[supervisor] restarting ${this.name} after ${delayMs} ms`);
                this.start();
              }
            }, delayMs);
          }
        }
        resolve();
      }),
    );
  }

  async waitReady(options: { previousPid?: number; timeoutMs?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? this.options.readyTimeoutMs);
    for (;;) {
      const pid = this.child?.pid;
      if (pid !== undefined && pid !== options.previousPid) {
        try {
          const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(1000) });
          // Ready means this process answers: /readyz names its service.
          const body = response.ok ? ((await response.json()) as { service?: string }) : undefined;
          if (body?.service === this.name) {
            this.readyMs ??= Date.now() - this.spawnedAt;
            return;
          }
        } catch {
          /* not listening yet */
        }
      }
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready at ${this.url}/readyz in time`);
      await sleep(100);
    }
  }

  kill(signal: NodeJS.Signals = 'SIGKILL') {
    this.child?.kill(signal);
  }

  rssMiB() {
    return this.child?.pid ? rssMiBOf(this.child.pid) : undefined;
  }

  /** From now on an exit is expected (e.g. Ctrl-C reached the whole process group at once). */
  expectExit() {
    this.stopping = true;
  }

  async stop() {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(forced);
  }
}

export async function startDistributed(options: DistributedOptions): Promise<DistributedSystem> {
  const started = Date.now();
  const prefix = options.databasePrefix ?? 'beatmatch';
  const dataDir = path.resolve(options.dataDir ?? path.join(root, 'data', 'distributed'));
  const onLog = options.onLog ?? ((name, line) => process.stdout.write(`${name.padEnd(10)} | ${line}\n`));
  const supervision = {
    restartOnCrash: options.restartOnCrash ?? true,
    onLog,
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
  };
  const databaseUrlOf = (name: ProcessName) => databaseUrlFor(options.databaseUrl, `${prefix}_${name}`);

  const definitions = await Promise.all(SERVICES.map((service) => loadServiceDefinition(service)));
  const secretsOf = (service: ServiceName) =>
    definitions.find((definition) => definition.name === service)!.secrets as readonly string[];
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
  const ports = {} as Record<ProcessName, number>;
  for (const name of ['gateway', ...SERVICES] as ProcessName[]) {
    ports[name] =
      options.gatewayPort === 0
        ? await freePort()
        : name === 'gateway'
          ? (options.gatewayPort ?? DEFAULT_PORTS.gateway)
          : DEFAULT_PORTS[name];
  }
  if (options.gatewayPort !== 0) {
    for (const [name, port] of Object.entries(ports)) await assertPortFree(port, name);
  }
  const urlOf = (name: ProcessName) => `http://127.0.0.1:${ports[name]}`;
  const publicUrl = urlOf('gateway');

  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : (process.env.NODE_ENV ?? 'development'),
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    HOST: '127.0.0.1',
    KAFKA_BROKERS: options.kafkaBrokers,
    PUBLIC_URL: publicUrl,
  };
  delete common.SMTP_URL;
  if (options.smtpUrl) common.SMTP_URL = options.smtpUrl;
  // Files live in S3 when one is configured (deploy/local installs one): separate processes cannot
  // share the embedded profile's filesystem store, whose signed URLs only the embedded gateway serves.
  if (!common.BLOB_STORE && common.S3_BUCKET) common.BLOB_STORE = 's3';

  const processes = {} as Record<ProcessName, Supervised>;
  for (const service of SERVICES) {
    processes[service] = new Supervised(
      service,
      urlOf(service),
      path.join(root, 'services', service, 'src', 'main.ts'),
      {
        ...common,
        PORT: String(ports[service]),
        DATABASE_URL: databaseUrlOf(service),
        DATA_DIR: dataDir,
        INTERNAL_TOKEN_PUBLIC_KEY: secrets.internalPublicKeyPem,
        ...Object.fromEntries(secretsOf(service).map((name) => [name, secrets.services[name]!])),
      },
      supervision,
    );
  }
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...common,
    PORT: String(ports.gateway),
    INTERNAL_TOKEN_PRIVATE_KEY: secrets.internalPrivateKeyPem,
    CSRF_SECRET: secrets.csrfSecret,
  };
  // Its own database, for the rate-limit counters (SqlRateLimitStore): every gateway counts in one
  // place, so a client cannot multiply its attempts by the number of gateways.
  gatewayEnv.DATABASE_URL = databaseUrlOf('gateway');
  for (const service of SERVICES) gatewayEnv[serviceUrlVariable(service)] = urlOf(service);
  processes.gateway = new Supervised(
    'gateway',
    publicUrl,
    path.join(root, 'gateway', 'src', 'main.ts'),
    gatewayEnv,
    supervision,
  );

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
  return { url: publicUrl, processes, startMs: Date.now() - started, databaseUrlOf, stop };
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
  if (!process.env.DATABASE_URL || !process.env.KAFKA_BROKERS) loadLocalServers(['postgres', 'kafka']);
  if (!process.env.BLOB_STORE && !process.env.S3_BUCKET) loadLocalServers(['s3']);
  if (!process.env.TEMPORAL_ADDRESS) loadLocalServers(['temporal']);
  const system = await startDistributed({
    databaseUrl: process.env.DATABASE_URL!,
    kafkaBrokers: process.env.KAFKA_BROKERS!,
    ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
    ...(process.env.PORT ? { gatewayPort: Number(process.env.PORT) } : {}),
    ...(process.env.DATA_DIR ? { dataDir: path.join(process.env.DATA_DIR, 'distributed') } : {}),
  });
  const rows = Object.values(system.processes).map(
    (p) =>
      `  ${p.name.padEnd(10)} pid ${String(p.pid).padEnd(7)} ${p.url.padEnd(24)} ready in ${String(p.readyMs).padStart(5)} ms   rss ${p.rssMiB()} MiB`,
  );
  const total = Object.values(system.processes).reduce((sum, p) => sum + (p.rssMiB() ?? 0), 0);
  process.stdout.write(
    `\nBeatmatch (distributed) is running at ${system.url} — started in ${system.startMs} ms, ${Math.round(total)} MiB RSS in all\n${rows.join('\n')}\n` +
      (process.env.SMTP_URL
        ? ''
        : `  mail: no SMTP_URL, identity writes mails to its dev mailbox under the data directory\n`),
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
