/**
 * Run by pgSpans.int.spec.ts in a process of its own (its own global tracer provider): telemetry starts,
 * then one query runs outside any span, a query and a transaction inside one, then three spans' queries
 * on a pool of one connection; prints every span made.
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { openPostgres } from '../sql/postgres';
import { flushTelemetry, inNewTrace, startTelemetry, stopTelemetry } from './telemetry';

const exporter = new InMemorySpanExporter();
startTelemetry({ serviceName: 'pg-span-probe', exporter });

async function main() {
  const db = openPostgres(process.argv[2]!, { max: 2 });
  await db.query('SELECT 1 AS outside');
  await inNewTrace('work', {}, async () => {
    await db.query('SELECT $1::int AS inside', [1]);
    await db.transaction((tx) => tx.query('SELECT 2 AS in_transaction'));
  });
  await db.close();
  // Three requests' queries on one connection: the second and third wait for it, and are handed it by the
  // query before them.
  const single = openPostgres(process.argv[2]!, { max: 1 });
  await Promise.all(
    ['first', 'second', 'third'].map((name) =>
      inNewTrace(name, {}, () => single.query('SELECT pg_sleep(0.02)')),
    ),
  );
  await single.close();
  await flushTelemetry();
  const spans = exporter.getFinishedSpans();
  console.log(
    JSON.stringify(
      spans.map((span) => ({
        name: span.name,
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId,
      })),
    ),
  );
  await stopTelemetry();
}

void main();
