import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { context, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { flushTelemetry, inChildSpan, inNewTrace, inSpan, startTelemetry, stopTelemetry } from './telemetry';

/**
 * The span helpers on the paths that make no span (outside a trace, or in one the sampler left out):
 * the work's own promise, no span described, and a synchronous throw still a rejection. Inside a
 * recorded span they make the child span they describe.
 */
const exporter = new InMemorySpanExporter();
beforeAll(() => startTelemetry({ serviceName: 'in-span-test', exporter }));
afterAll(() => stopTelemetry());
beforeEach(() => exporter.reset());

const unsampled = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: 'e'.repeat(32),
  spanId: 'f'.repeat(16),
  traceFlags: TraceFlags.NONE,
  isRemote: true,
});

it("hands back the work's own promise and describes no span outside a recorded one", async () => {
  const work = Promise.resolve(7);
  const describe = jest.fn((): [string, Record<string, string>] => ['never', {}]);
  expect(inChildSpan(describe, SpanKind.CLIENT, () => work)).toBe(work);
  const inLeftOut = context.with(unsampled, () => inChildSpan(describe, SpanKind.CLIENT, () => work));
  expect(inLeftOut).toBe(work);
  expect(context.with(unsampled, () => inSpan('append', {}, () => work))).toBe(work);
  // Outside any trace inSpan starts none of its own: only an entry point does.
  expect(inSpan('append', {}, () => work)).toBe(work);
  expect(describe).not.toHaveBeenCalled();
  await flushTelemetry();
  expect(exporter.getFinishedSpans()).toEqual([]);
});

it('turns a synchronous throw into a rejection', async () => {
  const boom = () => {
    throw new Error('boom');
  };
  await expect(inChildSpan(() => ['never', {}], SpanKind.CLIENT, boom)).rejects.toThrow('boom');
  await expect(context.with(unsampled, () => inSpan('append', {}, boom))).rejects.toThrow('boom');
});

it('makes the child span it describes inside a recorded span', async () => {
  const answer = await inNewTrace('request', {}, () =>
    inChildSpan(
      () => ['pg.query:bm_1 beatmatch', { 'db.namespace': 'beatmatch' }],
      SpanKind.CLIENT,
      async () => 42,
    ),
  );
  expect(answer).toBe(42);
  await flushTelemetry();
  const spans = exporter.getFinishedSpans();
  const request = spans.find((span) => span.name === 'request')!;
  const query = spans.find((span) => span.name === 'pg.query:bm_1 beatmatch')!;
  expect(query.kind).toBe(SpanKind.CLIENT);
  expect(query.attributes['db.namespace']).toBe('beatmatch');
  expect(query.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
});
