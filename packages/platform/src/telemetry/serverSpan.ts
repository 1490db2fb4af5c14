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
 * in ten) costs one sampling decision and one context entered: the context still carries the trace id
 * and the "not sampled" flag on, so no span below it is recorded and the services it calls leave it out
 * too. A recorded span is named by the route `routeOf` gives once the response closed (`POST
 * beatmatch_beat_play`, never the path with its ids), else by the method alone. Probes and scrapes run
 * untraced: they are no user action.
 */
export function traceRequests(
  handler: RequestListener,
  routeOf: (req: IncomingMessage) => string | undefined,
): RequestListener {
  return (req, res) => {
    if (isProbeOrScrape(req)) return handler(req, res);
    const parent =
      req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
    const method = req.method ?? 'GET';
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
    const active = trace.setSpan(parent, span);
    // The body's 'data' and 'end' (and the response's 'close') come from the socket, outside this call:
    // their listeners must still run in the request's context, or work after parsing the body would
    // start a trace of its own.
    emitIn(active, req);
    emitIn(active, res);
    if (span.isRecording()) {
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
      });
    }
    context.with(active, handler, undefined, req, res);
  };
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
