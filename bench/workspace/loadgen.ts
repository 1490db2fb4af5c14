/**
 * The workspace bench's load generator (bench/workspace/run.ts forks it): autocannon in a process of
 * its own, so the client never shares an event loop with the servers it measures. It receives one
 * `CallLoad` over IPC — the same POST repeated on keep-alive connections — runs a warm-up and then the
 * measured phase, and answers with the figures. Latencies are recorded per response (autocannon's own
 * histogram has no p95).
 */
import autocannon from 'autocannon';

export interface CallLoad {
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface CallFigures {
  requests: number;
  /** Answers that were not 200 (the run fails on any). */
  failures: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

async function measure(load: CallLoad, seconds: number): Promise<CallFigures> {
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({
    url: load.url,
    connections: load.connections,
    duration: seconds,
    timeout: 30,
    requests: [{ method: 'POST', path: load.path, headers: load.headers, body: load.body }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== 200) failures++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    failures: failures + result.errors,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

process.once('message', (message) => {
  const load = message as CallLoad;
  void (async () => {
    if (load.warmupSeconds > 0) await measure(load, load.warmupSeconds);
    process.send!(await measure(load, load.seconds), () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
