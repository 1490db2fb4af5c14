import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  createLogger,
  flushTelemetry,
  inNewTrace,
  InProcessEventBus,
  openPglite,
  OutboxRelay,
  PostgresEventStore,
  startTelemetry,
  stopTelemetry,
  type MailMessage,
} from '@beatmatch/platform';
import { payoutIdOf, runsSchema } from '../runs/schema';
import { queueStatements, subscribeStatementMail } from './statementMail';

/**
 * Issue 27: a payout statement is requested through payouts' outbox outside an event-store append;
 * its row keeps the trace context like every other outbox write, so the relay's publish and the mail
 * consumer belong to the trace of the run that recorded the payout, not to traces of their own.
 */
const exporter = new InMemorySpanExporter();
beforeAll(() => startTelemetry({ serviceName: 'payouts-statement-trace', exporter }));
afterAll(() => stopTelemetry());

it("relays and mails a payout's statement in the trace of the run that recorded the payout", async () => {
  const db = await openPglite();
  const s = 'payouts_trace';
  await new PostgresEventStore(db, s).migrate();
  await db.exec(runsSchema(s));
  const payoutId = payoutIdOf('dee', '2026-05', 'fiat');
  await db.query(`INSERT INTO ${s}.producer_emails (user_id, email) VALUES ('dee', 'dee@example.com')`);
  await db.query(
    `INSERT INTO ${s}.payouts (payout_id, producer_id, month, kind, method, destination, gross_cents, fee_cents, status, updated_at)
     VALUES ($1, 'dee', '2026-05', 'fiat', 'paypal', '{}', 5000, 200, 'submitted', now())`,
    [payoutId],
  );
  await inNewTrace('payout run', {}, () =>
    db.transaction((tx) => queueStatements(tx, s, [payoutId], new Date('2026-06-15T10:00:00Z'))),
  );

  const logger = createLogger('statement-trace', 'silent');
  const bus = new InProcessEventBus();
  const mails: MailMessage[] = [];
  await subscribeStatementMail(bus, { mailer: { send: async (mail) => void mails.push(mail) }, logger });
  // Relayed later, outside the run: the trace can only come from the row.
  await new OutboxRelay(db, s, bus, logger).relayBatch();
  await db.close();

  expect(mails.map((mail) => mail.to)).toEqual(['dee@example.com']);
  await flushTelemetry();
  const spans = exporter.getFinishedSpans();
  const run = spans.find((span) => span.name === 'payout run')!;
  const publish = spans.find((span) => span.kind === SpanKind.PRODUCER)!;
  const mailing = spans.find((span) => span.kind === SpanKind.CONSUMER)!;
  expect(publish.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
  expect(mailing.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
  expect([publish, mailing].map((span) => span.spanContext().traceId)).toEqual([
    run.spanContext().traceId,
    run.spanContext().traceId,
  ]);
});
