/**
 * Figures for the Kafka bus adapter on the local broker (not a test; prints and exits):
 *   npm run bench:kafka -- [events=20000] [batch=500]   (tsx bench/kafka/run.ts)
 * publish throughput (idempotent producer, acks=all), consume throughput of one consumer through the
 * adapter (eachMessage, offsets committed after handling), publish→handle latency one at a time, and
 * (with DATABASE_URL) the outbox relay's throughput from PostgreSQL to Kafka.
 */
import { randomUUID } from 'node:crypto';
import {
  createLogger,
  KafkaEventBus,
  OutboxRelay,
  openPostgres,
  PostgresEventStore,
} from '@beatmatch/platform';
import {
  brokersFromEnv,
  deleteRunTopics,
  fastConsumerTimings,
  testEvent,
  uniqueName,
} from '@beatmatch/testing';

const total = Number(process.argv[2] ?? 20_000);
const batchSize = Number(process.argv[3] ?? 500);
const latencySamples = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const brokers = brokersFromEnv();
  const bus = new KafkaEventBus({ brokers, clientId: 'bench', consumer: fastConsumerTimings });
  const topic = uniqueName('bench.throughput');
  const padding = 'x'.repeat(200);
  const messages = Array.from({ length: total }, (_, i) => ({
    key: `user-${i % 64}`,
    event: testEvent('BenchEventHappened', { seq: i, padding }),
  }));
  const bytes = messages.reduce((sum, m) => sum + JSON.stringify(m.event).length, 0);
  await bus.ensureTopics([topic]);
  await bus.publish(topic, [messages[0]!]); // connect the producer outside the measurement

  const started = performance.now();
  for (let i = 1; i < total; i += batchSize) await bus.publish(topic, messages.slice(i, i + batchSize));
  const publishMs = performance.now() - started;

  let handled = 0;
  let firstAt = 0;
  let done!: () => void;
  const allHandled = new Promise<void>((resolve) => (done = resolve));
  await bus.subscribe({
    groupId: uniqueName('bench.g'),
    topics: [topic],
    handle: async () => {
      if (handled === 0) firstAt = performance.now();
      if (++handled === total) done();
    },
  });
  await allHandled;
  const consumeMs = performance.now() - firstAt;

  const latencyTopic = uniqueName('bench.latency');
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let next!: () => void;
  await bus.subscribe({
    groupId: uniqueName('bench.l'),
    topics: [latencyTopic],
    fromBeginning: true,
    handle: async (event) => {
      const at = sentAt.get(event.id);
      if (at !== undefined) latencies.push(performance.now() - at);
      next?.();
    },
  });
  for (let i = 0; i < latencySamples; i++) {
    const event = testEvent('BenchPing', { i });
    const arrived = new Promise<void>((resolve) => (next = resolve));
    sentAt.set(event.id, performance.now());
    await bus.publish(latencyTopic, [{ key: 'ping', event }]);
    await arrived;
  }
  const relay = process.env.DATABASE_URL ? await relayFigures(bus) : undefined;
  await bus.close();
  await deleteRunTopics(brokers);
  latencies.sort((a, b) => a - b);

  const round = (n: number) => Math.round(n);
  console.log(
    `Kafka bus adapter on ${brokers.join(',')}: ${total} events of ~${round(bytes / total)} B, publish batches of ${batchSize}`,
  );
  console.log(
    `  publish  ${round((total - 1) / (publishMs / 1000))} events/s  (${(bytes / 1024 / 1024 / (publishMs / 1000)).toFixed(1)} MiB/s, ${round(publishMs)} ms)`,
  );
  console.log(
    `  consume  ${round(total / (consumeMs / 1000))} events/s  (one consumer, first to last message ${round(consumeMs)} ms)`,
  );
  console.log(
    `  publish→handle latency (one at a time, ${latencySamples} samples): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  if (relay) {
    console.log(
      `  outbox relay PostgreSQL→Kafka  ${round(relay.events / (relay.ms / 1000))} events/s  (${relay.events} outbox rows, batches of ${relay.batchSize}, ${round(relay.ms)} ms)`,
    );
  }
}

/** Outbox rows written by the event store, relayed to Kafka and marked sent, batch by batch. */
async function relayFigures(bus: KafkaEventBus) {
  const db = openPostgres(process.env.DATABASE_URL!);
  const schema = `bench_relay_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const store = new PostgresEventStore(db, schema);
  const topic = uniqueName('bench.relay');
  const events = 5_000;
  const batchSize = 100;
  try {
    await store.migrate();
    for (let stream = 0; stream < events / 100; stream++) {
      await store.appendToStream(`bench:${stream}`, [{ type: 'Benched', data: {} }], {
        expectedVersion: 0,
        outbox: {
          topic,
          messages: Array.from({ length: 100 }, (_, i) => ({
            key: `bench:${stream}`,
            event: testEvent('BenchRelayed', { stream, i }),
          })),
        },
      });
    }
    await bus.ensureTopics([topic]);
    const relay = new OutboxRelay(db, schema, bus, createLogger('bench', 'warn'), { batchSize });
    const started = performance.now();
    await relay.kick();
    const ms = performance.now() - started;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE sent_at IS NULL`,
    );
    if (rows[0]!.n !== 0) throw new Error(`${rows[0]!.n} outbox rows left unsent`);
    return { events, ms, batchSize };
  } finally {
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
