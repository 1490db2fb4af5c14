import { trace, INVALID_SPAN_CONTEXT, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { activeSpan, forgetContextManager, installContextManager, isLeftOutSpan } from './contextManager';

let sdk: NodeSDK | undefined;
let started: { serviceName: string; processor: SpanProcessor } | undefined;

/** The running telemetry's service name and span processor (Temporal's workflow spans are handed to it). */
export const activeTelemetry = () => started;

/**
 * Starts OpenTelemetry once per process, exporting spans to an OTLP endpoint or to an exporter handed
 * in by code (tests). W3C trace context then crosses every HTTP hop, so one trace spans gateway →
 * service → store/bus. The SDK is loaded only here: a process without an exporter never pays for it
 * (about 0.7 s of CPU per process), and `inSpan` stays a no-op.
 *
 * Call it before the process listens (`listenOn` wraps its server's requests in spans only when
 * telemetry runs) — from a process entry, import `telemetry/autostart` first.
 */
export function startTelemetry(options: {
  serviceName: string;
  otlpEndpoint?: string;
  exporter?: SpanExporter;
  /** Batch the handed-in exporter's spans as OTLP export does (benches), instead of one by one (tests). */
  batched?: boolean;
}) {
  if (sdk) return sdk;
  if (!options.exporter && !options.otlpEndpoint) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on demand, see above */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { BatchSpanProcessor, SimpleSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { EntrySampler } = require('./sampler') as typeof import('./sampler');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // An exporter handed in by code gets every span at once; OTLP export is batched.
  const processor = options.exporter
    ? options.batched
      ? new BatchSpanProcessor(options.exporter)
      : new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }));
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [processor],
    sampler: new EntrySampler(),
    // Its AsyncLocalStorage is on only while a recorded trace runs (./contextManager.ts).
    contextManager: installContextManager(),
    // No instrumentation patches a module: the kit makes the spans an operator reads itself, and only
    // for the requests the sampler keeps. OpenTelemetry's HTTP and pg instrumentations (and Express's
    // before them) did a span's work for every request and every query, sampled or not, and recorded
    // their own duration histograms beside the kit's: they were telemetry's cost per request
    // (bench/matchmaker/README.md). Instead: the HTTP server span (../http/listen.ts, ./serverSpan.ts),
    // the gateway's call to a service (gateway/src/serviceCall.ts), a span per query
    // (../sql/postgres.ts), the event store's appends, the outbox relay's publishes, Kafka consumers
    // (./propagation.ts) and Temporal's interceptors (./temporal.ts).
    instrumentations: [],
  });
  sdk.start();
  started = { serviceName: options.serviceName, processor };
  return sdk;
}

/**
 * Hands every ended span to the exporter before returning. Spans reach even an unbatched exporter only
 * once the SDK's resource detectors have answered (asynchronously, slower on a loaded machine), so a
 * reader of an in-memory exporter flushes first.
 */
export async function flushTelemetry() {
  await started?.processor.forceFlush();
}

export async function stopTelemetry() {
  await sdk?.shutdown();
  sdk = undefined;
  started = undefined;
  forgetContextManager();
}

const tracer = trace.getTracer('beatmatch');

/** The span work outside any trace is handed (telemetry off): records nothing. */
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Wraps work in an active span, child of the active one (used around event-store appends, bus
 * publishes, mail sends). Outside a recorded trace it makes none and starts no trace of its own: only an
 * entry point does (the HTTP server span, a consumed message, a workflow).
 */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  // In a trace the sampler left out (nine in ten), a child would not be recorded either (the sampler
  // follows the parent's decision): the work runs in the parent's context, which carries the same trace
  // and decision on, without a span and a context made per call.
  const parent = activeSpan();
  if (!parent || isLeftOutSpan(parent)) return unwrapped(fn, parent ?? NO_SPAN);
  return recordIn(name, attributes, SpanKind.INTERNAL, fn);
}

/**
 * Runs work in the root span of a trace of its own, which the sampler decides on: for an entry point
 * that is neither a request nor a consumed message nor a workflow (a job an operator starts, a probe).
 */
export function inNewTrace<T>(
  name: string,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return recordIn(name, attributes, SpanKind.INTERNAL, fn, true);
}

/**
 * Wraps work in a child span of the active span when that one is recorded, and otherwise just runs it:
 * work outside any trace (the outbox relay's polling) and in a trace the sampler left out makes no span.
 * Used per database query (../sql/postgres.ts), far too often to start traces of its own. `describe`
 * gives the span's name and attributes, and runs only when the span is made.
 */
export function inChildSpan<T>(
  describe: () => [name: string, attributes: Record<string, string | number>],
  kind: SpanKind,
  fn: () => Promise<T>,
): Promise<T> {
  if (!activeSpan()?.isRecording()) return unwrapped(fn, undefined);
  const [name, attributes] = describe();
  return recordIn(name, attributes, kind, fn);
}

/**
 * `fn`'s own promise, not one an `async` wrapper would chain to it: on the paths that make no span (most
 * calls, once per query) that saves a promise and its turns, which cost more with OpenTelemetry's
 * AsyncLocalStorage on (its hooks run for every promise). A synchronous throw still becomes a rejection.
 */
function unwrapped<A, T>(fn: (argument: A) => Promise<T>, argument: A): Promise<T> {
  try {
    return fn(argument);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

function recordIn<T>(
  name: string,
  attributes: Record<string, string | number>,
  kind: SpanKind,
  fn: (span: Span) => Promise<T>,
  root = false,
) {
  return tracer.startActiveSpan(name, { kind, attributes, root }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
