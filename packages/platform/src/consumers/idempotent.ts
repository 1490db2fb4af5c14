import type { IntegrationEvent } from '@beatmatch/contracts';
import type { DeliveryContext, EventHandler } from '../bus/port';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import { assertIdentifier } from '../sql/open';

export function processedEventsSchema(schema: string): string {
  const s = assertIdentifier(schema);
  return `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.processed_events (
      consumer text NOT NULL,
      event_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    );`;
}

/**
 * Wraps a handler so each event id takes effect once per consumer: the id is recorded in the
 * consumer's own database in the same transaction as the handler's writes, so a redelivered or
 * duplicated event is skipped and a crash mid-handler leaves neither the effect nor the mark.
 */
export function idempotent(
  db: SqlDatabase,
  schema: string,
  consumer: string,
  handler: (event: IntegrationEvent, tx: SqlExecutor, context: DeliveryContext) => Promise<void>,
): EventHandler {
  const s = assertIdentifier(schema);
  return (event, context) =>
    db.transaction(async (tx) => {
      const claimed = await tx.query(
        `INSERT INTO ${s}.processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [consumer, event.id],
      );
      if (claimed.rowCount === 0) return;
      await handler(event, tx, context);
    });
}
