/**
 * The serving bench's load generator (bench/matchmaker/serving.ts forks it): autocannon in a process of
 * its own, so the client never shares an event loop with the servers it measures. It receives one
 * `LoadSpec` over IPC, runs a warm-up and then the measured phase, and answers with a `LoadResult`.
 * Latencies are recorded per response (autocannon's own histogram has no p95).
 */
import { randomUUID } from 'node:crypto';
import { Agent, get as httpGet } from 'node:http';
import autocannon, { type RequestSpec } from 'autocannon';
import { DEVICE_COOKIE, DeviceCookie } from '@beatmatch/gateway';
import { seededRandom } from '@beatmatch/testing';

export interface VisitorSession {
  /** `bm_vid=…; bm_csrf=…` as a browser sends them. */
  cookie: string;
  csrfToken: string;
}

export type LoadSpec = {
  url: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
} & (
  | { kind: 'get'; path: string }
  | {
      /** POST beat_play as a visitor: a listener swipes `playsPerListener` beats, then a new one starts. */
      kind: 'beatPlay';
      path: string;
      sessions: VisitorSession[];
      /** The gateway's secret: each listener gets a device cookie of its own, as exclude would set. */
      deviceSecret: string;
      playsPerListener: number;
      /** Share of plays answered with 'match' (the rest 'pass'). */
      matchShare: number;
    }
  | {
      /** GET with `Range: bytes=<offset>-` (offset in the file's first half), as an audio element seeks. */
      kind: 'range';
      /** `{beat}` becomes a beat index in [0, beats), `{file}` the index of its snippet file. */
      pathTemplate: string;
      /** Instead of the template: the path of each file (e.g. its signed blob URL), by file index. */
      paths?: string[];
      beats: number;
      files: number;
      fileBytes: number;
      sessions: VisitorSession[];
    }
);

export interface LoadResult {
  requests: number;
  /** Redirects followed (Range phases: an audio element follows them; each request's time includes its). */
  redirects?: number;
  ok: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  rps: number;
  bytesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** This load generator's own CPU over the phase (100 = one core busy): near 100, it was the limit. */
  clientCpu: number;
}

function requestsOf(spec: Exclude<LoadSpec, { kind: 'range' }>): RequestSpec[] {
  const random = seededRandom(9);
  if (spec.kind === 'get') return [{ method: 'GET', path: spec.path }];
  // One listener = one pass over this list: autocannon keeps `context` within a pass and resets it after.
  let listeners = 0;
  const devices = new DeviceCookie(spec.deviceSecret);
  return Array.from({ length: spec.playsPerListener }, (_, play) => ({
    method: 'POST',
    path: spec.path,
    setupRequest: (request, context) => {
      if (play === 0) {
        context.uuid = randomUUID();
        context.device = `${DEVICE_COOKIE}=${devices.seal(context.uuid as string)}`;
        context.session = spec.sessions[listeners++ % spec.sessions.length];
      }
      const session = context.session as VisitorSession;
      const previous = context.previous as string | undefined;
      const choice = previous
        ? { beatId: previous, choiceType: random() < spec.matchShare ? 'match' : 'pass', seconds: 12 }
        : {};
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          cookie: `${session.cookie}; ${String(context.device)}`,
          'x-csrf-token': session.csrfToken,
        },
        body: JSON.stringify({ uuid: context.uuid, genre: null, musicalKey: null, tempo: null, ...choice }),
      };
    },
    onResponse: (status, body, context) => {
      context.previous = undefined;
      if (status !== 200) return;
      try {
        const beatId = (JSON.parse(body) as { beatId?: unknown }).beatId;
        if (typeof beatId === 'string') context.previous = beatId;
      } catch {
        // Not JSON: the next play carries no choice.
      }
    },
  }));
}

/**
 * The Range phases with node's own HTTP client (its parser is C; autocannon's JavaScript parser tops
 * out far below what nginx serves for bodies of hundreds of kB): `connections` keep-alive sockets,
 * each sending its next request when the last body has been read (and dropped).
 */
async function runRange(spec: Extract<LoadSpec, { kind: 'range' }>, seconds: number): Promise<LoadResult> {
  const random = seededRandom(9);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  let redirects = 0;
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const beat = Math.floor(random() * spec.beats);
      const offset = Math.floor(random() * (spec.fileBytes / 2));
      const session = spec.sessions[n++ % spec.sessions.length]!;
      const t = performance.now();
      const path =
        spec.paths?.[beat % spec.files] ??
        spec.pathTemplate.replace('{beat}', String(beat)).replace('{file}', String(beat % spec.files));
      const send = (url: URL, hops: number) => {
        const request = httpGet(
          url,
          { agent, headers: { cookie: session.cookie, range: `bytes=${offset}-` } },
          (response) => {
            const location = response.headers.location;
            if (response.statusCode! >= 300 && response.statusCode! < 400 && location && hops < 3) {
              // As an audio element does: follow it with the same Range (same origin: same sockets).
              redirects++;
              response.resume();
              response.on('end', () => send(new URL(location, url), hops + 1));
              return;
            }
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', () => {
              latencies.push(performance.now() - t);
              statuses[response.statusCode!] = (statuses[response.statusCode!] ?? 0) + 1;
              resolve();
            });
            response.on('error', () => {
              errors++;
              resolve();
            });
          },
        );
        request.on('error', () => {
          errors++;
          resolve();
        });
      };
      send(new URL(path, spec.url), 0);
    });
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  return { ...summary(latencies, statuses, errors, bytes, (performance.now() - started) / 1000), redirects };
}

function summary(
  latencies: number[],
  statuses: Record<string, number>,
  errors: number,
  bytes: number,
  elapsed: number,
): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : NaN;
  const ok = Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: latencies.length,
    ok,
    statuses,
    errors,
    seconds: elapsed,
    rps: ok / elapsed,
    bytesPerSecond: bytes / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    clientCpu: NaN,
  };
}

async function run(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = spec.kind === 'range' ? await runRange(spec, seconds) : await runAutocannon(spec, seconds);
  const used = process.cpuUsage(cpu);
  return { ...result, clientCpu: ((used.user + used.system) / 1000 / (performance.now() - wall)) * 100 };
}

async function runAutocannon(
  spec: Exclude<LoadSpec, { kind: 'range' }>,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let started = performance.now();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    timeout: 30,
    requests: requestsOf(spec),
  });
  instance.on('start', () => {
    started = performance.now();
  });
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    bytes += resBytes;
  });
  const result = await instance;
  return summary(latencies, statuses, result.errors, bytes, (performance.now() - started) / 1000);
}

process.once('message', (message) => {
  const spec = message as LoadSpec;
  void (async () => {
    if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
    process.send!(await run(spec, spec.seconds), () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
