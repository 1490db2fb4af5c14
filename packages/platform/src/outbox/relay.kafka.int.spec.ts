import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { KafkaEventBus } from '../bus/kafka';
import {
  brokersFromEnv,
  deleteRunTopics,
  fastConsumerTimings,
  requireEnv,
  testEvent,
  uniqueName,
  waitFor,
} from '@beatmatch/testing';
import { idempotent, processedEventsSchema } from '../consumers/idempotent';
import { PostgresEventStore } from '../eventstore/postgres';
import { createLogger } from '../logging/logger';
import { openPostgres } from '../sql/postgres';
import type { SqlDatabase } from '../sql/port';
import { OutboxRelay } from './relay';

/*
 * Issue 2: the event store + outbox + Kafka relay against a real PostgreSQL (DATABASE_URL) and a real
 * Kafka (KAFKA_BROKERS). A relay process is killed (-9) after Kafka took a batch and before the rows
 * were marked sent; the next relay sends them again (at-least-once) and the consumer's dedupe by event
 * id makes the effect exactly-once.
 */
const brokers = brokersFromEnv();
const databaseUrl = requireEnv('DATABASE_URL');
jest.setTimeout(60_000);

const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
const producerSchema = `relay_producer_${suffix}`;
const consumerSchema = `relay_consumer_${suffix}`;
let db: SqlDatabase;
const buses: KafkaEventBus[] = [];
const newBus = (clientId: string) => {
  const bus = new KafkaEventBus({ brokers, clientId, consumer: fastConsumerTimings });
  buses.push(bus);
  return bus;
};

beforeAll(async () => {
  db = openPostgres(databaseUrl);
  const store = new PostgresEventStore(db, producerSchema);
  await store.migrate();
  await db.exec(`${processedEventsSchema(consumerSchema)}
    CREATE TABLE ${consumerSchema}.effects (applied bigserial PRIMARY KEY, event_id text NOT NULL, stream text NOT NULL, seq integer NOT NULL);`);
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await deleteRunTopics(brokers);
  await db.exec(
    `DROP SCHEMA IF EXISTS ${producerSchema} CASCADE; DROP SCHEMA IF EXISTS ${consumerSchema} CASCADE;`,
  );
  await db.close();
});

test('events appended with their outbox rows reach a Kafka consumer exactly once in effect, even when the relay is killed between publish and mark-as-sent', async () => {
  const topic = uniqueName('relay.kafka');
  const store = new PostgresEventStore(db, producerSchema);

  // 1. Commands on three streams: domain events and their integration events in one transaction each.
  const streams = ['beat:a', 'beat:b', 'beat:c'];
  const published: { stream: string; id: string; seq: number }[] = [];
  for (let seq = 0; seq < 4; seq++) {
    for (const stream of streams) {
      const event = testEvent('BeatPriced', { stream, seq });
      await store.appendToStream(stream, [{ type: 'Priced', data: { seq } }], {
        expectedVersion: seq,
        outbox: { topic, messages: [{ key: stream, event }] },
      });
      published.push({ stream, id: event.id, seq });
    }
  }
  const unsent = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${producerSchema}.outbox WHERE sent_at IS NULL`,
      )
    ).rows[0]!.n;
  expect(await unsent()).toBe(12);

  // 2. A consumer service: its own schema, effects applied through the idempotent consumer.
  const deliveries = new Map<string, number>();
  const apply = idempotent(db, consumerSchema, 'beat-prices', async (event, tx) => {
    const { stream, seq } = event.payload as { stream: string; seq: number };
    await tx.query(`INSERT INTO ${consumerSchema}.effects (event_id, stream, seq) VALUES ($1, $2, $3)`, [
      event.id,
      stream,
      seq,
    ]);
  });
  await newBus('consumer').subscribe({
    groupId: uniqueName('g.relay'),
    topics: [topic],
    handle: async (event, context) => {
      deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1);
      await apply(event, context);
    },
  });

  // 3. A relay process publishes the batch, then is killed before it marks the rows sent.
  const relayProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../test/fixtures/kafkaRelayProcess.ts')],
    {
      env: {
        ...process.env,
        KAFKA_BROKERS: brokers.join(','),
        DATABASE_URL: databaseUrl,
        SCHEMA: producerSchema,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => relayProcess.once('exit', resolve));
  let relayedByDyingRelay: string[] = [];
  try {
    readline.createInterface({ input: relayProcess.stdout! }).on('line', (line) => {
      relayedByDyingRelay = (JSON.parse(line) as { published: string[] }).published;
    });
    await waitFor('the relay process to publish its batch', () => relayedByDyingRelay.length > 0, 40_000);
  } finally {
    relayProcess.kill('SIGKILL');
    await exited;
  }
  expect(relayedByDyingRelay.sort()).toEqual(published.map((p) => p.id).sort());
  await waitFor('the consumer to apply the first delivery of all 12', () => deliveries.size === 12);
  expect(await unsent()).toBe(12); // the relay died before marking anything sent

  // 4. The next relay (after a restart) sends the unsent rows again.
  const relay = new OutboxRelay(db, producerSchema, newBus('relay'), createLogger('relay', 'warn'));
  await relay.kick();
  expect(await unsent()).toBe(0);
  await waitFor(
    'every event delivered twice',
    () => [...deliveries.values()].every((n) => n === 2) && deliveries.size === 12,
  );

  // At-least-once on the wire, exactly-once in effect, in stream order.
  const { rows } = await db.query<{ event_id: string; stream: string; seq: number }>(
    `SELECT event_id, stream, seq FROM ${consumerSchema}.effects ORDER BY applied`,
  );
  expect(rows.map((r) => r.event_id).sort()).toEqual(published.map((p) => p.id).sort());
  for (const stream of streams) {
    expect(rows.filter((r) => r.stream === stream).map((r) => r.seq)).toEqual([0, 1, 2, 3]);
  }
  const { rows: marks } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${consumerSchema}.processed_events`,
  );
  expect(marks[0]!.n).toBe(12);
});
