import { inConsumerSpan } from '../telemetry/propagation';
import {
  RefusedEventError,
  type EventBus,
  type OutgoingMessage,
  type Subscription,
  type SubscriptionOptions,
} from './port';

interface Group {
  topics: Set<string>;
  handle: SubscriptionOptions['handle'];
}

/**
 * The embedded profile's bus: delivery within the process. `publish` resolves once every subscribed
 * group has handled each message (retried a few times with backoff), so the outbox relay marks rows
 * sent only after delivery; if it throws, the rows stay in the outbox and are sent again later.
 */
export class InProcessEventBus implements EventBus {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly options: { attempts?: number; backoffMs?: number } = {}) {}

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    for (const message of messages) {
      for (const group of this.groups.values()) {
        if (group.topics.has(topic)) await this.deliver(group, topic, message);
      }
    }
  }

  private async deliver(group: Group, topic: string, message: OutgoingMessage) {
    const attempts = this.options.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      try {
        return await inConsumerSpan(
          `${topic} process`,
          message.traceContext,
          { 'messaging.destination.name': topic, 'beatmatch.event.type': message.event.type },
          () => group.handle(message.event, { topic }),
        );
      } catch (error) {
        if (error instanceof RefusedEventError) return;
        if (attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.options.backoffMs ?? 50) * attempt));
      }
    }
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    if (this.groups.has(options.groupId))
      throw new Error(`Consumer group ${options.groupId} is already subscribed`);
    this.groups.set(options.groupId, { topics: new Set(options.topics), handle: options.handle });
    return { stop: async () => void this.groups.delete(options.groupId) };
  }

  async close(): Promise<void> {
    this.groups.clear();
  }
}
