/**
 * The producer's workspace bench (issue 24): the dashboard's and the store's answers for a producer with
 * 1,000 beats and 1,000,000 plays behind them, p95 through the real gateway, side by side with a bare
 * Express handler answering the same JSON (the ratio):
 *   npm run bench:workspace [-- --beats 1000 --plays 1000000 --matches 100000 --sales 5000
 *     --connections 10 --seconds 5 --warmup 2]
 * Needs DATABASE_URL (`eval "$(deploy/local/env)"`). Method as bench/matchmaker/serving.ts: the real
 * catalog service on PostgreSQL (a schema of its own, dropped at the end) behind the real gateway app in
 * this process, the load from bench/workspace/loadgen.ts (autocannon) in a child process. Identity is a
 * stand-in that answers the gateway's session lookup (cached by the gateway, so it is asked about once).
 * The seed is written straight into the read models with generate_series (see README.md for why).
 * Prints figures; not a test.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { CallName } from '@beatmatch/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
  type SqlDatabase,
} from '@beatmatch/platform';
import { createGateway } from '@beatmatch/gateway';
import { numberArg } from '@beatmatch/testing';
import { createCatalogService } from '../../services/catalog/src/index';
import { activityQuartersBackfillSql } from '../../services/catalog/src/dashboard/projection';
import { uploadLimitsFromMb } from '../../services/catalog/src/upload/limits';
import type { CallFigures, CallLoad } from './loadgen';

const beats = numberArg('beats', 1_000);
const plays = numberArg('plays', 1_000_000);
const matches = numberArg('matches', 100_000);
const sales = numberArg('sales', 5_000);
const connections = numberArg('connections', 10);
const seconds = numberArg('seconds', 5);
const warmupSeconds = numberArg('warmup', 2);
/** The facts spread over the last 60 days, so both months and all eight chart days have some. */
const SPREAD_SECONDS = 60 * 86_400;
const PRODUCER = 'bench-producer';
const ZONE = 'America/New_York';
const GENRES = ['rapHipHop', 'rnb', 'pop', 'electronicDance', 'rock', 'latin'];

/** The calls measured: the store's beat list and the dashboard's five, with what the page sends. */
const CALLS: Array<[CallName, object]> = [
  ['beatmatch_lab', { userId: PRODUCER }],
  ['current_month_stats', { timeZone: ZONE }],
  ['last_month_stats', { timeZone: ZONE }],
  ['stat_graph', { timeZone: ZONE }],
  ['recent_customers', {}],
  ['dashboard_pioneer_status', {}],
];

const listen = (server: Server) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });

/** The producer's beats, plays, matches and sales, straight into the catalog's read models. */
async function seed(db: SqlDatabase, s: string) {
  const genreList = `ARRAY[${GENRES.map((genre) => `'${genre}'`).join(',')}]`;
  await db.exec(`
    INSERT INTO ${s}.beats (beat_id, producer_id, producer_name, name, kind, is_private, first_date_cents,
      relationship_cents, marriage_cents, crate, demo, status, files, cover, dna, deleted, drafted_at,
      published_at, updated_at)
    SELECT 'bench-beat-' || i, '${PRODUCER}', 'benchproducer', 'Bench beat ' || i, 'public', i % 10 = 0,
      1999, 3999, NULL, 'active', false, 'published',
      jsonb_build_object('snippetKey', 'snippets/bench-' || i || '.mp3', 'mp3Key', 'mp3s/bench-' || i || '.mp3'),
      NULL,
      jsonb_build_object(
        'genreTags', jsonb_build_array(jsonb_build_object('tag', (${genreList})[1 + i % 6], 'score', 0.9)),
        'subgenreTags', '[]'::jsonb, 'moodTags', '[]'::jsonb),
      false, now() - i * interval '1 hour', now() - i * interval '1 hour', now()
    FROM generate_series(1, ${beats}) AS i`);
  await db.exec(`
    INSERT INTO ${s}.dashboard_activity (event_id, producer_id, kind, at)
    SELECT 'bench-' || kind || '-' || i, '${PRODUCER}', kind,
      now() - ((i::bigint * 7919) % ${SPREAD_SECONDS}) * interval '1 second'
    FROM (SELECT i, 'play' AS kind FROM generate_series(1, ${plays}) AS i
          UNION ALL SELECT i, 'match' FROM generate_series(1, ${matches}) AS i) AS facts`);
  await db.exec(`
    INSERT INTO ${s}.dashboard_sales (purchase_id, producer_id, beat_id, buyer_email, package, amount_cents,
      purchased_at, refunded_at)
    SELECT 'bench-sale-' || i, '${PRODUCER}', 'bench-beat-' || (1 + i % ${beats}), 'buyer' || i || '@example.test',
      'firstDate', 1999, now() - ((i::bigint * 7919) % ${SPREAD_SECONDS}) * interval '1 second',
      CASE WHEN i % 20 = 0 THEN now() - ((i::bigint * 7919) % ${SPREAD_SECONDS}) * interval '1 second' / 2 END
    FROM generate_series(1, ${sales}) AS i`);
  // The quarter-hour counts, as a store that kept its plays before them fills them.
  await db.exec(activityQuartersBackfillSql(s));
  await db.exec(
    `VACUUM ANALYZE ${s}.beats, ${s}.dashboard_activity, ${s}.dashboard_activity_quarters, ${s}.dashboard_sales`,
  );
}

