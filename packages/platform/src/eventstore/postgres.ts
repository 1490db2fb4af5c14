import type { SqlDatabase } from '../sql/port';
import { assertIdentifier } from '../sql/open';
import { inSpan } from '../telemetry/telemetry';
import { currentTraceCarrier } from '../telemetry/propagation';
import {
  ConcurrencyError,
  type AppendOptions,
  type DomainEvent,
  type EventStore,
  type ReadStreamResult,
} from './port';
import { GroupCommit, type Outcome } from './groupCommit';
import {
  AppendWriter,
  toRecorded,
  type EventRow,
  type InlineProjection,
  type PendingAppend,
} from './postgresAppend';

export type { InlineProjection, PendingEvent } from './postgresAppend';

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
    -- The W3C trace headers of the request that wrote the row: the relay continues its trace.
    ALTER TABLE ${s}.outbox ADD COLUMN IF NOT EXISTS trace_context jsonb;
    CREATE INDEX IF NOT EXISTS outbox_unsent ON ${s}.outbox (id) WHERE sent_at IS NULL;
  `;
}

/**
 * Event store on PostgreSQL (server or PGlite). Appends are group-committed: while a commit is in
 * flight (one by default; see `lanes`), the appends that arrive wait and are written together in the
 * next transaction, each as it would be alone (its own version check, events, inline projections and
 * outbox rows), and each caller is answered only after that transaction committed. A lost race writes nothing and fails alone with
 * ConcurrencyError, the batch going on past it; an append whose statement fails (a projection's
 * constraint, say) aborts the transaction, so it fails alone with its error and the others of the
 * batch are written again without it. A batch of one is the append on its own, as before: one
 * statement, or its own transaction when a projection has no statement form.
 */
export class PostgresEventStore implements EventStore {
  private readonly s: string;
  private readonly writer: AppendWriter;
  private readonly group: GroupCommit<PendingAppend, number>;
  private readonly grouped: boolean;

  constructor(
    private readonly db: SqlDatabase,
    schema: string,
    projections: InlineProjection[] = [],
    private readonly afterCommit: () => void = () => undefined,
    /**
     * `groupCommit: false` (or BEATMATCH_GROUP_COMMIT=off, for an A/B bench): every append commits on its
     * own, concurrently on the pool's connections, as before group commit. `lanes` (or
     * BEATMATCH_GROUP_COMMIT=<lanes>): how many batches may be in flight at once on their own
     * connections (default 1); `maxBatch`: appends per transaction (default 64).
     */
    private readonly options: { groupCommit?: boolean; maxBatch?: number; lanes?: number } = {},
  ) {
    this.s = assertIdentifier(schema);
    this.writer = new AppendWriter(this.s, projections);
    const fromEnv = process.env.BEATMATCH_GROUP_COMMIT;
    this.grouped = options.groupCommit ?? fromEnv !== 'off';
    const lanes = options.lanes ?? (Number(fromEnv) || 1);
    this.group = new GroupCommit((batch) => this.commitBatch(batch), { ...options, lanes });
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
    const nextExpectedVersion = await inSpan(
      'eventstore.append',
      { 'beatmatch.stream': streamName, 'beatmatch.events': events.length },
      async () => {
        const append = { streamName, events, options, traceContext: jsonOrNull(currentTraceCarrier()) };
        if (this.grouped) return this.group.submit(append);
        const version = await this.writer.alone(this.db, append);
        if (options.outbox?.messages.length) this.afterCommit();
        return version;
      },
    );
    return { nextExpectedVersion };
  }

  /** One batch, then the relays' kick when something it committed has outbox rows. */
  private async commitBatch(batch: PendingAppend[]): Promise<Outcome<number>[]> {
    const outcomes = await this.writeBatch(batch);
    if (batch.some((append, index) => outcomes[index]!.ok && append.options.outbox?.messages.length))
      this.afterCommit();
    return outcomes;
  }

  private async writeBatch(batch: PendingAppend[]): Promise<Outcome<number>[]> {
    if (batch.length === 1) return [await settle(this.writer.alone(this.db, batch[0]!))];
    const outcomes: Outcome<number>[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const [index, append] of batch.entries()) {
          const outcome = await settle(this.writer.within(tx, append));
          if (!outcome.ok && !(outcome.error instanceof ConcurrencyError))
            throw new AppendFailed(index, outcome.error);
          outcomes.push(outcome);
        }
      });
      return outcomes;
    } catch (error) {
      if (!(error instanceof AppendFailed)) return batch.map(() => ({ ok: false, error }));
      // Its statement aborted the transaction: the others go again without it, and it fails alone with
      // its error. A deadlock, though, may come from the locks the batch held for the others: it is
      // written again on its own, holding only its own locks, as it would have been without the batch.
      const others = await this.writeBatch(batch.filter((_, index) => index !== error.index));
      const culprit = batch[error.index]!;
      others.splice(
        error.index,
        0,
        isDeadlock(error.cause)
          ? await settle(this.writer.alone(this.db, culprit))
          : { ok: false, error: error.cause },
      );
      return others;
    }
  }
}

/** Thrown out of a batch's transaction (rolling it back) by the append whose statement failed. */
class AppendFailed extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super('an append of the batch failed');
  }
}

/** PostgreSQL's deadlock_detected: the transaction chosen to break a lock cycle was rolled back. */
const isDeadlock = (error: unknown) => (error as { code?: unknown } | undefined)?.code === '40P01';

const settle = <R>(promise: Promise<R>): Promise<Outcome<R>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

const jsonOrNull = (value: object | undefined) => (value ? JSON.stringify(value) : null);
