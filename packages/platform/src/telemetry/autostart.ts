/**
 * Import this first in a process entry: it starts telemetry from the standard OpenTelemetry
 * variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME) before express, http and pg load, so
 * their instrumentation applies. Without an endpoint it does nothing.
 */
import { startTelemetry } from './telemetry';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint)
  startTelemetry({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'beatmatch', otlpEndpoint: endpoint });
