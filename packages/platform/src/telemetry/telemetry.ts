import { trace, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry once per process, exporting spans to an OTLP endpoint or to an exporter handed
 * in by code (tests). W3C trace context then crosses every HTTP hop, so one trace spans gateway →
 * service → store/bus. The SDK is loaded only here: a process without an exporter never pays for it
 * (about 0.7 s of CPU per process), and `inSpan` stays a no-op.
 *
 * Instrumentation patches modules as they load, so call this before express, http and pg are
 * required — from a process entry, import `telemetry/autostart` first.
 */
export function startTelemetry(options: {
  serviceName: string;
  otlpEndpoint?: string;
  exporter?: SpanExporter;
}) {
  if (sdk) return sdk;
  if (!options.exporter && !options.otlpEndpoint) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on demand, see above */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { BatchSpanProcessor, SimpleSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // An exporter handed in by code gets every span at once; OTLP export is batched.
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }));
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
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
) {
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
