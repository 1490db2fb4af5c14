import {
  context,
  propagation,
  trace,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { isUnsampled } from './telemetry';

/**
 * Trace context as W3C headers (`traceparent`, `tracestate`), carried where a call leaves the process
 * by other means than HTTP: an outbox row written in a request is relayed later, outside that request,
 * and a Kafka message is handled by another process. Without telemetry no propagator is registered,
 * the carrier stays empty and nothing is stored or sent.
 */
export type TraceCarrier = Record<string, string>;

const tracer = trace.getTracer('beatmatch');

/** The active span's context as headers, or undefined when there is none to carry. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/**
 * A producer span, child of the context the carrier came with (the request that wrote the outbox
 * row), and the headers that make the consumer's span its child. End the span once the bus accepted
 * (or refused) the message.
 */
export function startProducerSpan(name: string, carrier: TraceCarrier | undefined, attributes: Attributes) {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  // A trace the sampler left out records no span below it: the message carries the decision on as it came.
  if (isUnsampled(trace.getSpanContext(parent))) return { span: undefined, headers: carrier };
  const span = tracer.startSpan(name, { kind: SpanKind.PRODUCER, attributes }, parent);
  const headers: TraceCarrier = {};
  propagation.inject(trace.setSpan(parent, span), headers);
  return { span, headers: Object.keys(headers).length > 0 ? headers : undefined };
}

/**
 * A call leaving over HTTP (the gateway's proxy to a service): a client span, child of the active span,
 * when that one is recorded, and the headers that make the callee's server span its child. In a trace
 * the sampler left out no span is made, and the headers carry its "not sampled" decision on. End the
 * span (if any) once the call ended.
 */
export function startClientSpan(name: string, attributes: Attributes) {
  const active = context.active();
  const span = trace.getSpan(active)?.isRecording()
    ? tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, active)
    : undefined;
  const headers: TraceCarrier = {};
  propagation.inject(span ? trace.setSpan(active, span) : active, headers);
  return { span, headers };
}

/** Ends producer spans with the outcome of the publish they were made for. */
export function endSpans(spans: Span[], error?: unknown) {
  for (const span of spans) {
    if (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  }
}

/** Runs a consumer's handler in a span that continues the trace the message's headers carry. */
export async function inConsumerSpan<T>(
  name: string,
  carrier: TraceCarrier | undefined,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  // In a trace the sampler left out, the handler runs in the caller's context: same trace, same decision.
  if (isUnsampled(trace.getSpanContext(parent))) return context.with(parent, fn);
  const span = tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn);
  } catch (error) {
    endSpans([span], error);
    throw error;
  } finally {
    if (span.isRecording()) span.end();
  }
}

/** Kafka headers arrive as Buffers (or arrays of them); the carrier wants the trace headers as strings. */
export function carrierFromHeaders(
  headers: Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined,
): TraceCarrier | undefined {
  if (!headers) return undefined;
  const carrier: TraceCarrier = {};
  for (const name of ['traceparent', 'tracestate']) {
    const value = headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) carrier[name] = first.toString();
  }
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}
