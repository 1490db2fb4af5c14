import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { idempotent, processedEventsSchema } from '../consumers/idempotent';
import { openPglite } from '../sql/pglite';
import { KAFKA_HEADERS, KafkaEventBus, type KafkaEventBusOptions } from './kafka';
import type { DeliveryContext, Subscription } from './port';
import {
  brokersFromEnv,
  deleteRunTopics,
  fastConsumerTimings,
  testEvent,
  uniqueName,
  waitFor,
  waitForCommittedEnd,
} from '@beatmatch/testing';

/*
 * Contract tests of the Kafka bus adapter against a real broker (KAFKA_BROKERS, from deploy/local/up).
 * Every test uses its own topics and consumer groups, so runs never see each other's offsets.
 */
const brokers = brokersFromEnv();
jest.setTimeout(60_000);

const buses: KafkaEventBus[] = [];
function newBus(overrides: Partial<KafkaEventBusOptions> = {}): KafkaEventBus {
  const bus = new KafkaEventBus({
    brokers,
    clientId: 'contract-test',
    consumer: fastConsumerTimings,
    ...overrides,
  });
  buses.push(bus);
  return bus;
}
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});
afterAll(() => deleteRunTopics(brokers));

interface Received {
  event: IntegrationEvent;
  context: DeliveryContext;
}

function collector() {
  const received: Received[] = [];
  return {
    received,
    ids: () => received.map(({ event }) => event.id),
    handle: async (event: IntegrationEvent, context: DeliveryContext) =>
      void received.push({ event, context }),
  };
}

/** n events per key, payload.seq counting up within each key. */
function keyedEvents(keys: string[], perKey: number) {
  return keys.flatMap((key) =>
    Array.from({ length: perKey }, (_, seq) => ({
      key,
      event: testEvent('TestEventHappened', { key, seq }),
    })),
  );
}

test('a published event arrives with its envelope intact, and events of one key stay in order', async () => {
  const topic = uniqueName('contract.roundtrip');
  const bus = newBus();
  const sink = collector();
  await bus.subscribe({ groupId: uniqueName('g'), topics: [topic], handle: sink.handle });

  const keys = ['stream-a', 'stream-b', 'stream-c', 'stream-d'];
  const messages = keyedEvents(keys, 25);
  // Several publishes interleaving keys, as several commands would.
  for (let i = 0; i < messages.length; i += 10) await bus.publish(topic, messages.slice(i, i + 10));

  await waitFor('all 100 events', () => sink.received.length >= 100);
  const byId = new Map(sink.received.map((r) => [r.event.id, r]));
  for (const { event } of messages) expect(byId.get(event.id)?.event).toEqual(event);
  for (const key of keys) {
    const seqs = sink.received
      .filter((r) => (r.event.payload as { key: string }).key === key)
      .map((r) => (r.event.payload as { seq: number }).seq);
    expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => i));
    // One key, one partition.
    expect(
      new Set(
        sink.received
          .filter((r) => (r.event.payload as { key: string }).key === key)
          .map((r) => r.context.partition),
      ).size,
    ).toBe(1);
  }
  expect(sink.received[0]!.context.topic).toBe(topic);
  expect(sink.received.length).toBe(100);
});

test('the message key and the event id/type/version headers are on the wire for other Kafka clients', async () => {
  const topic = uniqueName('contract.headers');
  const bus = newBus();
  const event = testEvent('UserRegistered', { userId: 'u-1' });
  await bus.publish(topic, [{ key: 'user:u-1', event }]);

  const raw = new Kafka({ brokers, clientId: 'raw-reader', logLevel: logLevel.NOTHING }).consumer({
    groupId: uniqueName('raw'),
    ...{ sessionTimeout: 6_000, heartbeatInterval: 500, maxWaitTimeInMs: 100 },
  });
  const seen: { key?: string; headers: Record<string, string>; value: unknown }[] = [];
  try {
    await raw.connect();
    await raw.subscribe({ topic, fromBeginning: true });
    await raw.run({
      eachMessage: async ({ message }) => {
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
        );
        seen.push({ key: message.key?.toString(), headers, value: JSON.parse(message.value!.toString()) });
      },
    });
    await waitFor('the raw message', () => seen.length === 1);
  } finally {
    await raw.disconnect();
  }
  expect(seen[0]).toEqual({
    key: 'user:u-1',
    headers: {
      [KAFKA_HEADERS.eventId]: event.id,
      [KAFKA_HEADERS.eventType]: 'UserRegistered',
      [KAFKA_HEADERS.eventVersion]: '1',
      [KAFKA_HEADERS.contentType]: 'application/json',
    },
    value: event,
  });
});

