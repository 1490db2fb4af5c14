import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import { assertIdentifier } from '../sql/open';
import { inSpan } from '../telemetry/telemetry';
import {
  ConcurrencyError,
  type AppendOptions,
  type DomainEvent,
  type EventStore,
  type ReadStreamResult,
  type RecordedEvent,
} from './port';

/**
 * A read model updated in the same transaction as the events it handles, so it is never behind its
 * stream (e.g. the unique e-mail index of identity). Async projections go through the outbox/bus.
 */
export interface InlineProjection {
  name: string;
  handles: readonly string[];
  apply(tx: SqlExecutor, events: RecordedEvent[]): Promise<void>;
}

interface EventRow {
  stream_name: string;
  stream_position: number;
  global_position: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  recorded_at: Date | string;
}

export function eventStoreSchema(schema: string): string {
  const s = assertIdentifier(schema);
  return `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.streams (
      stream_name text PRIMARY KEY,
      version integer NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${s}.events (
      global_position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      stream_name text NOT NULL,
      stream_position integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_name, stream_position)
    );
    CREATE TABLE IF NOT EXISTS ${s}.outbox (
      id bigserial PRIMARY KEY,
      topic text NOT NULL,
      message_key text NOT NULL,
      event jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS outbox_unsent ON ${s}.outbox (id) WHERE sent_at IS NULL;
  `;
}

function toRecorded<E extends DomainEvent>(row: EventRow): RecordedEvent<E> {
  return {
    streamName: row.stream_name,
    streamPosition: Number(row.stream_position),
    globalPosition: String(row.global_position),
    eventId: row.event_id,
    type: row.type as E['type'],
    data: row.data as E['data'],
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

/**
 * Event store on PostgreSQL (server or PGlite): one transaction appends the events with optimistic
 * concurrency, runs the inline projections and writes the outbox, so nothing is half-written.
 */
export class PostgresEventStore implements EventStore {
  private readonly s: string;

  constructor(
    private readonly db: SqlDatabase,
    schema: string,
    private readonly projections: InlineProjection[] = [],
    private readonly afterCommit: () => void = () => undefined,
  ) {
    this.s = assertIdentifier(schema);
  }

  async migrate(): Promise<void> {
    await this.db.exec(eventStoreSchema(this.s));
  }

  async readStream<E extends DomainEvent>(streamName: string): Promise<ReadStreamResult<E>> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT * FROM ${this.s}.events WHERE stream_name = $1 ORDER BY stream_position`,
      [streamName],
    );
    const events = rows.map((row) => toRecorded<E>(row));
    return { events, currentVersion: events.length ? events[events.length - 1]!.streamPosition : 0 };
  }

  async appendToStream<E extends DomainEvent>(
    streamName: string,
    events: E[],
    options: AppendOptions,
  ): Promise<{ nextExpectedVersion: number }> {
    if (events.length === 0) return { nextExpectedVersion: options.expectedVersion };
    const result = await inSpan(
      'eventstore.append',
      { 'beatmatch.stream': streamName, 'beatmatch.events': events.length },
      () =>
        this.db.transaction(async (tx) => {
          const nextVersion = options.expectedVersion + events.length;
          await this.bumpVersion(tx, streamName, options.expectedVersion, nextVersion);
          const recorded: RecordedEvent[] = [];
          for (const [index, event] of events.entries()) {
            const { rows } = await tx.query<EventRow>(
              `INSERT INTO ${this.s}.events (event_id, stream_name, stream_position, type, data)
             VALUES ($1, $2, $3, $4, $5) RETURNING *`,
              [
                randomUUID(),
                streamName,
                options.expectedVersion + index + 1,
                event.type,
                JSON.stringify(event.data),
              ],
            );
            recorded.push(toRecorded(rows[0]!));
          }
          for (const projection of this.projections) {
            const relevant = recorded.filter((event) => projection.handles.includes(event.type));
            if (relevant.length) await projection.apply(tx, relevant);
          }
          for (const message of options.outbox?.messages ?? []) {
            await tx.query(`INSERT INTO ${this.s}.outbox (topic, message_key, event) VALUES ($1, $2, $3)`, [
              message.topic ?? options.outbox!.topic,
              message.key,
              JSON.stringify(message.event),
            ]);
          }
          return { nextExpectedVersion: nextVersion };
        }),
    );
    if (options.outbox?.messages.length) this.afterCommit();
    return result;
  }

  private async bumpVersion(tx: SqlExecutor, streamName: string, expected: number, next: number) {
    if (expected === 0) {
      const inserted = await tx.query(
        `INSERT INTO ${this.s}.streams (stream_name, version) VALUES ($1, $2) ON CONFLICT (stream_name) DO NOTHING`,
        [streamName, next],
      );
      if (inserted.rowCount === 1) return;
    } else {
      const updated = await tx.query(
        `UPDATE ${this.s}.streams SET version = $3 WHERE stream_name = $1 AND version = $2`,
        [streamName, expected, next],
      );
      if (updated.rowCount === 1) return;
    }
    const { rows } = await tx.query<{ version: number }>(
      `SELECT version FROM ${this.s}.streams WHERE stream_name = $1`,
      [streamName],
    );
    throw new ConcurrencyError(streamName, expected, rows[0]?.version ?? 0);
  }
}
