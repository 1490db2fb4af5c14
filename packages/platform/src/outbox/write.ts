import type { SqlExecutor } from '../sql/port';
import type { OutgoingMessage } from '../bus/port';
import { currentTraceCarrier } from '../telemetry/propagation';

/**
 * Writes one outbox row in `tx` beside a change that is not an event-store append (payouts' statement
 * requests, recorded with the payouts they tell about). Like an append it keeps the active trace
 * context, so the relay's publish and the consumer continue the trace of the request or activity that
 * wrote it instead of starting one of their own.
 */
export async function writeOutboxMessage(
  tx: SqlExecutor,
  schema: string,
  message: OutgoingMessage & { topic: string },
) {
  const traceContext = currentTraceCarrier();
  await tx.query(
    `INSERT INTO ${schema}.outbox (topic, message_key, event, trace_context) VALUES ($1, $2, $3, $4)`,
    [
      message.topic,
      message.key,
      JSON.stringify(message.event),
      traceContext ? JSON.stringify(traceContext) : null,
    ],
  );
}
