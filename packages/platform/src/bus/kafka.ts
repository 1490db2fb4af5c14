import { Kafka, Partitioners, type Admin, type Producer } from 'kafkajs';
import type { EventBus, OutgoingMessage, Subscription, SubscriptionOptions } from './port';
import { createLogCreator, kafkaLogLevels } from './kafkaLogging';
import { KafkaSubscription, type DeadLetter } from './kafkaSubscription';
import type { KafkaEventBusOptions } from './kafkaOptions';
import { observeGroup } from './consumerLag';
import { isRetriableKafkaError, retryRetriable } from './kafkaRetry';

export type { KafkaEventBusOptions } from './kafkaOptions';
export { decodeIntegrationEvent } from './kafkaSubscription';

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

/** Where a consumer group's refused and failed messages are parked (the group named on the broker). */
export const deadLetterTopic = (groupIdOnBroker: string) => `${groupIdOnBroker}.dead-letter`;

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
  private forgetLag: (() => void) | undefined;

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

  /**
   * Creates the bus from the shared KAFKA_BROKERS setting (comma-separated host:port list); the topic
   * prefix defaults to KAFKA_TOPIC_PREFIX (set by `npm test` for each run).
   */
  static fromBrokerList(
    brokerList: string,
    options: Omit<KafkaEventBusOptions, 'brokers'>,
    env: NodeJS.ProcessEnv = process.env,
  ): KafkaEventBus {
    const brokers = brokerList
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean);
    if (brokers.length === 0) throw new Error('KAFKA_BROKERS is empty');
    const topicPrefix = options.topicPrefix ?? env.KAFKA_TOPIC_PREFIX;
    return new KafkaEventBus({ ...options, brokers, ...(topicPrefix ? { topicPrefix } : {}) });
  }

  /** The topic or group as named on the broker (with this bus's topicPrefix). */
  nameOnBroker(name: string): string {
    return `${this.options.topicPrefix ?? ''}${name}`;
  }

  async publish(unprefixedTopic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const topic = this.nameOnBroker(unprefixedTopic);
    await this.ensureTopics([topic]);
    await this.connectProducer();
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map(({ key, event, traceContext }) => ({
        key,
        value: JSON.stringify(event),
        headers: {
          ...traceContext,
          [KAFKA_HEADERS.eventId]: event.id,
          [KAFKA_HEADERS.eventType]: event.type,
          [KAFKA_HEADERS.eventVersion]: String(event.version),
          [KAFKA_HEADERS.contentType]: 'application/json',
        },
      })),
    });
  }

  async subscribe(unprefixed: SubscriptionOptions): Promise<Subscription> {
    this.assertOpen();
    const prefix = this.options.topicPrefix ?? '';
    const options: SubscriptionOptions = {
      ...unprefixed,
      groupId: this.nameOnBroker(unprefixed.groupId),
      topics: unprefixed.topics.map((topic) => this.nameOnBroker(topic)),
      // Handlers see the topic by the name they subscribed to.
      handle: (event, context) =>
        unprefixed.handle(event, { ...context, topic: context.topic.slice(prefix.length) }),
    };
    await this.ensureTopics(options.topics);
    const subscription = new KafkaSubscription(this.kafka, this.options, options, (message) =>
      this.deadLetter(options.groupId, message),
    );
    this.subscriptions.add(subscription);
    this.forgetLag = observeGroup(this, () => this.connectAdmin().then(() => this.admin), {
      group: unprefixed.groupId,
      topics: unprefixed.topics,
      prefix,
    });
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
    this.forgetLag?.();
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

  /** The cluster answers a metadata request (readiness); fails while no broker can be reached. */
  async ready(): Promise<void> {
    await this.connectAdmin();
    await this.admin.describeCluster();
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
    const existing = await retryRetriable(() => this.admin.listTopics());
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
      // Another process created it between listTopics and createTopics, or the topic was created but
      // its wait for leaders was answered UNKNOWN_TOPIC_OR_PARTITION (retriable): both wait below.
      const alreadyExists =
        JSON.stringify(error).includes('TOPIC_ALREADY_EXISTS') || String(error).includes('already exists');
      if (!alreadyExists && !isRetriableKafkaError(error)) throw error;
    }
    // When another process created the topic a moment earlier, createTopics answers "already exists"
    // at once, without waiting for it; until the broker serves the topic, a consumer's subscribe and a
    // producer's metadata fail with UNKNOWN_TOPIC_OR_PARTITION. Services starting together race like
    // that for their shared topics, so return only once every partition has a leader.
    await retryRetriable(async () => {
      const { topics } = await this.admin.fetchTopicMetadata({ topics: [topic] });
      const partitions = topics.find((found) => found.name === topic)?.partitions ?? [];
      if (partitions.length === 0 || partitions.some((partition) => partition.leader < 0))
        throw new TopicNotReady(topic);
    });
  }

  private async deadLetter(groupId: string, message: DeadLetter): Promise<void> {
    const topic = deadLetterTopic(groupId);
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

/** Retriable, like kafkajs's own errors for a topic the broker does not serve yet. */
class TopicNotReady extends Error {
  readonly retriable = true;
  constructor(topic: string) {
    super(`Topic ${topic} has no leader for every partition yet`);
    this.name = 'TopicNotReady';
  }
}
