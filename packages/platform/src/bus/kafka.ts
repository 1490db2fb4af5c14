import { integrationEventEnvelopeSchema, type IntegrationEvent } from '@beatmatch/contracts';
import {
  Kafka,
  logLevel as KafkaLogLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type KafkaMessage,
  type logCreator,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../logging/logger';
import type { EventBus, OutgoingMessage, Subscription, SubscriptionOptions } from './port';

/** Header names carried next to the JSON envelope, so tools can filter without parsing the value. */
export const KAFKA_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  eventVersion: 'event-version',
  contentType: 'content-type',
  /** On dead-lettered messages only. */
  error: 'dead-letter-error',
  sourceTopic: 'dead-letter-source',
} as const;

export interface KafkaEventBusOptions {
  /** host:port list, e.g. KAFKA_BROKERS.split(','). */
  brokers: string[];
  clientId: string;
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

class SubscriptionStopping extends Error {
  constructor() {
    super('Subscription is stopping; the message is left uncommitted for redelivery');
    this.name = 'SubscriptionStopping';
  }
}

/**
 * The producer's retries are bounded on purpose (see the constructor), so kafkajs's warning about it is
 * expected and not passed on.
 */
const expectedWarnings = [/^Limiting retries for the idempotent producer/];
// kafkajs exports its levels as a plain object (no reverse mapping at run time).
const levelNames: Record<number, string> = { 1: 'ERROR', 2: 'WARN', 4: 'INFO', 5: 'DEBUG' };

/** kafkajs logs into pino (child `component: kafkajs`), or onto the console like kafkajs's own logger. */
function createLogCreator(logger: Logger | undefined): logCreator {
  const child = logger?.child({ component: 'kafkajs' });
  return (enabledLevel) =>
    ({ namespace, level: reportedLevel, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...extra } = log;
      if (expectedWarnings.some((pattern) => pattern.test(message))) return;
      // A heartbeat answered "rebalancing" is how every member learns of a rebalance: routine, not an error.
      // So is the handler we abandon on stop() (the event stays uncommitted for the group).
      const routine =
        /rebalanc/i.test(String(extra.error ?? '')) ||
        (extra.error as Error | undefined)?.name === 'SubscriptionStopping';
      const level = routine ? KafkaLogLevel.DEBUG : reportedLevel;
      if (level > enabledLevel) return;
      if (!child) {
        const line = JSON.stringify({
          level: levelNames[level] ?? String(level),
          logger: 'kafkajs',
          namespace,
          message,
          ...extra,
        });
        if (level === KafkaLogLevel.ERROR) console.error(line);
        else if (level === KafkaLogLevel.WARN) console.warn(line);
        else console.log(line);
        return;
      }
      const fields = { namespace, ...extra };
      if (level === KafkaLogLevel.ERROR) child.error(fields, message);
      else if (level === KafkaLogLevel.WARN) child.warn(fields, message);
      else if (level === KafkaLogLevel.INFO) child.info(fields, message);
      else child.debug(fields, message);
    };
}

const kafkaLogLevels = {
  error: KafkaLogLevel.ERROR,
  warn: KafkaLogLevel.WARN,
  info: KafkaLogLevel.INFO,
  debug: KafkaLogLevel.DEBUG,
} as const;

/** Decodes a message into the integration-event envelope; throws with a reason when it is not one. */
export function decodeIntegrationEvent(message: Pick<KafkaMessage, 'value'>): IntegrationEvent {
  if (!message.value) throw new Error('Message has no value');
  const parsed = integrationEventEnvelopeSchema.safeParse(JSON.parse(message.value.toString('utf8')));
  if (!parsed.success) throw new Error(`Not an integration event: ${parsed.error.message}`);
  return parsed.data as IntegrationEvent;
}

/**
 * The distributed profile's bus on Apache Kafka (kafkajs). Publishing uses an idempotent producer
 * (acks=all, one request in flight) keyed by `OutgoingMessage.key`, so one stream's events stay in
 * order on one partition. Each subscription is its own consumer in its group; an offset is committed
 * only after the handler succeeded, so a consumer that dies redelivers what it had not finished
 * (at-least-once — handlers dedupe by event id, see consumers/idempotent.ts).
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private producerConnected: Promise<void> | undefined;
  private adminConnected: Promise<void> | undefined;
  /** Topics known to exist (created here or seen in metadata), so publish asks the admin once per topic. */
  private readonly knownTopics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    const level = kafkaLogLevels[options.kafkaLogLevel ?? 'warn'];
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: level,
      logCreator: createLogCreator(options.logger),
      retry: {
        initialRetryTime: options.connectionRetry?.initialRetryTimeMs ?? 100,
        retries: options.connectionRetry?.retries ?? 8,
      },
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      // kafkajs would retry forever here; bounded instead (about a minute), so a publish while Kafka is
      // away fails, the outbox relay keeps the rows and tries again, and shutdown is never stuck
      // behind a send. A resend after a failure may duplicate: consumers dedupe by event id.
      retry: { initialRetryTime: 300, maxRetryTime: 10_000, retries: 10 },
      allowAutoTopicCreation: false,
      // Java-compatible murmur2 hashing of the key: the same key lands on the same partition as in
      // any other Kafka client.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
  }

  /** Creates the bus from the shared KAFKA_BROKERS setting (comma-separated host:port list). */
  static fromBrokerList(brokerList: string, options: Omit<KafkaEventBusOptions, 'brokers'>): KafkaEventBus {
    const brokers = brokerList
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean);
    if (brokers.length === 0) throw new Error('KAFKA_BROKERS is empty');
    return new KafkaEventBus({ ...options, brokers });
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    await this.ensureTopics([topic]);
    await this.connectProducer();
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map(({ key, event }) => ({
        key,
        value: JSON.stringify(event),
        headers: {
          [KAFKA_HEADERS.eventId]: event.id,
          [KAFKA_HEADERS.eventType]: event.type,
          [KAFKA_HEADERS.eventVersion]: String(event.version),
          [KAFKA_HEADERS.contentType]: 'application/json',
        },
      })),
    });
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    this.assertOpen();
    await this.ensureTopics(options.topics);
    const subscription = new KafkaSubscription(this.kafka, this.options, options, (message) =>
      this.deadLetter(options.groupId, message),
    );
    this.subscriptions.add(subscription);
    subscription.onStopped = () => this.subscriptions.delete(subscription);
    try {
      await subscription.start();
    } catch (error) {
      await subscription.stop();
      throw error;
    }
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    if (this.producerConnected)
      await this.producerConnected.then(
        () => this.producer.disconnect(),
        () => undefined,
      );
    if (this.adminConnected)
      await this.adminConnected.then(
        () => this.admin.disconnect(),
        () => undefined,
      );
  }

  /** Creates missing topics (idempotent across processes: "already exists" counts as success). */
  async ensureTopics(topics: string[]): Promise<void> {
    await Promise.all(
      topics.map((topic) => {
        let known = this.knownTopics.get(topic);
        if (!known) {
          known = this.createTopic(topic);
          known.catch(() => this.knownTopics.delete(topic));
          this.knownTopics.set(topic, known);
        }
        return known;
      }),
    );
  }

  private async createTopic(topic: string): Promise<void> {
    await this.connectAdmin();
    const existing = await this.admin.listTopics();
    if (existing.includes(topic)) return;
    try {
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: [
          {
            topic,
            numPartitions: this.options.topicDefaults?.numPartitions ?? 3,
            replicationFactor: this.options.topicDefaults?.replicationFactor ?? 1,
          },
        ],
      });
    } catch (error) {
      // Another process created it between listTopics and createTopics.
      if (
        !JSON.stringify(error).includes('TOPIC_ALREADY_EXISTS') &&
        !String(error).includes('already exists')
      )
        throw error;
    }
  }

  private async deadLetter(groupId: string, message: DeadLetter): Promise<void> {
    const topic = `${groupId}.dead-letter`;
    await this.ensureTopics([topic]);
    await this.connectProducer();
    await this.producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key: message.message.key,
          value: message.message.value,
          headers: {
            ...message.message.headers,
            [KAFKA_HEADERS.error]: message.error,
            [KAFKA_HEADERS.sourceTopic]: `${message.topic}/${message.partition}@${message.message.offset}`,
          },
        },
      ],
    });
  }

  /** Connects once; a failed connect is forgotten, so the next publish tries again (Kafka may be back). */
  private connectProducer(): Promise<void> {
    if (!this.producerConnected) {
      const connecting = this.producer.connect();
      this.producerConnected = connecting;
      connecting.catch(() => {
        if (this.producerConnected === connecting) this.producerConnected = undefined;
      });
    }
    return this.producerConnected;
  }

  private connectAdmin(): Promise<void> {
    if (!this.adminConnected) {
      const connecting = this.admin.connect();
      this.adminConnected = connecting;
      connecting.catch(() => {
        if (this.adminConnected === connecting) this.adminConnected = undefined;
      });
    }
    return this.adminConnected;
  }

  private assertOpen() {
    if (this.closed) throw new Error('KafkaEventBus is closed');
  }
}

