import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { CATALOG_TOPIC, integrationEvent } from '@beatmatch/contracts';
import { KafkaEventBus } from '@beatmatch/platform';
import { requireEnv, samplePublishedBeat, waitFor } from '@beatmatch/testing';
import {
  COMMERCE_RECORD_SQL,
  crashRounds,
  findings,
  type CommerceRecord,
} from '../apps/embedded/src/checkoutBurst';
import { SERVICES, startDistributed, type DistributedSystem } from '../scripts/start-distributed';

/*
 * Issue 20 "Done when", distributed profile: the gateway and every service as their own processes on
 * PostgreSQL and Kafka; commerce is killed with SIGKILL at a random moment of a burst of checkouts in
 * each of ROUNDS rounds and its supervisor starts it again (the buyers, the burst and what is checked:
 * apps/embedded/src/checkoutBurst.ts). The beats reach commerce as the catalog's events on Kafka.
 */
// Each buyer comes from its own client address (X-Forwarded-For behind one trusted proxy).
process.env.TRUST_PROXY ??= '1';
const databaseUrl = requireEnv('DATABASE_URL');
const kafkaBrokers = requireEnv('KAFKA_BROKERS');
const ROUNDS = 10;
const BUYERS_PER_ROUND = 4;
jest.setTimeout(900_000);

const prefix = `bm_e2e_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const producerId = randomUUID();
const beats = [1, 2, 3].map((n) =>
  samplePublishedBeat({ beatId: randomUUID(), producerId, name: `Distributed Crash Beat ${n}` }),
);
const logs: string[] = [];
let dataDir: string | undefined;
let system: DistributedSystem | undefined;

async function query<Row>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-distributed-checkout-'));
  system = await startDistributed({
    databaseUrl,
    kafkaBrokers,
    databasePrefix: prefix,
    dataDir,
    gatewayPort: 0,
    logLevel: 'warn',
    onLog: (name, line) => logs.push(`${name} | ${line}`),
  });
  const bus = KafkaEventBus.fromBrokerList(kafkaBrokers, { clientId: `checkout-crash-${prefix}` });
  try {
    for (const beat of beats)
      await bus.publish(CATALOG_TOPIC, [
        { key: beat.beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
      ]);
  } finally {
    await bus.close();
  }
  const commerceDb = system.databaseUrlOf('commerce');
  await waitFor(
    'the beats in commerce',
    async () => {
      const rows = await query<{ n: string }>(
        commerceDb,
        'SELECT count(*) AS n FROM commerce.beats WHERE beat_id = ANY($1::text[])',
        [beats.map((beat) => beat.beatId)],
      );
      return Number(rows[0]!.n) === beats.length;
    },
    60_000,
  );
});

afterAll(async () => {
  await system?.stop();
  for (const name of ['gateway', ...SERVICES].map((service) => `${prefix}_${service}`))
    await query(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test(`${ROUNDS} rounds of kill -9 of commerce during checkout bursts: 0 duplicate purchases, 0 paid items in carts, 0 lost purchases`, async () => {
  const commerce = system!.processes.commerce;
  const buyers = await crashRounds({
    rounds: ROUNDS,
    buyersPerRound: BUYERS_PER_ROUND,
    url: system!.url,
    beats: beats.map((beat) => beat.beatId),
    crash: async () => {
      const killed = commerce.pid;
      commerce.kill('SIGKILL');
      await commerce.waitReady({ previousPid: killed, timeoutMs: 120_000 });
    },
  });
  const commerceDb = system!.databaseUrlOf('commerce');
  const record = Object.fromEntries(
    await Promise.all(
      Object.entries(COMMERCE_RECORD_SQL).map(async ([name, sql]) => [name, await query(commerceDb, sql)]),
    ),
  ) as unknown as CommerceRecord;
  const found = await findings(buyers, record);
  expect(found).toEqual({
    duplicatePurchases: [],
    paidInCarts: [],
    lostPurchases: [],
    unsettledPayments: [],
    confirmedPayments: expect.any(Number),
  });
  // A payment whose answer died with the process is confirmed by nobody, yet bought (lostPurchases).
  expect(found.confirmedPayments).toBeGreaterThan(0);
  expect(commerce.starts).toBe(ROUNDS + 1);
});
