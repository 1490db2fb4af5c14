import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from 'pg';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { KafkaEventBus } from '@beatmatch/platform';
import { requireEnv, startSmtpCapture, type SmtpCapture } from '@beatmatch/testing';
import { fastConsumerTimings, waitFor } from '@beatmatch/testing';
import { ApiClient } from '@beatmatch/embedded/apiClient';
import {
  SERVICES,
  startDistributed,
  type DistributedSystem,
  type ProcessName,
} from '../scripts/start-distributed';

/*
 * The distributed profile end to end: the gateway and every service as its own process on a real
 * PostgreSQL (one database per service) and a real Kafka; mail over SMTP into a capture server here.
 * The identity journey runs through the gateway over HTTP while Kafka carries identity's integration
 * events to a consumer service (projectionProbe.ts: its own process and database, idempotent consumer).
 *
 * Two processes are killed with SIGKILL in the middle: identity after sign-up, before the mailed code
 * is used, and the consumer inside the transaction that applies SurveyAnswered. After the restarts
 * nothing is lost (account, code, every outbox event relayed) and no event is applied twice. Then
 * identity is killed again in the middle of a burst of sign-ups: every account that was created gets
 * its code mail (mail leaves through the outbox).
 */
// Sign-ups in the burst come from distinct client addresses (X-Forwarded-For behind one trusted proxy).
process.env.TRUST_PROXY ??= '1';
const databaseUrl = requireEnv('DATABASE_URL');
const kafkaBrokers = requireEnv('KAFKA_BROKERS');
jest.setTimeout(240_000);

const run = randomUUID().replace(/-/g, '').slice(0, 8);
const prefix = `bm_e2e_${run}`;
const probeDatabase = `${prefix}_probe`;
const username = `dist${run}`;
const logs: string[] = [];
const figures: Record<string, unknown> = {};

const withDatabase = (name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function query<Row>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

// Mail: a real SMTP server in this process (smtp-server); identity's SmtpMailer delivers to it.
let smtp: SmtpCapture;

// Wire audit: every copy of identity's events on Kafka, seen by a consumer that never crashes.
const audit = KafkaEventBus.fromBrokerList(kafkaBrokers, {
  clientId: 'e2e-audit',
  consumer: fastConsumerTimings,
});
const wireCopies = new Map<string, number>();
const wireEvents = new Map<string, IntegrationEvent>();

/** One incarnation of the consumer service. */
class Probe {
  readonly delivered: { id: string; type: string }[] = [];
  hangingOn: string | undefined;
  joined = false;
  private readonly child: ChildProcess;
  private readonly exited: Promise<unknown>;

  constructor(extraEnv: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'projectionProbe.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: withDatabase(probeDatabase),
        KAFKA_BROKERS: kafkaBrokers,
        GROUP_ID: `e2e-probe-${run}`,
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
    readline
      .createInterface({ input: this.child.stderr! })
      .on('line', (line) => logs.push(`probe | ${line}`));
    readline.createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as {
        delivered?: string;
        type?: string;
        hanging?: string;
        joined?: boolean;
      };
      if (message.delivered) this.delivered.push({ id: message.delivered, type: message.type! });
      if (message.hanging) this.hangingOn = message.hanging;
      if (message.joined) this.joined = true;
    });
  }

  async kill() {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

let system: DistributedSystem | undefined;
let dataDir: string;
const probes: Probe[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await query(databaseUrl, `CREATE DATABASE ${probeDatabase}`);
  await audit.subscribe({
    groupId: `e2e-audit-${run}`,
    topics: ['identity'],
    handle: async (event) => {
      wireCopies.set(event.id, (wireCopies.get(event.id) ?? 0) + 1);
      wireEvents.set(event.id, event);
    },
  });

  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-distributed-'));
  system = await startDistributed({
    databaseUrl,
    kafkaBrokers,
    databasePrefix: prefix,
    dataDir,
    gatewayPort: 0,
    smtpUrl: smtp.url,
    logLevel: 'warn',
    onLog: (name, line) => logs.push(`${name} | ${line}`),
    // Seven processes compiling at once on two shared cores (distributedRun.ts says the same).
    readyTimeoutMs: 180_000,
  });
  figures.startMs = system.startMs;
  figures.readyMs = Object.fromEntries(Object.values(system.processes).map((p) => [p.name, p.readyMs]));
  figures.rssMiBAfterStart = rss();
  probes.push(new Probe({ HANG_FOR_USERNAME: username, HANG_ON_TYPE: 'identity.SurveyAnswered' }));
  await waitFor('the consumer service to join its group', () => probes[0]!.joined, 60_000);
});

