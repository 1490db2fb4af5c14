import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import { ConcurrencyError, type AppendOptions, type DomainEvent, type RecordedEvent } from './port';

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

/** One caller's append as it waits for its commit; the trace context is the caller's, taken on arrival. */
export interface PendingAppend {
  streamName: string;
  events: DomainEvent[];
  options: AppendOptions;
  traceContext: string | null;
}

export interface EventRow {
  stream_name: string;
  stream_position: number;
  global_position: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  recorded_at: Date | string;
}

export function toRecorded<E extends DomainEvent>(row: EventRow): RecordedEvent<E> {
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
 * Writes one append on a connection or inside a transaction. A lost race writes nothing and throws
 * ConcurrencyError without failing the surrounding transaction (the version check is a guarded UPDATE
 * or INSERT … ON CONFLICT DO NOTHING, not an error), so a batch can go on past it; any other error
 * leaves the transaction aborted.
 */
export class AppendWriter {
  constructor(
    private readonly s: string,
    private readonly projections: InlineProjection[],
  ) {}

  /** The append on its own: one statement when the projections allow it, else its own transaction. */
  async alone(db: SqlDatabase, append: PendingAppend): Promise<number> {
    return (await this.inOneStatement(db, append)) ?? db.transaction((tx) => this.inTransaction(tx, append));
  }

  /** The append inside a transaction that other appends share. */
  async within(tx: SqlExecutor, append: PendingAppend): Promise<number> {
    return (await this.inOneStatement(tx, append)) ?? this.inTransaction(tx, append);
  }

  private async inTransaction(tx: SqlExecutor, { streamName, events, options, traceContext }: PendingAppend) {
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
      await tx.query(
        `INSERT INTO ${this.s}.outbox (topic, message_key, event, trace_context) VALUES ($1, $2, $3, $4)`,
        [message.topic ?? options.outbox!.topic, message.key, JSON.stringify(message.event), traceContext],
      );
    }
    return nextVersion;
  }

  /**
   * The append as one statement (one round trip, atomic as any statement is): the stream's version
   * bump is a CTE named `appended` that yields a row only when the expected version holds, and the
   * events, the outbox messages and the projections' statements each insert `FROM appended`, so a lost
   * race writes nothing. Undefined when a relevant projection has no statement form for these events.
   */
  private async inOneStatement(on: SqlExecutor, append: PendingAppend): Promise<number | undefined> {
    const { streamName, events, options } = append;
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const pending = pendingEvents(append);
    const projected: string[] = [];
    for (const projection of this.projections) {
      const relevant = pending.filter((event) => projection.handles.includes(event.type));
      if (!relevant.length) continue;
      const statements = projection.statements?.(relevant, param);
      if (!statements) return undefined;
      projected.push(...statements);
    }
    const nextVersion = options.expectedVersion + events.length;
    const ctes = [
      ...this.appendedCtes(append, pending, param),
      ...projected.map((sql, i) => `projected_${i} AS (${sql})`),
    ];
    const { rows } = await on.query<{ n: string }>(
      `WITH ${ctes.join(',\n')} SELECT count(*) AS n FROM written`,
      params,
    );
    if (Number(rows[0]?.n ?? 0) === events.length) return nextVersion;
    throw await this.conflict(on, streamName, options.expectedVersion);
  }

  /** The version check (`appended`), the events (`written`) and the outbox rows (`sent`) as CTEs. */
  private appendedCtes(append: PendingAppend, pending: PendingEvent[], param: (value: unknown) => string) {
    const { options, traceContext } = append;
    const [stream, next] = [param(append.streamName), param(options.expectedVersion + pending.length)];
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
        `(${index}, ${param(message.topic ?? options.outbox!.topic)}, ${param(message.key)}, ${param(JSON.stringify(message.event))}::jsonb, ${param(traceContext)}::jsonb)`,
    );
    return [
      `appended AS (${appended})`,
      `written AS (INSERT INTO ${this.s}.events (event_id, stream_name, stream_position, type, data)
         SELECT e.event_id, ${stream}, e.position, e.type, e.data
         FROM (VALUES ${eventRows}) AS e(event_id, position, type, data), appended
         ORDER BY e.position
         RETURNING stream_position)`,
      ...(messages.length
        ? [
            `sent AS (INSERT INTO ${this.s}.outbox (topic, message_key, event, trace_context)
               SELECT m.topic, m.message_key, m.event, m.trace_context
               FROM (VALUES ${messages.join(', ')}) AS m(n, topic, message_key, event, trace_context), appended
               ORDER BY m.n)`,
          ]
        : []),
    ];
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
    throw await this.conflict(tx, streamName, expected);
  }

  private async conflict(on: SqlExecutor, streamName: string, expected: number) {
    const { rows } = await on.query<{ version: number }>(
      `SELECT version FROM ${this.s}.streams WHERE stream_name = $1`,
      [streamName],
    );
    return new ConcurrencyError(streamName, expected, rows[0]?.version ?? 0);
  }
}

function pendingEvents({ streamName, events, options }: PendingAppend): PendingEvent[] {
  return events.map((event, index) => ({
    streamName,
    streamPosition: options.expectedVersion + index + 1,
    eventId: randomUUID(),
    type: event.type,
    data: event.data as Record<string, unknown>,
  }));
}
