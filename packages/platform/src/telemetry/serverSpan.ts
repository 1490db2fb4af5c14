import {
  context,
  propagation,
  trace,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Context,
} from '@opentelemetry/api';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener } from 'node:http';
import { holdContext, LEFT_OUT_CONTEXT } from './contextManager';
import { isUnsampled, rootDecision, sampleRoot } from './sampled';

const tracer = trace.getTracer('beatmatch');

const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Liveness and readiness probes, and the ops listener's Prometheus scrapes: every few seconds, every process. */
const isProbeOrScrape = (request: IncomingMessage) => UNTRACED_PATHS.has(request.url?.split('?', 1)[0] ?? '');

/**
 * Runs every request `handler` serves in an HTTP server span: the child of the caller's span when the
 * request carries W3C trace context (`traceparent`), else a new trace the sampler decides on. The kit's
 * own instead of OpenTelemetry's HTTP instrumentation, which did all of a span's work for every request,
 * sampled or not — its attributes, its own duration histograms, a wrapped `res.end` — and was most of
 * telemetry's cost per request (bench/matchmaker/README.md). Here a request the sampler leaves out (nine
 * in ten) costs one sampling decision and enters no context: it runs in the left-out context
 * (./contextManager.ts), so no span below it is recorded and the services it calls leave it out too. A
 * recorded span is named by the route `routeOf` gives once the response closed (`POST
 * beatmatch_beat_play`, never the path with its ids), else by the method alone. Probes and scrapes run
 * untraced: they are no user action.
 */
export function traceRequests(
  handler: RequestListener,
  routeOf: (req: IncomingMessage) => string | undefined,
): RequestListener {
  return (req, res) => {
    if (isProbeOrScrape(req)) return handler(req, res);
    const caller =
      req.headers.traceparent === undefined ? undefined : propagation.extract(ROOT_CONTEXT, req.headers);
    const callerSpan = caller && trace.getSpanContext(caller);
    // Left out by the sampler (nine in ten): the caller's decision, or the root's, taken before any span or
    // id is made. No context is entered, so the context storage may stay off (./contextManager.ts): the
    // request runs in the left-out context, which carries "not sampled" on to the services and workflows
    // it calls. It is entered only if the connection was made in a recorded request and carries its context.
    if (callerSpan ? isUnsampled(callerSpan) : !sampleRoot())
      return context.with(LEFT_OUT_CONTEXT, handler, undefined, req, res);
    const parent = caller && callerSpan ? caller : ROOT_CONTEXT;
    const method = req.method ?? 'GET';
    const span = startKeptSpan(method, parent);
    const active = trace.setSpan(parent, span);
    // The body's 'data' and 'end' (and the response's 'close') come from the socket, outside this call:
    // their listeners must still run in the request's context, or work after parsing the body would
    // be left out of its trace.
    emitIn(active, req);
    emitIn(active, res);
    const release = holdContext();
    span.setAttributes({
      'http.request.method': method,
      'url.path': req.url?.split('?', 1)[0] ?? '/',
      ...(req.headers['user-agent'] ? { 'user_agent.original': req.headers['user-agent'] } : {}),
    });
    res.once('close', () => {
      const route = routeOf(req);
      if (route !== undefined) {
        span.updateName(`${method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      else if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
      span.end();
      release();
    });
    context.with(active, handler, undefined, req, res);
  };
}

/** The request's span, kept: its decision is taken (`sampleRoot`, or the caller's), the SDK's sampler keeps it. */
function startKeptSpan(method: string, parent: Context) {
  rootDecision.taken = true;
  try {
    return tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
  } finally {
    rootDecision.taken = false;
  }
}

/**
 * Every event `emitter` emits from now on runs its listeners in `active`. What `context.bind` does for
 * an emitter, for a fraction of its cost: that wraps each listener as it is added (Express and its
 * middleware add a dozen per request), this enters the context once per event emitted.
 */
function emitIn(active: Context, emitter: EventEmitter) {
  // Bound once: `context.with` would bind a `this` it is handed on every event.
  const emit = emitter.emit.bind(emitter);
  emitter.emit = (event: string | symbol, ...args: unknown[]) =>
    context.with(active, emit, undefined, event, ...args);
}