afterAll(async () => {
  await Promise.all(probes.map((probe) => probe.kill()));
  await system?.stop();
  await audit.close();
  await smtp?.close();
  for (const name of [...['gateway', ...SERVICES].map((s) => `${prefix}_${s}`), probeDatabase]) {
    await query(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`distributed e2e figures: ${JSON.stringify(figures)}\n`);
});

function rss(): Partial<Record<ProcessName, number | undefined>> {
  return Object.fromEntries(Object.values(system!.processes).map((p) => [p.name, p.rssMiB()]));
}

async function mailedCode(email: string): Promise<string> {
  const mail = await smtp.waitFor(email, 30_000);
  const code = /^Your Beatmatch code: (\d{6})$/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`the first mail to ${email} is not a code mail: ${mail.subject}`);
  return code;
}

test('identity journey through the gateway on PostgreSQL + Kafka survives kill -9 of identity and of a consumer: nothing lost, nothing applied twice', async () => {
  const { processes } = system!;
  const identityDb = system!.databaseUrlOf('identity');
  const journeyStarted = Date.now();
  try {
    const client = new ApiClient(system!.url);
    const user = { username, email: `dist.${run}@example.com`, password: 'correct horse battery' };

    const visitor = await client.post<{ uuid: string }>('beatmatch_exclude');
    expect(visitor.status).toBe(200);
    expect((await client.post('beatmatch_signup', { ...user, ref: 'AMB-7', signedIn: false })).body).toEqual({
      response: 'success',
    });
    const code = await mailedCode(user.email);

    // 1. kill -9 identity after sign-up, before the code is used.
    const identity = processes.identity;
    const killedPid = identity.pid;
    const killedAt = Date.now();
    identity.kill('SIGKILL');
    const login = { email: user.email, password: user.password, uuid: visitor.body.uuid };
    const duringOutage = await client.post('beatmatch_login', { ...login, auth_code: code });
    figures.gatewayStatusWhileIdentityDown = duringOutage.status;
    expect(duringOutage.status).toBeGreaterThanOrEqual(500);
    await identity.waitReady({ previousPid: killedPid, timeoutMs: 120_000 });
    figures.identityRestartMs = Date.now() - killedAt;
    expect(identity.starts).toBe(2);

    // The account and the mailed code survived: the code logs in.
    expect((await client.post('beatmatch_login', login)).body).toMatchObject({
      response: 'authenticate',
      data: user.username,
    });
    expect((await client.post('beatmatch_login', { ...login, auth_code: code })).body.response).toBe(
      'survey',
    );

    // 2. The survey answer's event kills the consumer inside its projection transaction.
    const offer = await client.post('beatmatch_login', { ...login, producerArtistSurvey: 'artist' });
    expect(offer.body).toEqual({ response: 'artistSubs', data: user.username, isReferral: true });
    const firstProbe = probes[0]!;
    await waitFor('the consumer to take SurveyAnswered', () => firstProbe.hangingOn !== undefined, 30_000);
    await firstProbe.kill();
    const probeKilledAt = Date.now();
    const secondProbe = new Probe();
    probes.push(secondProbe);

    const me = await client.post<{ userName: string; email: string; userId: string }>('beatmatch_auth');
    expect(me.body).toMatchObject({ userName: user.username, email: user.email });
    const { userId } = me.body;
    expect((await client.post('beatmatch_logout')).status).toBe(200);
    const after = await client.post('beatmatch_auth');
    expect([after.status, after.body.message]).toEqual([401, 'User not authenticated']);
    figures.journeyMs = Date.now() - journeyStarted;
    // The gateway counted the journey's rate-limited calls in its own database, where every gateway
    // counts (SqlRateLimitStore), not in its memory.
    const counters = await query<{ key: string }>(
      system!.databaseUrlOf('gateway'),
      'SELECT key FROM gateway_rate_limits',
    );
    expect(counters.length).toBeGreaterThan(0);

    // 3. Every integration event identity recorded in its outbox, before and after its kill, was relayed...
    const expectedTypes = [
      'identity.UserRegistered',
      'identity.UserReferred',
      'identity.AccountVerified',
      'identity.SurveyAnswered',
      'identity.TrialOfferPresented',
      'identity.SessionsRevoked', // the logout
    ];
    const readOutbox = () =>
      query<{ event_id: string; type: string; sent: boolean }>(
        identityDb,
        `SELECT event->>'id' AS event_id, event->>'type' AS type, sent_at IS NOT NULL AS sent FROM identity.outbox
         WHERE message_key = $1 AND topic = 'identity' ORDER BY outbox.id`,
        [userId],
      );
    let outbox = await readOutbox();
    for (
      const deadline = Date.now() + 30_000;
      !(outbox.length === expectedTypes.length && outbox.every((row) => row.sent));
    ) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
      outbox = await readOutbox();
    }
    expect(outbox.map((row) => row.type)).toEqual(expectedTypes);
    expect(outbox.every((row) => row.sent)).toBe(true);
    const outboxIds = outbox.map((row) => row.event_id);
    const accounts = await query<{ n: number }>(
      identityDb,
      'SELECT count(*)::int AS n FROM identity.users WHERE email = $1',
      [user.email],
    );
    expect(accounts[0]!.n).toBe(1);

    // ...reached Kafka (events recorded after identity's restart had no crash in their way: one copy each)...
    await waitFor(
      "all of the user's events on Kafka",
      () => outboxIds.every((id) => wireCopies.has(id)),
      30_000,
    );
    figures.kafkaCopiesPerEvent = Object.fromEntries(
      outbox.map((row) => [row.type, wireCopies.get(row.event_id)]),
    );
    for (const row of outbox.slice(2)) expect(wireCopies.get(row.event_id)).toBe(1);
    for (const row of outbox.slice(0, 2)) expect(wireCopies.get(row.event_id)).toBeLessThanOrEqual(2);
    expect(wireEvents.get(outboxIds[0]!)).toMatchObject({
      type: 'identity.UserRegistered',
      version: 1,
      payload: { userId, username: user.username, email: user.email, referralCode: 'AMB-7' },
    });

    // ...and the consumer, killed mid-transaction, got SurveyAnswered again and applied each event id once.
    const surveyAnsweredId = outboxIds[3]!;
    expect(firstProbe.hangingOn).toBe(surveyAnsweredId);
    await waitFor(
      'the restarted consumer to apply everything',
      () => secondProbe.delivered.some((d) => d.id === outboxIds[4]),
      60_000,
    );
    figures.consumerRedeliveryMs = Date.now() - probeKilledAt;
    expect(secondProbe.delivered.map((d) => d.id)).toContain(surveyAnsweredId);
    const projected = await query<{ event_id: string; type: string }>(
      withDatabase(probeDatabase),
      'SELECT event_id, type FROM probe.user_events WHERE user_id = $1 ORDER BY applied',
      [userId],
    );
    expect(projected.map((row) => row.event_id)).toEqual(outboxIds);
    expect(projected.map((row) => row.type)).toEqual(expectedTypes);
    const deliveriesToConsumer = [...firstProbe.delivered, ...secondProbe.delivered].filter((d) =>
      outboxIds.includes(d.id),
    ).length;
    figures.consumerDeliveriesForFiveEvents = deliveriesToConsumer;
    expect(deliveriesToConsumer).toBeGreaterThan(outboxIds.length);
    figures.rssMiBAfterJourney = rss();
  } catch (error) {
    process.stderr.write(`--- process logs (last 80 lines) ---\n${logs.slice(-80).join('\n')}\n`);
    throw error;
  }
});

