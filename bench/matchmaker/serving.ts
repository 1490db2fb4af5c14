/**
 * Serving bench of the matchmaker through the gateway, side by side with baselines, in one run (issue 9):
 *   npm run bench:matchmaker:serving [-- --beats 10000 --connections 50 --seconds 10 --warmup 3
 *     --files 200 --file-bytes 480000 --nginx-workers 1 --telemetry]
 * `--telemetry` runs it with tracing (10 % sampled) and metrics on (./telemetryFlag.ts). To weigh their
 * cost, ./telemetryOverhead.ts (`npm run bench:matchmaker:telemetry`) runs two of these servers, on and
 * off, at the same time (`--serve`): two runs one after the other compare the machine's moments too.
 * Needs DATABASE_URL (`eval "$(deploy/local/env)"`) and nginx (bench/matchmaker/install-tools.sh).
 *
 * Servers in this process, as the embedded profile composes them: the real matchmaker service on
 * PostgreSQL (its own schema, a filesystem blob store holding the snippets) and the real gateway app in
 * front of it; a bare Express hello-world; and nginx (its own processes, generated config, loopback
 * port) serving the blob store's objects directory. The load comes from bench/matchmaker/loadgen.ts
 * (autocannon) in a child process, one phase at a time, each with a warm-up first:
 * 1. hello      GET / on the bare Express app.
 * 2. beat_play  POST /api/beatmatch_beat_play through the gateway as visitors: the CSRF cookie + token
 *               of /api/csrf, a fresh device uuid per listener, each listener swiping 24 beats (passes,
 *               1 in 10 a match; the free limit is 25 a day) over --beats published beats.
 * 3. nginx      GET /snippets/<file>.mp3 with `Range: bytes=<offset>-` on nginx.
 * 4. snippet    GET /api/beatmatch_beat_play_snippet?beatId=… with the same Range through the gateway.
 * Targets: beat_play p99 ≤ 25 ms and ≥ 0.35× hello-world req/s; snippet bytes/s ≥ 0.8× nginx.
 * Ends with one line of key=value pairs. Prints figures; not a test.
 */
import { telemetryOn } from './telemetryFlag';
import { catalogue, snippetKey } from './catalogue';
import { close, listen, load, startNginx, visitorSession } from './servers';
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import { integrationEvent, CATALOG_TOPIC } from '@beatmatch/contracts';
import {
  blobRoutes,
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
  withRequestSpans,
} from '@beatmatch/platform';
import { createGateway, DEVICE_COOKIE, DeviceCookie } from '@beatmatch/gateway';
import { numberArg, seededRandom } from '@beatmatch/testing';
import { createMatchmakerService } from '../../services/matchmaker/src/index';
import type { LoadResult, LoadSpec } from './loadgen';

const arg = numberArg;
const beatCount = arg('beats', 10_000);
const connections = arg('connections', 50);
const seconds = arg('seconds', 10);
const warmupSeconds = arg('warmup', 3);
const files = arg('files', 200);
/** A 30-second snippet at 128 kbit/s. */
const fileBytes = arg('file-bytes', 480_000);
const nginxWorkers = arg('nginx-workers', 1);
/** `--only beat_play` (or hello, nginx, snippet, blob; comma-separated) runs just those phases, e.g. to profile one. */
const viaProxy = process.argv.includes('--proxy');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1]!.split(',')) : undefined;
const TARGETS = { p99Ms: 25, helloRatio: 0.35, nginxRatio: 0.8 };
/** `--serve`: forked by ./telemetryOverhead.ts, which drives the load; see `serveForParent`. */
const serveMode = process.argv.includes('--serve') && process.send !== undefined;

const cpuPercent = (before: NodeJS.CpuUsage, wallMs: number) => {
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / wallMs) * 100;
};