/** Runs one phase in a forked load generator. */
function load(spec: CallLoad): Promise<CallFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'loadgen.ts'), { stdio: 'inherit' });
    let result: CallFigures | undefined;
    child.once('message', (message) => (result = message as CallFigures));
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`load generator exited (${code}) without a result`)),
    );
    child.send(spec);
  });
}

/** A signed-in browser as the gateway sees one: the session cookie, the CSRF cookie pair and token. */
async function browserHeaders(gatewayUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${gatewayUrl}/api/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]!);
  return {
    'content-type': 'application/json',
    cookie: [...cookies, 'bm_session=bench-session-token'].join('; '),
    'x-csrf-token': csrfToken,
  };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://beatmatch:beatmatch@127.0.0.1:54329/beatmatch';
  const db = openPostgres(databaseUrl);
  const schema = `workspace_bench_${process.pid}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'beatmatch-workspace-bench-'));
  const blobs = new FilesystemBlobStore({
    root: dir,
    secret: randomBytes(32).toString('hex'),
    publicUrl: '/blobs',
  });
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  const logger = createLogger('bench', 'warn');
  const servers: Server[] = [];
  const catalog = await createCatalogService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger,
    blobs: async () => blobs,
    limits: uploadLimitsFromMb({ snippet: 1, mp3: 1, wav: 1, trackout: 1, cover: 1 }),
    schema,
    consumer: `workspace-bench-${process.pid}`,
  });
  try {
    await catalog.start();
    const t0 = performance.now();
    await seed(db, schema);
    console.log(
      `seeded ${beats} beats, ${plays} plays, ${matches} matches, ${sales} sales (generate_series into the read models, then VACUUM ANALYZE) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const identity = express().use(express.json());
    identity.post('/sessions/resolve', (_req, res) => {
      res.json({ userId: PRODUCER, userName: 'benchproducer', email: 'bench@example.test', sessionId: 's1' });
    });
    const identityServer = createServer(identity);
    servers.push(identityServer);
    const identityUrl = await listen(identityServer);
    const gateway = createGateway({
      logger,
      issuer: new InternalTokenIssuer(keys.privateKey),
      serviceUrl: (name) => (name === 'identity' ? identityUrl : 'http://127.0.0.1:9'),
      // As the embedded profile calls its services: in process.
      serviceApp: (name) => (name === 'catalog' ? catalog.app : undefined),
      csrfSecret: randomBytes(32).toString('hex'),
      secureCookies: false,
      remotes: { producer: '/remotes/producer/mf-manifest.json', artist: '/remotes/artist/mf-manifest.json' },
    });
    const gatewayServer = createServer(gateway);
    servers.push(gatewayServer);
    const gatewayUrl = await listen(gatewayServer);
    const headers = await browserHeaders(gatewayUrl);

    // The bare handlers answer exactly what the gateway answered to the probe.
    const bare = express();
    const rows: string[] = [];
    for (const [name, body] of CALLS) {
      const apiPath = `/api/${name}`;
      const probe = await fetch(`${gatewayUrl}${apiPath}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const answer = (await probe.json()) as Record<string, unknown>;
      if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${JSON.stringify(answer)}`);
      bare.post(apiPath, (_req, res) => void res.json(answer));
      const json = JSON.stringify(answer);
      rows.push(`${name}: ${json.length} bytes of JSON${json.length <= 120 ? ` ${json}` : ''}`);
    }
    const bareServer = createServer(bare);
    servers.push(bareServer);
    const bareUrl = await listen(bareServer);
    console.log(rows.join('\n'));
    console.log(
      `${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per phase; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );

    const summary: string[] = [];
    for (const [name, body] of CALLS) {
      const common = {
        path: `/api/${name}`,
        headers,
        body: JSON.stringify(body),
        connections,
        seconds,
        warmupSeconds,
      };
      const viaGateway = await load({ ...common, url: gatewayUrl });
      const viaBare = await load({ ...common, url: bareUrl });
      if (viaGateway.failures + viaBare.failures > 0) throw new Error(`${name}: answers other than 200`);
      const ratio = viaGateway.p95 / viaBare.p95;
      console.log(
        `${name.padEnd(25)} gateway p50=${viaGateway.p50.toFixed(1)}ms p95=${viaGateway.p95.toFixed(1)}ms p99=${viaGateway.p99.toFixed(1)}ms ${viaGateway.rps.toFixed(0)} req/s | bare p95=${viaBare.p95.toFixed(1)}ms ${viaBare.rps.toFixed(0)} req/s | p95 ratio ${ratio.toFixed(1)}×`,
      );
      summary.push(
        `${name}_p95_ms=${viaGateway.p95.toFixed(1)} ${name}_bare_p95_ms=${viaBare.p95.toFixed(1)}`,
      );
    }
    console.log([`beats=${beats}`, `plays=${plays}`, ...summary].join(' '));
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
    await catalog.stop();
    await bus.close();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
