import type { IntegrationEvent } from '@beatmatch/contracts';
import type { EventBus } from '../bus/port';
import type { SqlDatabase } from '../sql/port';
import { assertIdentifier } from '../sql/open';
import type { Logger } from '../logging/logger';
import { observeOutbox } from './backlog';
import { endSpans, startProducerSpan, type TraceCarrier } from '../telemetry/propagation';

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  event: IntegrationEvent;
  trace_context: TraceCarrier | null;
}

/**
 * Publishes outbox rows to the bus after commit, in id order, and marks them sent only after the bus
 * accepted them — so a crash between the two re-publishes (at-least-once; consumers dedupe by id).
 */
export class OutboxRelay {
  private readonly s: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Set by stop() only: a relay never started still relays when kicked by hand (tests, benches). */
  private stopped = false;
  private unobserve: (() => void) | undefined;

  constructor(
    private readonly db: SqlDatabase,
    schema: string,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: {
      batchSize?: number;
      pollMs?: number;
      /**
       * Relay only these topics, or every topic but these. Two relays on one outbox keep a slow
       * consumer (a mail server that is down, in-process) from holding back the other topics' rows.
       */
      topics?: { only: string[] } | { except: string[] };
    } = {},
  ) {
    this.s = assertIdentifier(schema);
  }

  start(): void {
    this.stopped = false;
    this.unobserve = observeOutbox(this.db, this.s);
    const poll = () => {
      this.timer = setTimeout(async () => {
        await this.kick();
        if (!this.stopped) poll();
      }, this.options.pollMs ?? 1000);
      this.timer.unref();
    };
    poll();
    void this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unobserve?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Relay now (called after a commit that wrote outbox rows); overlapping calls coalesce. A stopped
   * relay does nothing: a commit that lands while its service shuts down leaves its rows for the next
   * start, instead of querying a database that is being closed (or a schema already dropped).
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.relayBatch()) > 0) {
            /* drain */
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn({ err: error }, 'outbox relay failed; will retry');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /**
   * Relays one batch; returns how many rows were sent. No transaction is held while publishing: the
   * in-process bus runs handlers that use the same embedded database, and PGlite has one connection.
   * Several relays of one service may therefore send a row twice — consumers dedupe by event id.
   */
  async relayBatch(): Promise<number> {
    const { topics } = this.options;
    const filter = !topics ? '' : 'only' in topics ? 'AND topic = ANY($2)' : 'AND NOT (topic = ANY($2))';
    const { rows } = await this.db.query<OutboxRow>(
      `SELECT id, topic, message_key, event, trace_context FROM ${this.s}.outbox WHERE sent_at IS NULL ${filter} ORDER BY id LIMIT $1`,
      topics
        ? [this.options.batchSize ?? 100, 'only' in topics ? topics.only : topics.except]
        : [this.options.batchSize ?? 100],
    );
    if (rows.length === 0) return 0;
    const byTopic = new Map<string, OutboxRow[]>();
    for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
    for (const [topic, topicRows] of byTopic) await this.publishInSpans(topic, topicRows);
    await this.db.query(`UPDATE ${this.s}.outbox SET sent_at = now() WHERE id = ANY($1::bigint[])`, [
      rows.map((row) => row.id),
    ]);
    return rows.length;
  }

  /** Each message gets a producer span in the trace of the request that wrote it, when that one is sampled. */
  private async publishInSpans(topic: string, rows: OutboxRow[]) {
    const produced = rows.map((row) => ({
      row,
      ...startProducerSpan(`${topic} publish`, row.trace_context ?? undefined, {
        'messaging.destination.name': topic,
        'messaging.message.id': row.event.id,
        'beatmatch.event.type': row.event.type,
      }),
    }));
    // A message of a trace the sampler left out has none.
    const spans = produced.flatMap(({ span }) => (span ? [span] : []));
    try {
      await this.bus.publish(
        topic,
        produced.map(({ row, headers }) => ({
          key: row.message_key,
          event: row.event,
          ...(headers ? { traceContext: headers } : {}),
        })),
      );
    } catch (error) {
      endSpans(spans, error);
      throw error;
    }
    endSpans(spans);
  }
}