async function main() {
  const loadAtStart = loadavg();
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://beatmatch:beatmatch@127.0.0.1:54329/beatmatch';
  const db = openPostgres(databaseUrl);
  const schema = `matchmaker_serving_${process.pid}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'beatmatch-serving-'));
  const blobs = new FilesystemBlobStore({
    root: path.join(dir, 'blobs'),
    secret: randomBytes(32).toString('hex'),
    publicUrl: '/blobs',
  });
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  const logger = createLogger('bench', 'warn');
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  let service: Awaited<ReturnType<typeof createMatchmakerService>> | undefined;
  try {
    // The snippet files: pseudo-random bytes (nothing here decodes them), the same files for both servers.
    const bytes = seededRandom(3);
    for (let file = 0; file < files; file++) {
      const body = Buffer.alloc(fileBytes);
      for (let i = 0; i < fileBytes; i += 4) body.writeUInt32LE((bytes() * 2 ** 32) >>> 0, i);
      await blobs.put(snippetKey(file), Readable.from([body]), { contentType: 'audio/mpeg' });
    }
    // nginx's workers run as an unprivileged user: let them read the files (mkdtemp makes 0700 folders).
    for (const folder of [
      dir,
      path.join(dir, 'blobs'),
      blobs.objectsDir,
      path.join(blobs.objectsDir, 'snippets'),
    ])
      await chmod(folder, 0o755);
    for (const name of await readdir(path.join(blobs.objectsDir, 'snippets')))
      await chmod(path.join(blobs.objectsDir, 'snippets', name), 0o644);

    service = await createMatchmakerService({
      db,
      bus,
      verifier: new InternalTokenVerifier(keys.publicKey),
      logger,
      blobs: async () => blobs,
      schema,
      relayPollMs: 200,
      consumer: `matchmaker-serving-${process.pid}`,
    });
    await service.start();
    const matchmakerServer = createServer(withRequestSpans(service.app));
    servers.push(matchmakerServer);
    const matchmakerUrl = await listen(matchmakerServer);

    const t0 = performance.now();
    const beats = catalogue(beatCount, files);
    for (let i = 0; i < beats.length; i += 500)
      await bus.publish(
        CATALOG_TOPIC,
        beats.slice(i, i + 500).map((payload) => ({
          key: payload.beatId,
          event: integrationEvent('catalog.BeatPublished', 1, payload, new Date()),
        })),
      );
    for (;;) {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.beats`);
      if (Number(rows[0]!.n) >= beats.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`projected ${beats.length} beats in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await textIndexSettled(service);

    // The gateway's secret also seals the device cookies the load generator gives each listener (a
    // device's uuid is vouched for only by that cookie, as the exclude call would set it).
    const gatewaySecret = randomBytes(32).toString('hex');
    const gateway = createGateway({
      logger,
      issuer: new InternalTokenIssuer(keys.privateKey),
      // Only the matchmaker is called: visitors carry no session cookie, so identity is never asked.
      serviceUrl: (name) => (name === 'matchmaker' ? matchmakerUrl : 'http://127.0.0.1:9'),
      // As the embedded profile calls its services: in process (--proxy: through the matchmaker's port).
      serviceApp: (name) => (name === 'matchmaker' && !viaProxy ? service!.app : undefined),
      // And its caller-free snippet route to the service's plain handler, as the embedded profile does.
      servicePublicRoutes: (name) => (name === 'matchmaker' && !viaProxy ? service!.publicRoutes : undefined),
      csrfSecret: gatewaySecret,
      secureCookies: false,
      remotes: { producer: '/remotes/producer/mf-manifest.json', artist: '/remotes/artist/mf-manifest.json' },
      // As the embedded profile mounts them: the signed blob URLs of the filesystem store.
      blobs: blobRoutes(blobs),
    });
    const gatewayServer = createServer(withRequestSpans(gateway));
    servers.push(gatewayServer);
    const gatewayUrl = await listen(gatewayServer);

    const hello = express();
    hello.get('/', (_req, res) => {
      res.send('Hello World!');
    });
    const helloServer = createServer(hello);
    servers.push(helloServer);
    const helloUrl = await listen(helloServer);

    const started = await startNginx(nginxWorkers, dir, blobs.objectsDir);
    nginx = started.child;

    // Every connection's visitor: its own CSRF cookie pair and token.
    const sessions = await Promise.all(Array.from({ length: connections }, () => visitorSession(gatewayUrl)));
    // Sanity: the calls the phases make answer as a browser would expect.
    const probe = await fetch(`${gatewayUrl}/api/beatmatch_beat_play`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${sessions[0]!.cookie}; ${DEVICE_COOKIE}=${new DeviceCookie(gatewaySecret).seal('serving-probe')}`,
        'x-csrf-token': sessions[0]!.csrfToken,
      },
      body: JSON.stringify({ uuid: 'serving-probe', genre: null, musicalKey: null, tempo: null }),
    });
    const played = (await probe.json()) as { beatId?: string; audioSrc?: string };
    if (probe.status !== 200 || !played.beatId || !played.audioSrc)
      throw new Error(`beat_play probe: ${probe.status} ${JSON.stringify(played)}`);
    // The snippet route answers the bytes itself (from memory after the first play), Range included.
    const viaGateway = await fetch(`${gatewayUrl}${played.audioSrc}`, { headers: { range: 'bytes=1000-' } });
    const file = Number(/(\d+)$/.exec(played.beatId)![1]) % files;
    const viaNginx = await fetch(`${started.url}/${snippetKey(file)}`, { headers: { range: 'bytes=1000-' } });
    const [a, b] = [Buffer.from(await viaGateway.arrayBuffer()), Buffer.from(await viaNginx.arrayBuffer())];
    if (viaGateway.status !== 206 || viaNginx.status !== 206 || a.length !== fileBytes - 1000 || !a.equals(b))
      throw new Error(
        `snippet probe: gateway ${viaGateway.status} ${a.length} B, nginx ${viaNginx.status} ${b.length} B`,
      );

    const common = { connections, seconds, warmupSeconds };
    const beatPlay: LoadSpec = {
      ...common,
      url: gatewayUrl,
      kind: 'beatPlay',
      path: '/api/beatmatch_beat_play',
      sessions,
      deviceSecret: gatewaySecret,
      playsPerListener: 24,
      matchShare: 0.1,
    };
    if (serveMode) {
      await serveForParent(gatewayServer, beatPlay);
      return;
    }
    const skipped: LoadResult = {
      requests: 0,
      ok: 0,
      rps: NaN,
      bytesPerSecond: NaN,
      p50: NaN,
      p95: NaN,
      p99: NaN,
      max: NaN,
      statuses: {},
      errors: 0,
      seconds: 0,
      clientCpu: NaN,
    };
    const phase = async (name: string, spec: LoadSpec, inThisProcess: boolean) => {
      if (only && !only.has(name)) return skipped;
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const result = await load(spec);
      // The server process's CPU over warm-up + measurement (nginx's is not in this process).
      const wallMs = performance.now() - wall;
      const serverCpu = inThisProcess ? cpuPercent(cpu, wallMs) : NaN;
      // CPU per request, warm-up included (its requests are estimated at the measured rate): a figure
      // the other work on the machine disturbs less than throughput.
      const cpuPerRequestUs = ((serverCpu / 100) * wallMs * 1000) / (result.rps * (warmupSeconds + seconds));
      const statuses = Object.entries(result.statuses)
        .map(([status, count]) => `${status}:${count}`)
        .join(',');
      console.log(
        `${name.padEnd(9)} n=${result.requests} ${result.rps.toFixed(0)} req/s ${(result.bytesPerSecond / 1e6).toFixed(1)} MB/s p50=${result.p50.toFixed(1)}ms p95=${result.p95.toFixed(1)}ms p99=${result.p99.toFixed(1)}ms max=${result.max.toFixed(0)}ms statuses=${statuses}${result.redirects ? ` redirects=${result.redirects}` : ''} errors=${result.errors}${inThisProcess ? ` server_cpu=${serverCpu.toFixed(0)}% server_cpu_per_request=${cpuPerRequestUs.toFixed(0)}us` : ''} client_cpu=${result.clientCpu.toFixed(0)}%`,
      );
      return result;
    };
    console.log(
      `${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per phase, load generator in its own process; load average ${loadAtStart.map((x) => x.toFixed(2)).join(' ')}`,
    );
    const helloResult = await phase('hello', { ...common, url: helloUrl, kind: 'get', path: '/' }, true);
    const playResult = await phase('beat_play', beatPlay, true);
    const range = { kind: 'range' as const, beats: beatCount, files, fileBytes, sessions };
    const nginxResult = await phase(
      'nginx',
      { ...common, ...range, url: started.url, pathTemplate: '/snippets/serving-snippet-{file}.mp3' },
      false,
    );
    const snippetResult = await phase(
      'snippet',
      {
        ...common,
        ...range,
        url: gatewayUrl,
        pathTemplate: '/api/beatmatch_beat_play_snippet?beatId=serving-beat-{beat}',
      },
      true,
    );
    // The gateway's signed blob URLs (downloads of bought files use them): the same files through
    // `blobRoutes`, which streams each request from disk.
    const signed = await Promise.all(
      Array.from({ length: files }, (_, file) =>
        blobs.signedDownloadUrl(snippetKey(file), { expiresIn: 3600 }),
      ),
    );
    const blobResult = await phase(
      'blob',
      { ...common, ...range, url: gatewayUrl, pathTemplate: '', paths: signed },
      true,
    );
    const loadAtEnd = loadavg();

    const helloRatio = playResult.rps / helloResult.rps;
    const nginxRatio = snippetResult.bytesPerSecond / nginxResult.bytesPerSecond;
    const blobRatio = blobResult.bytesPerSecond / nginxResult.bytesPerSecond;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      [
        `beat_play p99 ${playResult.p99.toFixed(1)} ms (target ≤ ${TARGETS.p99Ms}): ${verdict(playResult.p99 <= TARGETS.p99Ms)}`,
        `beat_play / hello-world req/s ${helloRatio.toFixed(3)}× (target ≥ ${TARGETS.helloRatio}): ${verdict(helloRatio >= TARGETS.helloRatio)}`,
        `snippet / nginx bytes/s ${nginxRatio.toFixed(3)}× (target ≥ ${TARGETS.nginxRatio}): ${verdict(nginxRatio >= TARGETS.nginxRatio)}`,
        `signed blob URL / nginx bytes/s ${blobRatio.toFixed(3)}× (the gateway's signed-URL route, streamed from disk: downloads of bought files)`,
        `load average ${loadAtStart[0]!.toFixed(2)} at start, ${loadAtEnd[0]!.toFixed(2)} at end (1 min)`,
      ].join('\n'),
    );
    console.log(
      [
        `beats=${beatCount}`,
        // One Node thread serves the gateway and the service: at saturation, its time per request.
        `telemetry=${telemetryOn ? 'on' : 'off'}`,
        `beat_play_us_per_request=${(1e6 / playResult.rps).toFixed(0)}`,
        `connections=${connections}`,
        `seconds=${seconds}`,
        `hello_rps=${helloResult.rps.toFixed(0)}`,
        `hello_p99_ms=${helloResult.p99.toFixed(1)}`,
        `beat_play_rps=${playResult.rps.toFixed(0)}`,
        `beat_play_p50_ms=${playResult.p50.toFixed(1)}`,
        `beat_play_p95_ms=${playResult.p95.toFixed(1)}`,
        `beat_play_p99_ms=${playResult.p99.toFixed(1)}`,
        `beat_play_errors=${playResult.requests - playResult.ok + playResult.errors}`,
        `beat_play_vs_hello=${helloRatio.toFixed(3)}`,
        `nginx_mb_s=${(nginxResult.bytesPerSecond / 1e6).toFixed(1)}`,
        `snippet_mb_s=${(snippetResult.bytesPerSecond / 1e6).toFixed(1)}`,
        `snippet_p99_ms=${snippetResult.p99.toFixed(1)}`,
        `snippet_vs_nginx=${nginxRatio.toFixed(3)}`,
        `snippet_redirects=${snippetResult.redirects ?? 0}`,
        `blob_mb_s=${(blobResult.bytesPerSecond / 1e6).toFixed(1)}`,
        `blob_p99_ms=${blobResult.p99.toFixed(1)}`,
        `blob_vs_nginx=${blobRatio.toFixed(3)}`,
        `nginx_workers=${nginxWorkers}`,
        `load_start=${loadAtStart[0]!.toFixed(2)}`,
        `load_end=${loadAtEnd[0]!.toFixed(2)}`,
      ].join(' '),
    );
  } finally {
    nginx?.kill('SIGQUIT');
    await Promise.all(servers.map(close));
    await service?.stop();
    await bus.close();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main()
  // The IPC channel to ./telemetryOverhead.ts would keep a `--serve` process alive once it is done.
  .then(() => (serveMode ? process.disconnect() : undefined))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

/**
 * Waits until text search has embedded every playable beat's description: its sentence model's thread
 * does that in the background once beats arrive (about 8 ms of a core per beat), and a phase measured
 * before it is done shares the cores with it. The figures are the steady state's. Stops waiting when
 * no beat was embedded for a minute (no model here, or it failed), and says so.
 */
async function textIndexSettled(matchmaker: Awaited<ReturnType<typeof createMatchmakerService>>) {
  const started = performance.now();
  let embedded = -1;
  let progressAt = started;
  for (;;) {
    const playable = await matchmaker.pool.activePlayable();
    const now = matchmaker.text.index.embeddedCount(playable);
    if (now >= playable.length) break;
    if (now > embedded) [embedded, progressAt] = [now, performance.now()];
    if (performance.now() - progressAt > 60_000) {
      console.log(
        `text index: ${now} of ${playable.length} beats embedded, no progress for 60 s: measuring anyway`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`text index: every beat embedded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `--serve` (forked by ./telemetryOverhead.ts): no phases of its own. Hands the parent the beat_play load
 * spec, then answers each `mark` with this process's CPU time and the gateway's requests so far, until
 * `stop`. The parent loads two such processes at once (telemetry on and off) so that both see the same
 * machine, and divides CPU by requests itself.
 */
async function serveForParent(gatewayServer: Server, spec: LoadSpec) {
  let served = 0;
  gatewayServer.on('request', () => served++);
  const send = (message: object) => process.send!(message);
  await new Promise<void>((resolve) => {
    process.on('message', (message: { kind: string }) => {
      if (message.kind === 'mark') {
        const { user, system } = process.cpuUsage();
        send({ kind: 'mark', cpuMicros: user + system, served });
      } else if (message.kind === 'stop') resolve();
    });
    send({ kind: 'ready', spec });
  });
  process.removeAllListeners('message');
}
