import { integrationEventEnvelopeSchema, type IntegrationEvent } from '@beatmatch/contracts';
import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import { RefusedEventError, type Subscription, type SubscriptionOptions } from './port';
import type { KafkaEventBusOptions } from './kafkaOptions';
import { carrierFromHeaders, inConsumerSpan } from '../telemetry/propagation';
import { retryRetriable } from './kafkaRetry';

/** Decodes a message into the integration-event envelope; throws with a reason when it is not one. */
export function decodeIntegrationEvent(message: Pick<KafkaMessage, 'value'>): IntegrationEvent {
  if (!message.value) throw new Error('Message has no value');
  const parsed = integrationEventEnvelopeSchema.safeParse(JSON.parse(message.value.toString('utf8')));
  if (!parsed.success) throw new Error(`Not an integration event: ${parsed.error.message}`);
  return parsed.data as IntegrationEvent;
}

class SubscriptionStopping extends Error {
  constructor() {
    super('Subscription is stopping; the message is left uncommitted for redelivery');
    this.name = 'SubscriptionStopping';
  }
}

export interface DeadLetter {
  topic: string;
  partition: number;
  message: KafkaMessage;
  error: string;
}

export class KafkaSubscription implements Subscription {
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
    // A start that fails before it waits for the join must not leave `joined` rejecting unhandled.
    joined.catch(() => undefined);
    await this.consumer.connect();
    // kafkajs does not retry a subscribe whose metadata request fails (a topic created a moment ago
    // by another process may not be served yet: UNKNOWN_TOPIC_OR_PARTITION); retry it here.
    await retryRetriable(() =>
      this.consumer.subscribe({
        topics: this.options.topics,
        fromBeginning: this.options.fromBeginning ?? true,
      }),
    );
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
        await inConsumerSpan(
          `${topic} process`,
          carrierFromHeaders(message.headers),
          {
            'messaging.destination.name': topic,
            'messaging.consumer.group.name': this.options.groupId,
            'messaging.message.id': event.id,
            'beatmatch.event.type': event.type,
          },
          () => this.options.handle(event, context),
        );
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
        const refused = error instanceof RefusedEventError;
        if (refused || (retry.deadLetterAfterAttempts && attempt >= retry.deadLetterAfterAttempts)) {
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
