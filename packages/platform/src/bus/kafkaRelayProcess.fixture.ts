/**
 * An outbox-relay process for relay.kafka.int.spec.ts: it relays one batch of SCHEMA's outbox to Kafka
 * and, once Kafka has acknowledged the batch, stops before marking the rows sent and waits to be
 * killed (kill -9) — the window in which a real relay can die.
 */
import { openPostgres } from '../sql/postgres';
import { createLogger } from '../logging/logger';
import { OutboxRelay } from '../outbox/relay';
import type { EventBus } from './port';
import { KafkaEventBus } from './kafka';

const { KAFKA_BROKERS, DATABASE_URL, SCHEMA } = process.env;
if (!KAFKA_BROKERS || !DATABASE_URL || !SCHEMA)
  throw new Error('KAFKA_BROKERS, DATABASE_URL and SCHEMA are required');

const kafka = KafkaEventBus.fromBrokerList(KAFKA_BROKERS, { clientId: 'dying-relay' });
const diesAfterPublish: EventBus = {
  publish: async (topic, messages) => {
    await kafka.publish(topic, messages);
    process.stdout.write(`${JSON.stringify({ published: messages.map((m) => m.event.id) })}\n`);
    await new Promise(() => undefined);
  },
  subscribe: (options) => kafka.subscribe(options),
  close: () => kafka.close(),
};
const db = openPostgres(DATABASE_URL);
void new OutboxRelay(db, SCHEMA, diesAfterPublish, createLogger('dying-relay', 'warn')).relayBatch();
