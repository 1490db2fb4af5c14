/**
 * A consumer process for the redelivery test: it handles HANDLE_COUNT events, prints each id, then
 * hangs inside the handler of the next one so the test can kill -9 it mid-batch. Offsets are committed
 * only every minute, so nothing it handled is committed when it dies.
 */
import { KafkaEventBus } from './kafka';
import { fastConsumerTimings } from '@beatmatch/testing';

const { KAFKA_BROKERS, TOPIC, GROUP_ID, HANDLE_COUNT } = process.env;
if (!KAFKA_BROKERS || !TOPIC || !GROUP_ID || !HANDLE_COUNT)
  throw new Error('KAFKA_BROKERS, TOPIC, GROUP_ID and HANDLE_COUNT are required');

const bus = KafkaEventBus.fromBrokerList(KAFKA_BROKERS, {
  clientId: 'crashing-consumer',
  consumer: { ...fastConsumerTimings, autoCommitIntervalMs: 60_000 },
});
let handled = 0;
void bus
  .subscribe({
    groupId: GROUP_ID,
    topics: [TOPIC],
    handle: async (event) => {
      if (handled >= Number(HANDLE_COUNT)) {
        process.stdout.write(`${JSON.stringify({ hanging: event.id })}\n`);
        await new Promise(() => undefined);
      }
      handled++;
      process.stdout.write(`${JSON.stringify({ handled: event.id })}\n`);
    },
  })
  .then(() => process.stdout.write(`${JSON.stringify({ joined: true })}\n`));
