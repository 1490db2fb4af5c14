import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { trace, SpanStatusCode, type Span } from '@opentelemetry/api';
import { BatchSpanProcessor, NoopSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry once per process. Context always propagates (W3C traceparent over HTTP, so a
 * trace spans gateway → service → store/bus); spans are exported only when an endpoint or an
 * exporter is given.
 */
export function startTelemetry(options: { serviceName: string; otlpEndpoint?: string; exporter?: SpanExporter }) {
  if (sdk) return sdk;
  // An exporter handed in by code (tests) gets every span at once; OTLP export is batched.
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : options.otlpEndpoint
      ? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }))
      : new NoopSpanProcessor();
  // Without an exporter a no-op processor still registers the tracer provider, so trace context keeps
  // flowing between processes; the SDK's env default (OTLP to localhost) is never used silently.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [processor],
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  return sdk;
}

export async function stopTelemetry() {
  await sdk?.shutdown();
  sdk = undefined;
}

const tracer = trace.getTracer('beatmatch');

/** Wraps work in an active span (used around event-store appends, bus publishes, mail sends). */
export async function inSpan<T>(name: string, attributes: Record<string, string | number>, fn: (span: Span) => Promise<T>) {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
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
