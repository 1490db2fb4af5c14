import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Admin, type KafkaMessage } from 'kafkajs';
import { deadLetterTopic, KAFKA_HEADERS } from './kafka';

/** One parked message, as an operator sees it. */
export interface ParkedMessage {
  /** The consumer group (as the services name it, without the run's prefix). */
  group: string;
  offset: string;
  partition: number;
  eventType: string | undefined;
  eventId: string | undefined;
  error: string | undefined;
  /** topic/partition@offset the message was consumed from. */
  source: string | undefined;
}

export interface DeadLetterOptions {
  brokers: string[];
  /** The bus's KAFKA_TOPIC_PREFIX, when the services ran with one. */
  topicPrefix?: string;
}

const header = (message: KafkaMessage, name: string) => message.headers?.[name]?.toString();
const SUFFIX = deadLetterTopic('');

/**
 * Every message on the dead-letter topics (refused integration events, handlers that gave up),
 * group by group, without moving anything.
 */
export async function listDeadLetters(options: DeadLetterOptions): Promise<ParkedMessage[]> {
  const prefix = options.topicPrefix ?? '';
  return withKafka(options, async (kafka, admin) => {
    const topics = (await admin.listTopics()).filter(
      (topic) => topic.startsWith(prefix) && topic.endsWith(SUFFIX),
    );
    const parked: ParkedMessage[] = [];
    // A throwaway group that reads from the start and is deleted after.
    const reader = `${prefix}dead-letters.list.${randomUUID()}`;
    await readToEnd(
      kafka,
      admin,
      { groupId: reader, topics, commit: false },
      async (topic, partition, message) => {
        parked.push({
          group: topic.slice(prefix.length, -SUFFIX.length),
          offset: message.offset,
          partition,
          eventType: header(message, KAFKA_HEADERS.eventType),
          eventId: header(message, KAFKA_HEADERS.eventId),
          error: header(message, KAFKA_HEADERS.error),
          source: header(message, KAFKA_HEADERS.sourceTopic),
        });
      },
    );
    await admin.deleteGroups([reader]).catch(() => undefined);
    return parked.sort((a, b) => a.group.localeCompare(b.group) || Number(a.offset) - Number(b.offset));
  });
}

/**
 * Sends a group's parked messages back to the topics they came from (after the cause was fixed),
 * each once: the replay's own consumer group remembers how far it got. Every group of the source
 * topic sees a replayed event again; consumers that handled it already skip it by its event id.
 */
export async function replayDeadLetters(options: DeadLetterOptions & { group: string }): Promise<number> {
  const prefix = options.topicPrefix ?? '';
  const topic = `${prefix}${deadLetterTopic(options.group)}`;
  return withKafka(options, async (kafka, admin) => {
    if (!(await admin.listTopics()).includes(topic)) return 0;
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    let replayed = 0;
    try {
      await readToEnd(
        kafka,
        admin,
        { groupId: `${topic}.replay`, topics: [topic], commit: true },
        async (_t, _p, message) => {
          const source = header(message, KAFKA_HEADERS.sourceTopic)?.replace(/\/\d+@\d+$/, '');
          if (!source) return;
          const headers = { ...message.headers };
          delete headers[KAFKA_HEADERS.error];
          delete headers[KAFKA_HEADERS.sourceTopic];
          await producer.send({
            topic: source,
            acks: -1,
            messages: [{ key: message.key, value: message.value, headers }],
          });
          replayed++;
        },
      );
    } finally {
      await producer.disconnect();
    }
    return replayed;
  });
}

async function withKafka<T>(
  options: DeadLetterOptions,
  work: (kafka: Kafka, admin: Admin) => Promise<T>,
): Promise<T> {
  const kafka = new Kafka({ brokers: options.brokers, clientId: 'dead-letters', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(kafka, admin);
  } finally {
    await admin.disconnect();
  }
}

type OnMessage = (topic: string, partition: number, message: KafkaMessage) => Promise<void>;

/** Consumes `topics` in `groupId` up to the end they had when it began, then stops. */
async function readToEnd(
  kafka: Kafka,
  admin: Admin,
  options: { groupId: string; topics: string[]; commit: boolean },
  onMessage: OnMessage,
): Promise<void> {
  const remaining = await unreadPartitions(admin, options.groupId, options.topics);
  if (remaining.size === 0) return;
  const consumer = kafka.consumer({ groupId: options.groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({
      topics: [...new Set([...remaining.keys()].map((key) => key.split('|')[0]!))],
      fromBeginning: true,
    });
    await new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.CRASH, (event) => reject(event.payload.error));
      void consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ topic, partition, message }) => {
            const key = `${topic}|${partition}`;
            const end = remaining.get(key);
            if (end === undefined || BigInt(message.offset) >= end) return;
            await onMessage(topic, partition, message);
            const next = BigInt(message.offset) + 1n;
            if (options.commit) await consumer.commitOffsets([{ topic, partition, offset: next.toString() }]);
            if (next >= end) remaining.delete(key);
            if (remaining.size === 0) resolve();
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
}

/** `topic|partition` → the end offset, for partitions with messages the group has not read. */
async function unreadPartitions(
  admin: Admin,
  groupId: string,
  topics: string[],
): Promise<Map<string, bigint>> {
  const unread = new Map<string, bigint>();
  const committed = topics.length ? await admin.fetchOffsets({ groupId, topics }) : [];
  for (const topic of topics) {
    const done = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
    for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
      const read = BigInt(done.find((entry) => entry.partition === partition)?.offset ?? '-1');
      const from = read >= 0n ? read : BigInt(low);
      if (from < BigInt(high)) unread.set(`${topic}|${partition}`, BigInt(high));
    }
  }
  return unread;
}
