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
  /**
   * Optional: the same writes as data-modifying statements that join the append's own statement, so an
   * append is one round trip to the database instead of a transaction of several. Each statement must
   * read `FROM appended` (a relation with one row when the append goes through and none when it loses
   * a race), e.g. `INSERT INTO t (a, b) SELECT $1, $2 FROM appended ON CONFLICT …`; `param(value)`
   * binds a value and returns its placeholder. The statements of one append must not change the same
   * row twice. Returns undefined for events it cannot write this way: that append takes the
   * transaction and `apply`.
   */
  statements?(events: PendingEvent[], param: (value: unknown) => string): string[] | undefined;
}

/** An event as it is about to be appended (statement form of an inline projection). */
export type PendingEvent = Pick<RecordedEvent, 'streamName' | 'streamPosition' | 'eventId' | 'type' | 'data'>;

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
      async () =>
        (await this.appendInOneStatement(streamName, events, options)) ??
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

  /**
   * The append as one statement (one round trip, atomic as any statement is): the stream's version
   * bump is a CTE named `appended` that yields a row only when the expected version holds, and the
   * events, the outbox messages and the projections' statements each insert `FROM appended`, so a lost
   * race writes nothing. Undefined when a relevant projection has no statement form for these events.
   */
  private async appendInOneStatement<E extends DomainEvent>(
    streamName: string,
    events: E[],
    options: AppendOptions,
  ): Promise<{ nextExpectedVersion: number } | undefined> {
    const pending: PendingEvent[] = events.map((event, index) => ({
      streamName,
      streamPosition: options.expectedVersion + index + 1,
      eventId: randomUUID(),
      type: event.type,
      data: event.data as Record<string, unknown>,
    }));
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const projected: string[] = [];
    for (const projection of this.projections) {
      const relevant = pending.filter((event) => projection.handles.includes(event.type));
      if (!relevant.length) continue;
      const statements = projection.statements?.(relevant, param);
      if (!statements) return undefined;
      projected.push(...statements);
    }
    const nextVersion = options.expectedVersion + events.length;
    const [stream, next] = [param(streamName), param(nextVersion)];
    const appended =
      options.expectedVersion === 0
        ? `INSERT INTO ${this.s}.streams (stream_name, version) VALUES (${stream}, ${next}::int)
           ON CONFLICT (stream_name) DO NOTHING RETURNING version`
        : `UPDATE ${this.s}.streams SET version = ${next}::int
           WHERE stream_name = ${stream} AND version = ${param(options.expectedVersion)}::int RETURNING version`;
    const eventRows = pending
      .map(
        (event) =>
          `(${param(event.eventId)}::uuid, ${param(event.streamPosition)}::int, ${param(event.type)}, ${param(JSON.stringify(event.data))}::jsonb)`,
      )
      .join(', ');
    const messages = (options.outbox?.messages ?? []).map(
      (message, index) =>
        `(${index}, ${param(message.topic ?? options.outbox!.topic)}, ${param(message.key)}, ${param(JSON.stringify(message.event))}::jsonb)`,
    );
    const ctes = [
      `appended AS (${appended})`,
      `written AS (INSERT INTO ${this.s}.events (event_id, stream_name, stream_position, type, data)
         SELECT e.event_id, ${stream}, e.position, e.type, e.data
         FROM (VALUES ${eventRows}) AS e(event_id, position, type, data), appended
         ORDER BY e.position
         RETURNING stream_position)`,
      ...(messages.length
        ? [
            `sent AS (INSERT INTO ${this.s}.outbox (topic, message_key, event)
               SELECT m.topic, m.message_key, m.event
               FROM (VALUES ${messages.join(', ')}) AS m(n, topic, message_key, event), appended
               ORDER BY m.n)`,
          ]
        : []),
      ...projected.map((statement, index) => `projected_${index} AS (${statement})`),
    ];
    const { rows } = await this.db.query<{ n: string }>(
      `WITH ${ctes.join(',\n')} SELECT count(*) AS n FROM written`,
      params,
    );
    if (Number(rows[0]?.n ?? 0) === events.length) return { nextExpectedVersion: nextVersion };
    const { rows: current } = await this.db.query<{ version: number }>(
      `SELECT version FROM ${this.s}.streams WHERE stream_name = $1`,
      [streamName],
    );
    throw new ConcurrencyError(streamName, options.expectedVersion, current[0]?.version ?? 0);
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
