import type { IntegrationEvent } from '@beatmatch/contracts';
import type { TraceCarrier } from '../telemetry/propagation';

/** One message on the bus: the key keeps events of one stream in order (Kafka partition key). */
export interface OutgoingMessage {
  key: string;
  event: IntegrationEvent;
  /**
   * Where this one message goes when it differs from the outbox's topic (e.g. a service's own mail
   * requests beside its integration events). Only the event store's outbox reads it.
   */
  topic?: string;
  /** W3C trace headers continuing the trace that wrote the message (set by the outbox relay). */
  traceContext?: TraceCarrier;
}

export interface DeliveryContext {
  topic: string;
  partition?: number;
  offset?: string;
}

export type EventHandler = (event: IntegrationEvent, context: DeliveryContext) => Promise<void>;

export interface SubscriptionOptions {
  /** Consumers with the same group share the work; each group gets every event. */
  groupId: string;
  topics: string[];
  /** From the earliest retained event when the group is new (default true). */
  fromBeginning?: boolean;
  handle: EventHandler;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The bus port. Delivery is at-least-once: a handler that throws gets the event again, so handlers
 * must be idempotent (see idempotent consumers in packages/platform).
 */
export interface EventBus {
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscriptionOptions): Promise<Subscription>;
  close(): Promise<void>;
  /** Resolves when the bus's servers answer (readiness); a bus in the process has none to ask. */
  ready?(): Promise<void>;
}

/**
 * Thrown by a handler for a message that no retry can make acceptable (it breaks its contract): the
 * Kafka bus parks it on the group's dead-letter topic at once, where an operator lists and replays it
 * (scripts/dead-letters.ts); the in-process bus drops it (the handler has logged why).
 */
export class RefusedEventError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefusedEventError';
  }
}
