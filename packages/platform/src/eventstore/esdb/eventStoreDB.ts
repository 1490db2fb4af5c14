import { randomUUID } from 'node:crypto';
import {
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type JSONEventType,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  type AppendOptions,
  type DomainEvent,
  type EventStore,
  type ReadStreamResult,
  type RecordedEvent,
} from '../port';

/** Metadata written with every event; the outbox rides on the last event of an append (see below). */
interface EventMetadata {
  recordedAt: string;
  outbox?: AppendOptions['outbox'];
}

/**
 * The event-store port on EventStoreDB (distributed profile, optional; EVENTSTORE_URL such as
 * esdb://host:2113?tls=false). Stream versions are 1-based like the Postgres store: version n is
 * EventStoreDB revision n-1, and version 0 means "no stream".
 *
 * Outbox: EventStoreDB has no transaction spanning another store, but one append to one stream is
 * atomic, so integration events are stored in the metadata of the last event of the same append. A
 * relay publishes them from a catch-up subscription to $all (checkpointed by commit position), which
 * keeps rule 3's guarantee: nothing is published that was not stored, nothing stored is lost.
 */
export class EventStoreDBEventStore implements EventStore {
  constructor(readonly client: EventStoreDBClient) {}

  static fromConnectionString(url: string): EventStoreDBEventStore {
    return new EventStoreDBEventStore(EventStoreDBClient.connectionString(url));
  }

  async readStream<E extends DomainEvent>(streamName: string): Promise<ReadStreamResult<E>> {
    const events: RecordedEvent<E>[] = [];
    try {
      for await (const resolved of this.client.readStream<JSONEventType>(streamName, {
        direction: FORWARDS,
        fromRevision: START,
      })) {
        const event = resolved.event;
        if (!event) continue;
        const metadata = (event.metadata ?? {}) as Partial<EventMetadata>;
        events.push({
          streamName,
          streamPosition: Number(event.revision) + 1,
          globalPosition: event.position ? String(event.position.commit) : String(event.revision),
          eventId: event.id,
          type: event.type as E['type'],
          data: event.data as E['data'],
          recordedAt: metadata.recordedAt ?? new Date(event.created).toISOString(),
        });
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { events: [], currentVersion: 0 };
      throw error;
    }
    return { events, currentVersion: events.length === 0 ? 0 : events[events.length - 1]!.streamPosition };
  }

  async appendToStream<E extends DomainEvent>(
    streamName: string,
    events: E[],
    options: AppendOptions,
  ): Promise<{ nextExpectedVersion: number }> {
    if (events.length === 0) return { nextExpectedVersion: options.expectedVersion };
    const recordedAt = new Date().toISOString();
    const toWrite = events.map((event, index) => {
      const metadata: EventMetadata = { recordedAt };
      if (options.outbox && index === events.length - 1) metadata.outbox = options.outbox;
      return jsonEvent({
        id: randomUUID(),
        type: event.type,
        data: event.data as JSONEventType['data'],
        metadata: metadata as unknown as JSONEventType['metadata'],
      });
    });
    try {
      const result = await this.client.appendToStream(streamName, toWrite, {
        expectedRevision: options.expectedVersion === 0 ? NO_STREAM : BigInt(options.expectedVersion - 1),
      });
      return { nextExpectedVersion: Number(result.nextExpectedRevision) + 1 };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new ConcurrencyError(
          streamName,
          options.expectedVersion,
          typeof actual === 'bigint' ? Number(actual) + 1 : 0,
        );
      }
      throw error;
    }
  }

  /** The integration events stored with an append (for the relay and for tests). */
  static outboxOf(metadata: unknown): AppendOptions['outbox'] | undefined {
    return (metadata as Partial<EventMetadata> | undefined)?.outbox;
  }

  close(): Promise<void> {
    return this.client.dispose();
  }
}
