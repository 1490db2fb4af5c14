import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { requireEnv } from './env';
import { Kafka, logLevel } from 'kafkajs';

/** Helpers for the Kafka suites and bench; a missing server fails the suite (requireEnv). */

export function brokersFromEnv(): string[] {
  return requireEnv('KAFKA_BROKERS')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}

/** Consumer timings tuned so group joins, rebalances and crash detection take seconds, not minutes. */
export const fastConsumerTimings: {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  maxWaitTimeMs: number;
} = {
  // group.min.session.timeout.ms on a default broker is 6 s: the lowest a consumer may ask for.
  sessionTimeoutMs: 6_000,
  heartbeatIntervalMs: 500,
  rebalanceTimeoutMs: 10_000,
  maxWaitTimeMs: 100,
};

/** Marks every topic and group name of this test process, so its topics can be deleted afterwards. */
const runId = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;

/** Unique per run, so reruns never see old topics, groups or offsets. */
export function uniqueName(prefix: string): string {
  return `${prefix}.${runId}.${randomUUID().slice(0, 8)}`;
}

/** Deletes the topics this process created through uniqueName (dead-letter topics included). */
export async function deleteRunTopics(brokers: string[]): Promise<void> {
  const admin = new Kafka({ brokers, clientId: 'test-cleanup', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.includes(`.${runId}.`));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 10_000 });
  } finally {
    await admin.disconnect();
  }
}

export function testEvent(
  type: string,
  payload: Record<string, unknown>,
  id: string = randomUUID(),
): IntegrationEvent {
  return { id, type, version: 1, occurredAt: new Date().toISOString(), payload };
}

/** Polls until predicate (sync or async) holds, or fails with the description (never hangs a suite). */
export async function waitFor(
  description: string,
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the group has committed every partition of the topic up to its end. After that the
 * group cannot be handed any of the topic's current messages again (redelivery starts at the
 * committed offset), so a test can count deliveries without guessing how long a duplicate might take.
 */
export async function waitForCommittedEnd(
  brokers: string[],
  groupId: string,
  topic: string,
  timeoutMs = 30_000,
): Promise<void> {
  const admin = new Kafka({ brokers, clientId: 'offsets-watcher', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let lag = '';
    for (;;) {
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const at = new Map(committed!.partitions.map((p) => [p.partition, p.offset]));
      // -1: nothing committed, which is done for a partition that never held a message.
      const behind = ends.filter((end) => {
        const offset = at.get(end.partition) ?? '-1';
        return Number(offset === '-1' ? end.low : offset) < Number(end.high);
      });
      if (behind.length === 0) return;
      lag = behind.map((end) => `p${end.partition} ${at.get(end.partition)}/${end.high}`).join(', ');
      if (Date.now() > deadline) {
        throw new Error(`Timed out after ${timeoutMs} ms: group ${groupId} committed ${lag}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.disconnect();
  }
}
