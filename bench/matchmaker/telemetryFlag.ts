/**
 * `--telemetry` (or BENCH_TELEMETRY=1): the serving bench with the operator's tracing and metrics on, as
 * a production process would run them — OpenTelemetry's SDK with the kit's spans (HTTP server, gateway
 * call, queries, appends, relay), one trace in ten sampled at the gateway (parentbased_traceidratio
 * 0.1, kept by one-second time slice as in production; BEATMATCH_TRACES_SLICE_MS=0 draws per request),
 * spans batched to Jaeger's OTLP endpoint when OTEL_EXPORTER_OTLP_ENDPOINT is set, else to an exporter
 * that drops them, and the Prometheus instruments on an ops listener. Imported first:
 * telemetry must run before the bench's servers listen. Compare with a run without the flag at the same
 * time: ./telemetryOverhead.ts (bench/matchmaker/README.md).
 *
 * To attribute its cost (issue 27): `--async-context` (./asyncContextFlag.ts) is telemetry off with only
 * an AsyncLocalStorage entered; `--telemetry-without metrics` runs tracing without the meter provider;
 * `--traces-slice-ms N` sets the sampler's slice period (0: a draw per request).
 */
import type { ExportResult } from '@opentelemetry/core';
import { startTelemetry } from '@beatmatch/platform/telemetry';
import { startMetrics } from '../../packages/platform/src/telemetry/metrics';
import { asyncContextOn } from './asyncContextFlag';

export const telemetryOn = process.argv.includes('--telemetry') || process.env.BENCH_TELEMETRY === '1';

const withoutIndex = process.argv.indexOf('--telemetry-without');
const sliceIndex = process.argv.indexOf('--traces-slice-ms');
const leftOut = new Set(withoutIndex > 0 ? process.argv[withoutIndex + 1]!.split(',') : []);

if (telemetryOn) {
  process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
  process.env.OTEL_TRACES_SAMPLER_ARG ??= '0.1';
  if (sliceIndex > 0) process.env.BEATMATCH_TRACES_SLICE_MS = process.argv[sliceIndex + 1]!;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const dropSpans = {
    export: (_spans: unknown[], done: (result: ExportResult) => void) => done({ code: 0 }),
    shutdown: () => Promise.resolve(),
  };
  startTelemetry({
    serviceName: 'serving-bench',
    ...(endpoint ? { otlpEndpoint: endpoint } : { exporter: dropSpans, batched: true }),
  });
  if (!leftOut.has('metrics')) void startMetrics({ port: 0 });
}

console.log(
  `telemetry variant: ${telemetryOn ? `on${leftOut.size ? ` without ${[...leftOut].join(',')}` : ''}` : 'off'}${asyncContextOn ? ', one AsyncLocalStorage entered' : ''}`,
);
