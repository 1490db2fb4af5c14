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
import { activeSpan, isLeftOutSpan, LEFT_OUT_CONTEXT } from './contextManager';
import { isUnsampled } from './sampled';

/**
 * Trace context as W3C headers (`traceparent`, `tracestate`), carried where a call leaves the process
 * by other means than HTTP: an outbox row written in a request is relayed later, outside that request,
 * and a Kafka message is handled by another process. Without telemetry no propagator is registered,
 * the carrier stays empty and nothing is stored or sent.
 */
export type TraceCarrier = Record<string, string>;

const tracer = trace.getTracer('beatmatch');

/**
 * The active span's context as headers, or undefined outside a recorded trace: an outbox row or a
 * message without a carrier is left out where it is relayed and consumed, as the work that wrote it was.
 */
export function currentTraceCarrier(): TraceCarrier | undefined {
  const active = activeSpan();
  if (!active || isLeftOutSpan(active)) return undefined;
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
  // A row written outside a recorded trace starts none: the message goes without trace headers.
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : undefined;
  const remote = parent && trace.getSpanContext(parent);
  if (!parent || !remote) return { span: undefined, headers: undefined };
  // A trace the sampler left out records no span below it: the message carries the decision on as it came.
  if (isUnsampled(remote)) return { span: undefined, headers: carrier };
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

/**
 * A call to another of our processes made with `fetch` (the gateway asking identity for a session, a
 * profile, an admin action's record): a client span when the active trace is recorded, and the trace
 * context in its headers, so the callee's server span joins the caller's trace (or stays out with it)
 * instead of starting a trace of its own. Without telemetry the headers are the caller's own.
 */
export async function fetchInTrace(
  name: string,
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const { span, headers } = startClientSpan(name, {
    'http.request.method': init.method ?? 'GET',
    'url.path': new URL(url).pathname,
  });
  let failure: unknown;
  try {
    const response = await fetch(url, { ...init, headers: { ...init.headers, ...headers } });
    span?.setAttribute('http.response.status_code', response.status);
    if (response.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
    return response;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (span) endSpans([span], failure);
  }
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

/**
 * Runs a consumer's handler in a span that continues the trace the message's headers carry. A message
 * without them, or of a trace the sampler left out, is handled in the left-out context: no span, and no
 * trace of its own (./contextManager.ts).
 */
export async function inConsumerSpan<T>(
  name: string,
  carrier: TraceCarrier | undefined,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : undefined;
  const remote = parent && trace.getSpanContext(parent);
  if (!parent || !remote || isUnsampled(remote)) return context.with(LEFT_OUT_CONTEXT, fn);
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
