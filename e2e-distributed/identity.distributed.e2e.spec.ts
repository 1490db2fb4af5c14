import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { Client } from 'pg';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { idempotent, openPostgres, processedEventsSchema, type SqlDatabase } from '@beatmatch/platform';
import { KafkaEventBus } from '@beatmatch/platform/src/bus/kafka';
import { fastConsumerTimings, requireEnv, waitFor } from '@beatmatch/platform/src/bus/kafkaTestSupport';
import { ApiClient } from '@beatmatch/embedded/src/apiClient';
import { startDistributed, SERVICES, type DistributedSystem, type ProcessName } from '../scripts/start-distributed';

/*
 * The distributed profile end to end: the gateway and every service as its own process on a real
 * PostgreSQL (one database per service) and a real Kafka, mail over SMTP into a capture server here.
 * The identity journey runs through the gateway over HTTP; identity is killed with SIGKILL after
 * sign-up, before the mailed code is used; after its restart nothing is lost and a consumer of
 * identity's integration events (a projection in its own database, fed from Kafka through the
 * idempotent consumer) has applied every event exactly once.
 */
const databaseUrl = requireEnv('DATABASE_URL');
const kafkaBrokers = requireEnv('KAFKA_BROKERS');
jest.setTimeout(240_000);

const run = randomUUID().replace(/-/g, '').slice(0, 8);
const prefix = `bm_e2e_${run}`;
const probeDatabase = `${prefix}_probe`;
const logs: string[] = [];
const figures: Record<string, unknown> = {};

// Mail: a real SMTP server in this process; identity's SmtpMailer delivers to it.
const mails: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

// The consumer: its own database, fed by Kafka, deduping by event id in the same transaction.
let probeDb: SqlDatabase;
const bus = KafkaEventBus.fromBrokerList(kafkaBrokers, { clientId: 'e2e-probe', consumer: fastConsumerTimings });
const wireCopies = new Map<string, number>();
const wireEvents = new Map<string, IntegrationEvent>();

let system: DistributedSystem;
let dataDir: string;

function withDatabase(name: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  await admin(`CREATE DATABASE ${probeDatabase}`);
  probeDb = openPostgres(withDatabase(probeDatabase));
  await probeDb.exec(`${processedEventsSchema('probe')}
    CREATE TABLE probe.user_events (applied bigserial PRIMARY KEY, event_id text NOT NULL, user_id text NOT NULL, type text NOT NULL);`);
  const project = idempotent(probeDb, 'probe', 'user-events', async (event, tx) => {
    const { userId } = event.payload as { userId: string };
    await tx.query('INSERT INTO probe.user_events (event_id, user_id, type) VALUES ($1, $2, $3)', [event.id, userId, event.type]);
  });
  await bus.subscribe({
    groupId: `e2e-probe-${run}`,
    topics: ['identity'],
    handle: async (event, context) => {
      wireCopies.set(event.id, (wireCopies.get(event.id) ?? 0) + 1);
      wireEvents.set(event.id, event);
      await project(event, context);
    },
  });

  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-distributed-'));
  system = await startDistributed({
    databaseUrl,
    kafkaBrokers,
    databasePrefix: prefix,
    dataDir,
    gatewayPort: 0,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    logLevel: 'warn',
    onLog: (name, line) => logs.push(`${name} | ${line}`),
  });
  figures.startMs = system.startMs;
  figures.readyMs = Object.fromEntries(Object.values(system.processes).map((p) => [p.name, p.readyMs]));
  figures.rssMiBAfterStart = rss();
});

afterAll(async () => {
  await system?.stop();
  await bus.close();
  await probeDb?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  for (const name of [...SERVICES.map((s) => `${prefix}_${s}`), probeDatabase]) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`distributed e2e figures: ${JSON.stringify(figures)}\n`);
});

function rss(): Partial<Record<ProcessName, number | undefined>> {
  return Object.fromEntries(Object.values(system.processes).map((p) => [p.name, p.rssMiB()]));
}

async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await waitFor(`the code mail to ${email}`, () => {
    const mail = [...mails].reverse().find((m) => m.to.includes(email) && /^Subject: Your Beatmatch code: \d{6}/m.test(m.data));
    code = mail?.data.match(/^Subject: Your Beatmatch code: (\d{6})/m)?.[1];
    return code !== undefined;
  });
  return code!;
}

