/**
 * GATEWAY_PROCESSES=N (distributed profile; default 1): the gateway runs as N processes behind one
 * port with Node's cluster. Import this first in the gateway's entry: in the primary it starts the
 * workers and keeps them running, and `runsWorkers` tells the entry not to serve itself.
 *
 * The gateway keeps no state that the processes must share other than what already lives outside
 * it: CSRF tokens and device cookies are HMACs of CSRF_SECRET, rate-limit counters are in PostgreSQL
 * (DATABASE_URL, required here), and each process drops revoked sessions from its own short cache
 * when identity's revocation arrives on Kafka (KAFKA_BROKERS, required here; every process listens
 * in a consumer group of its own). Each process has its own ops listener: OPS_PORT for the first,
 * OPS_PORT + 10 × k for the others (not + 1: the services' ops ports follow the gateway's).
 */
import cluster, { type Worker } from 'node:cluster';

const requested = process.env.GATEWAY_PROCESSES ?? '1';
const count = Number(requested);
if (!Number.isInteger(count) || count < 1 || count > 64)
  throw new Error(`GATEWAY_PROCESSES must be a whole number from 1 to 64, not ${JSON.stringify(requested)}`);

/** True in the primary of a multi-process gateway: it supervises, the workers serve. */
export const runsWorkers = cluster.isPrimary && count > 1;

/** A worker that dies is replaced after this long (doubled while it keeps dying young, up to 10 s). */
const RESTART_MS = 200;

if (runsWorkers) superviseWorkers();

function superviseWorkers() {
  for (const needed of ['DATABASE_URL', 'KAFKA_BROKERS'])
    if (!process.env[needed])
      throw new Error(
        `GATEWAY_PROCESSES=${count} needs ${needed}: the processes share rate limits and session revocations through it`,
      );
  // The primary serves nothing: its telemetry and ops listener would only take the workers' port.
  const opsPort = process.env.OPS_PORT;
  delete process.env.OPS_PORT;
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const workerEnv = (index: number) => ({
    GATEWAY_PROCESS: String(index),
    ...(opsPort ? { OPS_PORT: String(Number(opsPort) + (Number(opsPort) === 0 ? 0 : 10 * index)) } : {}),
    ...(tracing ? { OTEL_EXPORTER_OTLP_ENDPOINT: tracing } : {}),
  });
  let stopping = false;
  const workers = new Map<Worker, number>();
  const start = (index: number, quickDeaths = 0) => {
    const worker = cluster.fork(workerEnv(index));
    const startedAt = Date.now();
    workers.set(worker, index);
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      const deaths = Date.now() - startedAt < 30_000 ? quickDeaths + 1 : 0;
      const delayMs = Math.min(10_000, RESTART_MS * 2 ** Math.max(0, deaths - 1));
      process.stderr.write(
        `gateway process ${index} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); restarting in ${delayMs} ms\n`,
      );
      setTimeout(() => stopping || start(index, deaths), delayMs);
    });
  };
  for (let index = 0; index < count; index++) start(index);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (workers.size === 0) process.exit(0);
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