interface DeadLetter {
  topic: string;
  partition: number;
  message: KafkaMessage;
  error: string;
}

class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  onStopped: () => void = () => undefined;

  constructor(
    kafka: Kafka,
    private readonly busOptions: KafkaEventBusOptions,
    private readonly options: SubscriptionOptions,
    private readonly deadLetter: (message: DeadLetter) => Promise<void>,
  ) {
    const tuning = busOptions.consumer ?? {};
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: tuning.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: tuning.heartbeatIntervalMs ?? 3_000,
      rebalanceTimeout: tuning.rebalanceTimeoutMs ?? 60_000,
      maxWaitTimeInMs: tuning.maxWaitTimeMs ?? 500,
      retry: { initialRetryTime: 100, retries: 8 },
    });
  }

  async start(): Promise<void> {
    const tuning = this.busOptions.consumer ?? {};
    // A member that died without leaving holds the group until its session expires, so a restarted
    // service may wait up to a session timeout plus a rebalance before it is assigned partitions.
    const joinTimeoutMs =
      this.busOptions.joinTimeoutMs ??
      (tuning.sessionTimeoutMs ?? 30_000) + (tuning.rebalanceTimeoutMs ?? 60_000);
    const logger = this.busOptions.logger;
    const groupId = this.options.groupId;
    this.consumer.on(this.consumer.events.CRASH, (event) => {
      const { error, restart } = event.payload;
      logger?.error({ groupId, err: error, restart }, 'kafka consumer crashed');
      if (!logger) console.error(`[kafka] consumer of ${groupId} crashed (restart: ${restart})`, error);
    });
    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Not fatal: kafkajs keeps trying to join in the background.
        logger?.warn(
          { groupId, joinTimeoutMs },
          'consumer has not joined its group yet; continuing in the background',
        );
        if (!logger)
          console.warn(
            `[kafka] consumer of ${groupId} has not joined within ${joinTimeoutMs} ms; continuing in the background`,
          );
        removeJoin();
        removeCrash();
        resolve();
      }, joinTimeoutMs);
      const removeJoin = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        clearTimeout(timer);
        removeJoin();
        removeCrash();
        resolve();
      });
      const removeCrash = this.consumer.on(this.consumer.events.CRASH, (event) => {
        if (event.payload.restart) return;
        clearTimeout(timer);
        removeJoin();
        removeCrash();
        reject(event.payload.error);
      });
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: this.options.topics,
      fromBeginning: this.options.fromBeginning ?? true,
    });
    await this.consumer.run({
      autoCommit: true,
      autoCommitInterval: tuning.autoCommitIntervalMs ?? 1_000,
      eachMessage: ({ topic, partition, message, heartbeat }) =>
        this.handleMessage(topic, partition, message, heartbeat),
    });
    await joined;
  }

  /**
   * Resolves only when the handler succeeded (or the message was dead-lettered), so kafkajs resolves
   * and later commits the offset only then. Throwing leaves the offset where it was: redelivery.
   */
  private async handleMessage(
    topic: string,
    partition: number,
    message: KafkaMessage,
    heartbeat: () => Promise<void>,
  ) {
    const logger = this.busOptions.logger;
    const context = { topic, partition, offset: message.offset };
    let event: IntegrationEvent;
    try {
      event = decodeIntegrationEvent(message);
    } catch (error) {
      // Retrying cannot fix a message that is not an envelope: park it where it can be inspected.
      const reason = error instanceof Error ? error.message : String(error);
      logger?.error(
        { ...context, groupId: this.options.groupId, reason },
        'undecodable message dead-lettered',
      );
      if (!logger)
        console.error(
          `[kafka] undecodable message on ${topic}/${partition}@${message.offset} dead-lettered: ${reason}`,
        );
      await this.deadLetter({ topic, partition, message, error: reason });
      return;
    }
    const retry = this.busOptions.handlerRetry ?? {};
    const initialBackoffMs = retry.initialBackoffMs ?? 100;
    const maxBackoffMs = retry.maxBackoffMs ?? 10_000;
    for (let attempt = 1; ; attempt++) {
      if (this.stopping) throw new SubscriptionStopping();
      try {
        await this.options.handle(event, context);
        return;
      } catch (error) {
        if (error instanceof SubscriptionStopping) throw error;
        const fields = {
          ...context,
          groupId: this.options.groupId,
          eventId: event.id,
          eventType: event.type,
          attempt,
          err: error,
        };
        if (retry.deadLetterAfterAttempts && attempt >= retry.deadLetterAfterAttempts) {
          logger?.error(fields, 'event handler failed; event dead-lettered');
          if (!logger)
            console.error(`[kafka] handler failed for ${event.type} ${event.id}; dead-lettered`, error);
          await this.deadLetter({
            topic,
            partition,
            message,
            error: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        logger?.warn(fields, 'event handler failed; retrying');
        if (!logger && attempt === 1)
          console.warn(`[kafka] handler failed for ${event.type} ${event.id}; retrying`, error);
        await this.sleepWhileHeartbeating(
          Math.min(maxBackoffMs, initialBackoffMs * 2 ** (attempt - 1)),
          heartbeat,
        );
      }
    }
  }

  /** Waits out a backoff while telling the group coordinator we are alive. */
  private async sleepWhileHeartbeating(ms: number, heartbeat: () => Promise<void>) {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
      await heartbeat();
    }
  }

  stop(): Promise<void> {
    this.stopping = true;
    this.stopped ??= this.consumer
      .disconnect()
      .catch(() => undefined)
      .finally(() => this.onStopped());
    return this.stopped;
  }
}