async function identityQuery<Row>(sql: string, params: unknown[]): Promise<Row[]> {
  const client = new Client({ connectionString: system.databaseUrlOf('identity') });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

test('identity journey through the gateway on PostgreSQL + Kafka survives kill -9 of identity: nothing lost, nothing applied twice', async () => {
  const journeyStarted = Date.now();
  try {
    const client = new ApiClient(system.url);
    const user = { username: `dist${run}`, email: `dist.${run}@example.com`, password: 'correct horse battery' };

    const visitor = await client.post<{ uuid: string }>('beatmatch_exclude');
    expect(visitor.status).toBe(200);
    expect((await client.post('beatmatch_signup', { ...user, ref: 'AMB-7', signedIn: false })).body).toEqual({ response: 'success' });
    const login = { email: user.email, password: user.password, uuid: visitor.body.uuid };
    expect((await client.post('beatmatch_login', login)).body).toMatchObject({ response: 'authenticate', data: user.username });
    const code = await mailedCode(user.email);

    // kill -9 identity after sign-up, before the code is used.
    const identity = system.processes.identity;
    const killedPid = identity.pid;
    const killedAt = Date.now();
    identity.kill('SIGKILL');
    const duringOutage = await client.post('beatmatch_login', { ...login, auth_code: code });
    figures.gatewayStatusWhileIdentityDown = duringOutage.status;
    expect(duringOutage.status).toBeGreaterThanOrEqual(500);
    await identity.waitReady({ previousPid: killedPid, timeoutMs: 120_000 });
    figures.identityRestartMs = Date.now() - killedAt;
    expect(identity.starts).toBe(2);

    // The account and the mailed code survived: the code logs in.
    expect((await client.post('beatmatch_login', { ...login, auth_code: code })).body.response).toBe('survey');
    const offer = await client.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
    expect(offer.body).toEqual({ response: 'artistSubs', data: user.username, isReferral: true });
    const me = await client.post<{ userName: string; email: string; userId: string }>('beatmatch_auth');
    expect(me.body).toMatchObject({ userName: user.username, email: user.email });
    const { userId } = me.body;
    expect((await client.post('beatmatch_logout')).status).toBe(200);
    const after = await client.post('beatmatch_auth');
    expect([after.status, after.body.message]).toEqual([401, 'User not authenticated']);
    figures.journeyMs = Date.now() - journeyStarted;

    // Every integration event identity recorded in its outbox (before and after the kill) was sent...
    const expectedTypes = [
      'identity.UserRegistered',
      'identity.UserReferred',
      'identity.AccountVerified',
      'identity.SurveyAnswered',
      'identity.TrialOfferPresented',
    ];
    const readOutbox = () =>
      identityQuery<{ event_id: string; type: string; sent: boolean }>(
        `SELECT event->>'id' AS event_id, event->>'type' AS type, sent_at IS NOT NULL AS sent FROM identity.outbox
         WHERE message_key = $1 ORDER BY outbox.id`,
        [userId],
      );
    let outbox = await readOutbox();
    for (const deadline = Date.now() + 30_000; !(outbox.length === expectedTypes.length && outbox.every((row) => row.sent)); ) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
      outbox = await readOutbox();
    }
    expect(outbox.map((row) => row.type)).toEqual(expectedTypes);
    expect(outbox.every((row) => row.sent)).toBe(true);

    // ...arrived on Kafka (at least once each) ...
    const outboxIds = outbox.map((row) => row.event_id);
    await waitFor('all of the user’s events on Kafka', () => outboxIds.every((id) => wireCopies.has(id)), 30_000);
    figures.kafkaCopiesPerEvent = Object.fromEntries(outbox.map((row) => [row.type, wireCopies.get(row.event_id)]));
    // Events recorded after the restart had no crash in their way: exactly one copy on the wire each.
    for (const row of outbox.slice(2)) expect(wireCopies.get(row.event_id)).toBe(1);
    for (const row of outbox.slice(0, 2)) expect(wireCopies.get(row.event_id)).toBeLessThanOrEqual(2);
    expect(wireEvents.get(outboxIds[0]!)).toMatchObject({
      type: 'identity.UserRegistered',
      version: 1,
      payload: { userId, username: user.username, email: user.email, referralCode: 'AMB-7' },
    });

    // ...and the consumer's projection applied each event id exactly once, in order.
    const projected = (
      await probeDb.query<{ event_id: string; type: string }>('SELECT event_id, type FROM probe.user_events WHERE user_id = $1 ORDER BY applied', [
        userId,
      ])
    ).rows;
    expect(projected.map((row) => row.event_id)).toEqual(outboxIds);
    expect(projected.map((row) => row.type)).toEqual(expectedTypes);

    // The account is in identity's own database, which no other service touches.
    const accounts = await identityQuery<{ n: number }>('SELECT count(*)::int AS n FROM identity.users WHERE email = $1', [user.email]);
    expect(accounts[0]!.n).toBe(1);
    figures.rssMiBAfterJourney = rss();
  } catch (error) {
    process.stderr.write(`--- process logs (last 80 lines) ---\n${logs.slice(-80).join('\n')}\n`);
    throw error;
  }
});
