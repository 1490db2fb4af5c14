import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testEvent } from '@beatmatch/testing';
import { flushTelemetry, startTelemetry, stopTelemetry, inNewTrace, inSpan } from './telemetry';
import { currentTraceCarrier, fetchInTrace, startClientSpan } from './propagation';
import { PostgresEventStore } from '../eventstore/postgres';
import { InProcessEventBus } from '../bus/inprocess';
import { OutboxRelay } from '../outbox/relay';
import { openPglite } from '../sql/pglite';
import { createLogger } from '../logging/logger';

/**
 * A request's trace goes on past the outbox: the row remembers the request's trace context, the relay
 * publishes it in a producer span of that trace, and the consumer handles it in a child span, where
 * its log lines name the trace and the span.
 */
const exporter = new InMemorySpanExporter();
beforeAll(() => startTelemetry({ serviceName: 'propagation-test', exporter }));
afterAll(() => stopTelemetry());

it("continues the appending request's trace through the relay to the consumer and its log lines", async () => {
  const db = await openPglite();
  const store = new PostgresEventStore(db, 'traced');
  await store.migrate();
  const bus = new InProcessEventBus();
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('consumer', 'info', {
    write: (line: string) => void lines.push(JSON.parse(line)),
  });
  await bus.subscribe({
    groupId: 'listener',
    topics: ['things'],
    handle: async (event) => void logger.info({ eventId: event.id }, 'handled'),
  });
  const event = testEvent('test.ThingHappened', { n: 1 });
  await inNewTrace('request', {}, () =>
    store.appendToStream('thing:1', [{ type: 'Happened', data: {} }], {
      expectedVersion: 0,
      outbox: { topic: 'things', messages: [{ key: 'thing:1', event }] },
    }),
  );
  // Relayed later, outside the request: the trace must come from the row, not from the caller.
  const relay = new OutboxRelay(db, 'traced', bus, logger);
  await relay.relayBatch();
  await db.close();

  await flushTelemetry();
  const spans = exporter.getFinishedSpans();
  const request = spans.find((span) => span.name === 'request')!;
  const append = spans.find((span) => span.name === 'eventstore.append')!;
  const producer = spans.find((span) => span.kind === SpanKind.PRODUCER)!;
  const consumer = spans.find((span) => span.kind === SpanKind.CONSUMER)!;
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  expect(parentOf(append)).toBe(request.spanContext().spanId);
  expect(parentOf(producer)).toBe(append.spanContext().spanId);
  expect(parentOf(consumer)).toBe(producer.spanContext().spanId);
  for (const span of [append, producer, consumer])
    expect(span.spanContext().traceId).toBe(request.spanContext().traceId);
  expect(lines.find((line) => line.msg === 'handled')).toMatchObject({
    trace_id: request.spanContext().traceId,
    span_id: consumer.spanContext().spanId,
  });
});

/** A caller's span context whose trace the sampler left out (flags 00), ids made of one hex digit each. */
const leftOut = (traceDigit: string, spanDigit: string) => ({
  traceId: traceDigit.repeat(32),
  spanId: spanDigit.repeat(16),
  traceFlags: TraceFlags.NONE,
  isRemote: true,
});

it('makes no span inside a trace the sampler left out, and carries its decision on to the services it calls', async () => {
  const unsampled = leftOut('a', 'b');
  exporter.reset();
  const carried = await context.with(trace.setSpanContext(ROOT_CONTEXT, unsampled), () =>
    inSpan('request', {}, () =>
      inSpan('eventstore.append', {}, async () => ({
        row: currentTraceCarrier(),
        call: startClientSpan('gateway → matchmaker', {}),
      })),
    ),
  );
  // Nothing is stored with a row: a message without trace headers is left out where it is consumed.
  expect(carried.row).toBeUndefined();
  // A call says "not sampled" (flags 00), so the service at the other end records nothing either.
  expect(carried.call.span).toBeUndefined();
  expect(carried.call.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  await flushTelemetry();
  expect(exporter.getFinishedSpans()).toEqual([]);
});

it('starts no trace for work outside one: a row written there is relayed and consumed without a span', async () => {
  const unsampled = leftOut('c', 'd');
  const db = await openPglite();
  const store = new PostgresEventStore(db, 'untraced');
  await store.migrate();
  const bus = new InProcessEventBus();
  const seen: Array<{ carrier: unknown; recording: boolean | undefined; sampledFlag: number | undefined }> =
    [];
  await bus.subscribe({
    groupId: 'listener',
    topics: ['things'],
    handle: async () =>
      void seen.push({
        carrier: currentTraceCarrier(),
        recording: trace.getActiveSpan()?.isRecording(),
        sampledFlag: trace.getActiveSpan()?.spanContext().traceFlags,
      }),
  });
  exporter.reset();
  const append = (stream: string) =>
    store.appendToStream(stream, [{ type: 'Happened', data: {} }], {
      expectedVersion: 0,
      outbox: { topic: 'things', messages: [{ key: stream, event: testEvent('test.ThingHappened', {}) }] },
    });
  // One row from a request the sampler left out, one from work outside any request (a timer, a job).
  await context.with(trace.setSpanContext(ROOT_CONTEXT, unsampled), () => append('thing:2'));
  await append('thing:3');
  await new OutboxRelay(db, 'untraced', bus, createLogger('relay', 'silent')).relayBatch();
  await db.close();

  // Both consumed left out: no producer or consumer span, no root of a trace of their own.
  expect(seen).toEqual([
    { carrier: undefined, recording: false, sampledFlag: TraceFlags.NONE },
    { carrier: undefined, recording: false, sampledFlag: TraceFlags.NONE },
  ]);
  await flushTelemetry();
  expect(exporter.getFinishedSpans()).toEqual([]);
});

it("makes a fetch to another process part of the caller's trace, or carries its left-out decision on", async () => {
  // The callee: a plain server that answers with the trace headers it got.
  const server = createServer((req, res) =>
    res
      .writeHead(req.url === '/broken' ? 503 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ traceparent: req.headers.traceparent, token: req.headers['x-token'] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const got = async (path: string) =>
    (await fetchInTrace('gateway → identity', `${url}${path}`, {
      method: 'POST',
      headers: { 'x-token': 'secret' },
    }).then((response) => response.json())) as { traceparent?: string; token?: string };
  try {
    exporter.reset();
    const kept = await inNewTrace('request', {}, async (span) => ({
      answer: await got('/sessions/resolve'),
      broken: await got('/broken'),
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
    }));
    const left = await context.with(trace.setSpanContext(ROOT_CONTEXT, leftOut('c', 'd')), () =>
      got('/sessions/resolve'),
    );
    await flushTelemetry();
    const calls = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
    expect(calls).toHaveLength(2);
    const [call, broken] = calls;
    // The callee's server span becomes the child of the client span, in the caller's trace.
    expect(kept.answer).toEqual({
      traceparent: `00-${kept.traceId}-${call!.spanContext().spanId}-01`,
      token: 'secret',
    });
    expect(call!.parentSpanContext?.spanId).toBe(kept.spanId);
    expect(call!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/sessions/resolve',
      'http.response.status_code': 200,
    });
    expect(broken!.status.code).toBe(SpanStatusCode.ERROR);
    // Left out: no span, and the callee is told "not sampled" instead of starting a trace of its own.
    expect(left).toEqual({
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/),
      token: 'secret',
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