test('a burst of sign-ups around a kill -9 of identity: every account that was created gets its code', async () => {
  const identity = system!.processes.identity;
  const identityDb = system!.databaseUrlOf('identity');
  try {
    const burst = Array.from({ length: 16 }, (_, i) => ({
      username: `burst${run}${i}`,
      email: `burst.${run}.${i}@example.com`,
      password: 'correct horse battery',
    }));
    const replies = burst.map(async (user, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 60));
      const client = new ApiClient(system!.url, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      return client.post('beatmatch_signup', { ...user, signedIn: false }).catch(() => ({ status: 0 }));
    });
    // Kill once a few accounts are committed, with the rest of the burst still arriving or in flight.
    const committed = async () =>
      Number(
        (
          await query<{ n: string }>(
            identityDb,
            'SELECT count(*) AS n FROM identity.users WHERE email LIKE $1',
            [`burst.${run}.%`],
          )
        )[0]!.n,
      );
    const killDeadline = Date.now() + 30_000;
    while ((await committed()) < 4 && Date.now() < killDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const killedPid = identity.pid;
    identity.kill('SIGKILL');
    const statuses = (await Promise.all(replies)).map((reply) => reply.status);
    await identity.waitReady({ previousPid: killedPid, timeoutMs: 120_000 });

    const created = await query<{ email: string }>(
      identityDb,
      'SELECT email FROM identity.users WHERE email LIKE $1',
      [`burst.${run}.%`],
    );
    figures.burstAroundKill = {
      attempted: burst.length,
      answered200: statuses.filter((status) => status === 200).length,
      accountsCreated: created.length,
    };
    // Every sign-up answered 200 was committed; some in flight at the kill may have been too.
    expect(created.length).toBeGreaterThanOrEqual(statuses.filter((status) => status === 200).length);
    expect(created.length).toBeGreaterThanOrEqual(4);
    const mailedAt = Date.now();
    for (const { email } of created) {
      const mail = await smtp.waitFor(email, 120_000);
      expect(mail.subject).toMatch(/^Your Beatmatch code: \d{6}$/);
    }
    figures.burstAllCodesMailedMs = Date.now() - mailedAt;
  } catch (error) {
    process.stderr.write(`--- process logs (last 80 lines) ---\n${logs.slice(-80).join('\n')}\n`);
    throw error;
  }
});
