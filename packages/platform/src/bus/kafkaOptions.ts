import type { Logger } from '../logging/logger';

export interface KafkaEventBusOptions {
  /** host:port list, e.g. KAFKA_BROKERS.split(','). */
  brokers: string[];
  clientId: string;
  /**
   * Put before every topic and consumer group name (dead-letter topics included), so runs that share
   * a Kafka never share topics: `npm test` sets KAFKA_TOPIC_PREFIX per run, a developer's run has none.
   */
  topicPrefix?: string;
  /** kafkajs logs go to this pino logger (child `component: kafkajs`); without it kafkajs's own at WARN. */
  logger?: Logger;
  /** The lowest kafkajs level that is logged at all (default WARN: kafkajs is chatty at INFO). */
  kafkaLogLevel?: 'error' | 'warn' | 'info' | 'debug';
  /** Retries of broker connections and admin/consumer requests (default 8 from 100 ms, doubling). */
  connectionRetry?: { retries?: number; initialRetryTimeMs?: number };
  /** Topics created on demand get these (default 3 partitions, replication factor 1 for one broker). */
  topicDefaults?: { numPartitions?: number; replicationFactor?: number };
  consumer?: {
    sessionTimeoutMs?: number;
    heartbeatIntervalMs?: number;
    rebalanceTimeoutMs?: number;
    /** How long a fetch waits for data when the partition is idle; lower = lower latency, more requests. */
    maxWaitTimeMs?: number;
    /** Commit handled offsets at least this often while a batch is being handled (default 1000 ms). */
    autoCommitIntervalMs?: number;
  };
  /** A failing handler is retried with exponential backoff, blocking its partition so order holds. */
  handlerRetry?: {
    initialBackoffMs?: number;
    maxBackoffMs?: number;
    /**
     * After this many failed attempts the message goes to the dead-letter topic `<groupId>.dead-letter`
     * (with the error in a header, logged at ERROR) and the partition moves on. Default: retry forever.
     */
    deadLetterAfterAttempts?: number;
  };
  /**
   * How long subscribe() waits for the consumer to join its group before it resolves anyway (the
   * consumer goes on joining in the background). Default: session timeout + rebalance timeout.
   */
  joinTimeoutMs?: number;
}
