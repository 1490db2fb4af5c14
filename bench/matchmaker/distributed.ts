/**
 * beat_play through the distributed profile's gateway as one process and as several
 * (GATEWAY_PROCESSES, gateway/src/processes.ts), alternated in one run (issue 28):
 *   npx tsx bench/matchmaker/distributed.ts [--beats 2000 --connections 50 --seconds 10 --warmup 3
 *     --processes 2 --rounds 2]
 * Needs the local PostgreSQL and Kafka (`eval "$(deploy/local/env)"`; S3 and Temporal as
 * start:distributed uses them). The profile starts once on databases of its own (dropped at the end)
 * with its one-process gateway; a second gateway with --processes processes runs beside it on the same
 * services, secrets and rate-limit database. The beats are published as `catalog.BeatPublished` on
 * Kafka and projected by the matchmaker. Each round takes each connection's visitor session from
 * /api/csrf and runs the serving bench's beat_play load (./loadgen.ts) against one gateway's port,
 * then the other's. CPU figures are from /proc (a gateway's workers included). Prints figures and the
 * ratio; not a test.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { CATALOG_TOPIC, integrationEvent } from '@beatmatch/contracts';
import { createLogger, KafkaEventBus, restartablePort } from '@beatmatch/platform';
import { numberArg, requireEnv } from '@beatmatch/testing';
import { SERVICES, startDistributed, type DistributedSystem } from '../../scripts/start-distributed';
import { serviceUrlVariable } from '@beatmatch/contracts';
import { loadSecrets } from '../../scripts/distributed/setup';
import { catalogue } from './catalogue';
import type { LoadResult } from './loadgen';
import { load, visitorSession } from './servers';

const beatCount = numberArg('beats', 2000);
const connections = numberArg('connections', 50);
const seconds = numberArg('seconds', 10);
const warmupSeconds = numberArg('warmup', 3);
const processes = numberArg('processes', 2);
const rounds = numberArg('rounds', 2);

/** Publishes the catalogue on Kafka and waits until the matchmaker has projected every beat. */
async function publishBeats(system: DistributedSystem, kafkaBrokers: string) {
  const started = performance.now();
  const bus = KafkaEventBus.fromBrokerList(kafkaBrokers, {
    clientId: 'bench-distributed',
    logger: createLogger('bench', 'warn'),
  });
  const beats = catalogue(beatCount, 200);
  try {
    for (let i = 0; i < beats.length; i += 500)
      await bus.publish(
        CATALOG_TOPIC,
        beats.slice(i, i + 500).map((payload) => ({
          key: payload.beatId,
          event: integrationEvent('catalog.BeatPublished', 1, payload, new Date()),
        })),
      );
  } finally {
    await bus.close();
  }
  const db = new Client({ connectionString: system.databaseUrlOf('matchmaker') });
  await db.connect();
  try {
    for (;;) {
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM matchmaker.beats');
      if (Number(rows[0]!.n) >= beats.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.end();
  }
  console.log(`projected ${beats.length} beats in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** CPU seconds a process and its children (the gateway's workers) have used, from /proc. */
function cpuSecondsOfTree(pid: number): number {
  const stat = (id: number) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = stat(pid);
  let ticks = Number(own[11]) + Number(own[12]);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  for (const child of children ? children.split(' ').map(Number) : []) ticks += cpuSecondsOfTree(child) * 100;
  return ticks / 100;
}

/** A gateway of `count` processes on the system's services, with the profile's own settings and secrets. */
async function startGateway(system: DistributedSystem, dataDir: string, count: number) {
  const secrets = await loadSecrets(dataDir, []);
  const port = await restartablePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GATEWAY_PROCESSES: String(count),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    INTERNAL_TOKEN_PRIVATE_KEY: secrets.internalPrivateKeyPem,
    CSRF_SECRET: secrets.csrfSecret,
    DATABASE_URL: system.databaseUrlOf('gateway'),
  };
  delete env.OPS_PORT;
  for (const service of SERVICES) env[serviceUrlVariable(service)] = system.processes[service].url;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../gateway/src/main.ts')],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; ;) {
    const ready = await fetch(`${url}/api/csrf`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the ${count}-process gateway did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** One measured beat_play phase against a gateway; CPU of the gateway's processes and of the matchmaker. */
async function measure(
  label: string,
  gateway: { url: string; pid: number },
  system: DistributedSystem,
  deviceSecret: string,
) {
  const sessions = await Promise.all(Array.from({ length: connections }, () => visitorSession(gateway.url)));
  const matchmakerPid = system.processes.matchmaker.pid!;
  const before = [cpuSecondsOfTree(gateway.pid), cpuSecondsOfTree(matchmakerPid)];
  const load1 = loadavg()[0]!;
  const result: LoadResult = await load({
    url: gateway.url,
    connections,
    seconds,
    warmupSeconds,
    kind: 'beatPlay',
    path: '/api/beatmatch_beat_play',
    sessions,
    deviceSecret,
    playsPerListener: 24,
    matchShare: 0.1,
  });
  const wall = seconds + warmupSeconds;
  const [gatewayCpu, matchmakerCpu] = [
    cpuSecondsOfTree(gateway.pid) - before[0]!,
    cpuSecondsOfTree(matchmakerPid) - before[1]!,
  ];
  const perRequest = (cpu: number) => ((cpu * 1e6) / (result.rps * wall)).toFixed(0);
  console.log(
    `${label} beat_play n=${result.requests} ${result.rps.toFixed(0)} req/s p50=${result.p50.toFixed(1)}ms p95=${result.p95.toFixed(1)}ms p99=${result.p99.toFixed(1)}ms errors=${result.requests - result.ok + result.errors} gateway_cpu=${((gatewayCpu / wall) * 100).toFixed(0)}% (${perRequest(gatewayCpu)}us/request) matchmaker_cpu=${((matchmakerCpu / wall) * 100).toFixed(0)}% (${perRequest(matchmakerCpu)}us/request) client_cpu=${result.clientCpu.toFixed(0)}% load=${load1.toFixed(2)}`,
  );
  return result.rps;
}

async function main() {
  const databaseUrl = requireEnv('DATABASE_URL');
  const prefix = `bench_dist_${process.pid}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'beatmatch-bench-distributed-'));
  const logs: string[] = [];
  const options = {
    databaseUrl,
    kafkaBrokers: requireEnv('KAFKA_BROKERS'),
    databasePrefix: prefix,
    dataDir,
    gatewayPort: 0,
    logLevel: 'warn',
    restartOnCrash: false,
    onLog: (name: string, line: string) => logs.push(`${name} | ${line}`),
    readyTimeoutMs: 180_000,
  };
  let system: DistributedSystem | undefined;
  let several: Awaited<ReturnType<typeof startGateway>> | undefined;
  try {
    system = await startDistributed(options);
    await publishBeats(system, options.kafkaBrokers);
    several = await startGateway(system, dataDir, processes);
    const single = { url: system.url, pid: system.processes.gateway.pid! };
    const { csrfSecret } = await loadSecrets(dataDir, []);
    const ratios: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const one = await measure(`round ${round} gateway_processes=1`, single, system, csrfSecret);
      const many = await measure(
        `round ${round} gateway_processes=${processes}`,
        several,
        system,
        csrfSecret,
      );
      ratios.push((many / one).toFixed(2));
    }
    console.log(
      `beat_play req/s with ${processes} gateway processes ÷ with 1, per round: ${ratios.join(', ')}`,
    );
  } catch (error) {
    console.error(logs.slice(-40).join('\n'));
    throw error;
  } finally {
    several?.stop();
    await system?.stop();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    for (const name of ['gateway', ...SERVICES])
      await client.query(`DROP DATABASE IF EXISTS ${prefix}_${name} WITH (FORCE)`);
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