test('consumers of one group share the partitions (each event handled once by the group); another group gets every event', async () => {
  const topic = uniqueName('contract.groups');
  const sharedGroup = uniqueName('g.shared');
  const first = collector();
  const second = collector();
  const other = collector();
  await newBus().subscribe({ groupId: sharedGroup, topics: [topic], handle: first.handle });
  await newBus().subscribe({ groupId: sharedGroup, topics: [topic], handle: second.handle });
  const otherGroup = uniqueName('g.other');
  await newBus().subscribe({ groupId: otherGroup, topics: [topic], handle: other.handle });

  const messages = keyedEvents(
    Array.from({ length: 30 }, (_, i) => `user-${i}`),
    2,
  );
  await newBus().publish(topic, messages);

  await waitFor(
    'the shared group to handle 60 events',
    () => first.received.length + second.received.length >= 60,
  );
  await waitFor('the other group to handle 60 events', () => other.received.length >= 60);
  // Once both groups have committed to the end, nothing of the topic can be delivered to them again:
  // a wrongly duplicated delivery would already be counted.
  await waitForCommittedEnd(brokers, sharedGroup, topic);
  await waitForCommittedEnd(brokers, otherGroup, topic);

  const sharedIds = [...first.ids(), ...second.ids()];
  expect(sharedIds.length).toBe(60);
  expect(new Set(sharedIds)).toEqual(new Set(messages.map((m) => m.event.id)));
  // Both members did work, on disjoint partitions.
  expect(first.received.length).toBeGreaterThan(0);
  expect(second.received.length).toBeGreaterThan(0);
  const firstPartitions = new Set(first.received.map((r) => r.context.partition));
  for (const r of second.received) expect(firstPartitions.has(r.context.partition)).toBe(false);
  expect(other.ids().sort()).toEqual(messages.map((m) => m.event.id).sort());
});

test('services that start together all subscribe to the same new topics (a topic another bus created a moment ago is waited for)', async () => {
  // As the distributed profile's services do at start: several buses create and subscribe to the same
  // new topics at once. The ones whose createTopics answers "already exists" must not subscribe before
  // the broker serves the topic (UNKNOWN_TOPIC_OR_PARTITION; on a loaded machine about half of them did).
  for (let round = 0; round < 5; round++) {
    const topics = [1, 2, 3].map(() => uniqueName('contract.together'));
    const started = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        newBus().subscribe({
          groupId: uniqueName('g.together'),
          topics,
          handle: async () => undefined,
        }),
      ),
    );
    expect(
      started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
    ).toEqual([]);
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  }
});

