/**
 * Import this first in a process entry: it starts telemetry from the standard OpenTelemetry
 * variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME; sampling from OTEL_TRACES_SAMPLER and
 * OTEL_TRACES_SAMPLER_ARG) before the process listens, so its requests run in server spans, and
 * the ops listener with the Prometheus metrics when OPS_PORT is set (on OPS_HOST, default loopback).
 * Without either it does nothing.
 */
import { startTelemetry } from './telemetry';
import { startMetrics } from './metrics';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint)
  startTelemetry({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'beatmatch', otlpEndpoint: endpoint });

const opsPort = process.env.OPS_PORT;
if (opsPort)
  startMetrics({
    port: Number(opsPort),
    ...(process.env.OPS_HOST ? { host: process.env.OPS_HOST } : {}),
  }).catch((error: unknown) =>
    console.error(`[beatmatch] the ops listener could not start on port ${opsPort}:`, error),
  );
