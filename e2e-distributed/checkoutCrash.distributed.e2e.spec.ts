import { Client } from 'pg';
import { CATALOG_TOPIC, integrationEvent } from '@beatmatch/contracts';
import { KafkaEventBus } from '@beatmatch/platform';
import { requireEnv, samplePublishedBeat, waitFor } from '@beatmatch/testing';
import { randomUUID } from 'node:crypto';
import {
  COMMERCE_RECORD_SQL,
  crashRounds,
  expectNothingWrong,
  findings,
  type CommerceRecord,
} from '../apps/embedded/src/checkoutBurst';
import { distributedRun } from './distributedRun';

/*
 * Issue 20 "Done when", distributed profile: the gateway and every service as their own processes on
 * PostgreSQL and Kafka; commerce is killed with SIGKILL at a random moment of a burst of checkouts in
 * each of ROUNDS rounds and its supervisor starts it again (the buyers, the burst and what is checked:
 * apps/embedded/src/checkoutBurst.ts). The beats reach commerce as the catalog's events on Kafka.
 */
// Each buyer comes from its own client address (X-Forwarded-For behind one trusted proxy).
process.env.TRUST_PROXY ??= '1';
const kafkaBrokers = requireEnv('KAFKA_BROKERS');
const ROUNDS = 10;
const BUYERS_PER_ROUND = 4;
jest.setTimeout(900_000);

const distributed = distributedRun('checkout');
const producerId = randomUUID();
const beats = [1, 2, 3].map((n) =>
  samplePublishedBeat({ beatId: randomUUID(), producerId, name: `Distributed Crash Beat ${n}` }),
);

async function query<Row>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

beforeAll(() =>
  distributed.logsOnFailure(async () => {
    const bus = KafkaEventBus.fromBrokerList(kafkaBrokers, {
      clientId: `checkout-crash-${distributed.run}`,
      topicPrefix: distributed.topicPrefix,
    });
    try {
      for (const beat of beats)
        await bus.publish(CATALOG_TOPIC, [
          { key: beat.beatId, event: integrationEvent('catalog.BeatPublished', 1, beat, new Date()) },
        ]);
    } finally {
      await bus.close();
    }
    const commerceDb = distributed.system().databaseUrlOf('commerce');
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
      180_000,
    );
  }),
);

test(`${ROUNDS} rounds of kill -9 of commerce during checkout bursts: 0 duplicate purchases, 0 paid items in carts, 0 lost purchases`, () =>
  distributed.logsOnFailure(async () => {
    const system = distributed.system();
    const commerce = system.processes.commerce;
    const buyers = await crashRounds({
      rounds: ROUNDS,
      buyersPerRound: BUYERS_PER_ROUND,
      url: system.url,
      beats: beats.map((beat) => beat.beatId),
      crash: async () => {
        const killed = commerce.pid;
        commerce.kill('SIGKILL');
        await commerce.waitReady({ previousPid: killed, timeoutMs: 180_000 });
      },
    });
    const commerceDb = system.databaseUrlOf('commerce');
    const record = Object.fromEntries(
      await Promise.all(
        Object.entries(COMMERCE_RECORD_SQL).map(async ([name, sql]) => [name, await query(commerceDb, sql)]),
      ),
    ) as unknown as CommerceRecord;
    const found = await findings(buyers, record);
    expectNothingWrong(found);
    expect(distributed.unexpectedExits('commerce')).toEqual([]);
    expect(commerce.starts).toBe(ROUNDS + 1);
  }));