test('a consumer that dies mid-batch without committing: its replacement in the group gets the uncommitted events again', async () => {
  const topic = uniqueName('contract.crash');
  const groupId = uniqueName('g.crash');
  // One partition: all 20 events arrive in one batch, so the crash is mid-batch.
  const bus = newBus({ topicDefaults: { numPartitions: 1 } });
  const messages = keyedEvents(['k'], 20);
  await bus.publish(topic, messages);

  const firstHandled: string[] = [];
  let hangingOn: string | undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    // node itself (not the tsx CLI, which would leave its node child running after kill -9).
    ['--import', 'tsx', path.join(__dirname, '../../test/fixtures/kafkaCrashingConsumer.ts')],
    {
      env: {
        ...process.env,
        KAFKA_BROKERS: brokers.join(','),
        TOPIC: topic,
        GROUP_ID: groupId,
        HANDLE_COUNT: '5',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const parsed = JSON.parse(line) as { handled?: string; hanging?: string };
      if (parsed.handled) firstHandled.push(parsed.handled);
      if (parsed.hanging) hangingOn = parsed.hanging;
    });
    await waitFor(
      'the first consumer to handle 5 events and hang on the 6th',
      () => hangingOn !== undefined,
      40_000,
    );
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  expect(firstHandled).toEqual(messages.slice(0, 5).map((m) => m.event.id));

  // Nothing was committed by the dead consumer...
  const admin = new Kafka({ brokers, clientId: 'offsets-reader', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
  await admin.disconnect();
  expect(committed!.partitions[0]!.offset).toBe('-1');

  // ...so its replacement (joining once the dead member's session expired) gets all 20 again,
  // including the 5 already handled and the one it died on: at-least-once.
  const replacement = collector();
  await newBus().subscribe({ groupId, topics: [topic], handle: replacement.handle });
  await waitFor('the replacement to handle 20 events', () => replacement.received.length >= 20, 30_000);
  expect(replacement.ids()).toEqual(messages.map((m) => m.event.id));
  expect(replacement.ids()).toContain(hangingOn);
});

test('stop() commits what was handled: the next consumer of the group continues after it, without repeats', async () => {
  const topic = uniqueName('contract.stop');
  const groupId = uniqueName('g.stop');
  const bus = newBus();
  const firstBatch = keyedEvents(['a', 'b', 'c'], 5);
  await bus.publish(topic, firstBatch);
  const first = collector();
  const subscription: Subscription = await newBus().subscribe({
    groupId,
    topics: [topic],
    handle: first.handle,
  });
  await waitFor('15 events', () => first.received.length >= 15);
  await subscription.stop();

  const secondBatch = keyedEvents(['a', 'b', 'c'], 5);
  await bus.publish(topic, secondBatch);
  const next = collector();
  await newBus().subscribe({ groupId, topics: [topic], handle: next.handle });
  await waitFor('the 15 new events', () => next.received.length >= 15);
  await waitForCommittedEnd(brokers, groupId, topic); // no repeat can arrive after this
  expect(next.ids().sort()).toEqual(secondBatch.map((m) => m.event.id).sort());
});

test('a failing handler is retried with backoff and its partition waits: nothing is skipped, order holds', async () => {
  const topic = uniqueName('contract.retry');
  const bus = newBus({ handlerRetry: { initialBackoffMs: 50 } });
  const messages = keyedEvents(['only-key'], 6);
  const attempts = new Map<string, number>();
  const handled: number[] = [];
  await bus.subscribe({
    groupId: uniqueName('g.retry'),
    topics: [topic],
    handle: async (event) => {
      const seq = (event.payload as { seq: number }).seq;
      attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
      if (seq === 2 && attempts.get(event.id)! < 3) throw new Error('projection store unavailable');
      handled.push(seq);
    },
  });
  await bus.publish(topic, messages);
  await waitFor('all 6 handled', () => handled.length >= 6);
  expect(handled).toEqual([0, 1, 2, 3, 4, 5]);
  expect(attempts.get(messages[2]!.event.id)).toBe(3);
});

test('stop() while a handler keeps failing returns promptly and leaves the event for the next consumer of the group', async () => {
  const topic = uniqueName('contract.stop-retrying');
  const groupId = uniqueName('g.stop-retrying');
  const bus = newBus({ handlerRetry: { initialBackoffMs: 50, maxBackoffMs: 200 } });
  const [stuck] = keyedEvents(['k'], 1);
  let attempts = 0;
  const failing = await bus.subscribe({
    groupId,
    topics: [topic],
    handle: async () => {
      attempts++;
      throw new Error('downstream unavailable');
    },
  });
  await bus.publish(topic, [stuck!]);
  await waitFor('a few failed attempts', () => attempts >= 3);
  const stopStarted = Date.now();
  await failing.stop();
  expect(Date.now() - stopStarted).toBeLessThan(5_000);

  const next = collector();
  await newBus().subscribe({ groupId, topics: [topic], handle: next.handle });
  await waitFor('the event at the next consumer', () => next.received.length >= 1);
  expect(next.ids()).toEqual([stuck!.event.id]);
});

test('a message that keeps failing, or is no envelope at all, goes to the group dead-letter topic and the partition moves on', async () => {
  const topic = uniqueName('contract.dlq');
  const groupId = uniqueName('g.dlq');
  const bus = newBus({ handlerRetry: { initialBackoffMs: 20, deadLetterAfterAttempts: 3 } });
  const [poison, after] = keyedEvents(['k'], 2);
  const handled: string[] = [];
  await bus.subscribe({
    groupId,
    topics: [topic],
    handle: async (event) => {
      if (event.id === poison!.event.id) throw new Error('cannot apply this event');
      handled.push(event.id);
    },
  });
  const deadLetters = collector();
  const rawDeadLetters: string[] = [];
  await newBus().subscribe({
    groupId: uniqueName('g.dlq-reader'),
    topics: [`${groupId}.dead-letter`],
    handle: deadLetters.handle,
  });

  // A foreign producer writes something that is not an integration event.
  const rawProducer = new Kafka({ brokers, clientId: 'raw-writer', logLevel: logLevel.NOTHING }).producer();
  await rawProducer.connect();
  await rawProducer.send({ topic, messages: [{ key: 'k', value: 'not json' }] });
  await rawProducer.disconnect();
  await bus.publish(topic, [poison!, after!]);

  await waitFor('the event after the poison one', () => handled.length === 1);
  expect(handled).toEqual([after!.event.id]);
  await waitFor('the poison event on the dead-letter topic', () => deadLetters.received.length >= 1);
  expect(deadLetters.ids()).toEqual([poison!.event.id]);

  const raw = new Kafka({ brokers, clientId: 'raw-dlq', logLevel: logLevel.NOTHING }).consumer({
    groupId: uniqueName('raw'),
    sessionTimeout: 6_000,
    heartbeatInterval: 500,
    maxWaitTimeInMs: 100,
  });
  await raw.connect();
  await raw.subscribe({ topic: `${groupId}.dead-letter`, fromBeginning: true });
  const errors: string[] = [];
  await raw.run({
    eachMessage: async ({ message }) => {
      rawDeadLetters.push(message.value?.toString() ?? '');
      errors.push(String(message.headers?.[KAFKA_HEADERS.error]));
    },
  });
  await waitFor('both dead letters', () => rawDeadLetters.length >= 2);
  await raw.disconnect();
  expect(rawDeadLetters).toContain('not json');
  expect(errors).toContain('cannot apply this event');
});

test('a publish while Kafka is unreachable fails (the outbox keeps its rows), and the same bus publishes once Kafka is back', async () => {
  // The bus bootstraps through this port: closed at first, then forwarding to the real broker.
  const gate = net.createServer();
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const port = (gate.address() as net.AddressInfo).port;
  await new Promise((resolve) => gate.close(resolve));
  const [host, brokerPort] = brokers[0]!.split(':');
  const bus = newBus({
    brokers: [`127.0.0.1:${port}`],
    connectionRetry: { retries: 1, initialRetryTimeMs: 50 },
    kafkaLogLevel: 'error',
  });
  const topic = uniqueName('contract.unreachable');
  const [first, second] = keyedEvents(['k'], 2);
  await expect(bus.publish(topic, [first!])).rejects.toThrow(/ECONNREFUSED|Connection error/);

  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(brokerPort), host);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  try {
    await bus.publish(topic, [first!, second!]);
    const sink = collector();
    await newBus().subscribe({ groupId: uniqueName('g.unreachable'), topics: [topic], handle: sink.handle });
    await waitFor('both events', () => sink.received.length >= 2);
    expect(sink.ids()).toEqual([first!.event.id, second!.event.id]);
  } finally {
    await bus.close();
    await new Promise((resolve) => proxy.close(resolve));
  }
});

test('the same event delivered twice takes effect once through the idempotent consumer', async () => {
  const topic = uniqueName('contract.dupes');
  const db = await openPglite();
  try {
    await db.exec(`${processedEventsSchema('projection')}
      CREATE TABLE IF NOT EXISTS projection.registrations (user_id text PRIMARY KEY, times integer NOT NULL);`);
    const bus = newBus();
    let deliveries = 0;
    const apply = idempotent(db, 'projection', 'registrations', async (event, tx) => {
      const { userId } = event.payload as { userId: string };
      await tx.query(
        `INSERT INTO projection.registrations (user_id, times) VALUES ($1, 1)
         ON CONFLICT (user_id) DO UPDATE SET times = registrations.times + 1`,
        [userId],
      );
    });
    await bus.subscribe({
      groupId: uniqueName('g.dupes'),
      topics: [topic],
      handle: async (event, context) => {
        deliveries++;
        await apply(event, context);
      },
    });
    const registered = testEvent('UserRegistered', { userId: 'u-1' });
    const other = testEvent('UserRegistered', { userId: 'u-2' });
    // A relay that died between publish and mark-as-sent publishes the same rows again.
    await bus.publish(topic, [{ key: 'user:u-1', event: registered }]);
    await bus.publish(topic, [
      { key: 'user:u-1', event: registered },
      { key: 'user:u-2', event: other },
    ]);
    await waitFor('three deliveries', () => deliveries >= 3);
    const { rows } = await db.query<{ user_id: string; times: number }>(
      'SELECT user_id, times FROM projection.registrations ORDER BY user_id',
    );
    expect(deliveries).toBe(3);
    expect(rows).toEqual([
      { user_id: 'u-1', times: 1 },
      { user_id: 'u-2', times: 1 },
    ]);
  } finally {
    await db.close();
  }
});
