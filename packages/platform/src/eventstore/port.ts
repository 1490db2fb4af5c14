import type { OutgoingMessage } from '../bus/port';

/** A domain event as the decider sees it: internal to one service, never published as such. */
export interface DomainEvent<TType extends string = string, TData = Record<string, unknown>> {
  type: TType;
  data: TData;
}

export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  streamName: string;
  /** 1-based position of the event in its stream. */
  streamPosition: number;
  /** Position in the whole store (monotonic per store; used by projections and catch-up). */
  globalPosition: string;
  eventId: string;
  type: E['type'];
  data: E['data'];
  recordedAt: string;
}

export interface ReadStreamResult<E extends DomainEvent = DomainEvent> {
  events: RecordedEvent<E>[];
  /** 0 when the stream does not exist. */
  currentVersion: number;
}

export interface AppendOptions {
  /** The version the caller read; append fails with ConcurrencyError when the stream moved on. */
  expectedVersion: number;
  /** Integration events to put in the outbox in the same transaction as the domain events. */
  outbox?: { topic: string; messages: OutgoingMessage[] };
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamName: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamName} is at version ${actualVersion}, expected ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

export interface EventStore {
  readStream<E extends DomainEvent>(streamName: string): Promise<ReadStreamResult<E>>;
  appendToStream<E extends DomainEvent>(
    streamName: string,
    events: E[],
    options: AppendOptions,
  ): Promise<{ nextExpectedVersion: number }>;
}
