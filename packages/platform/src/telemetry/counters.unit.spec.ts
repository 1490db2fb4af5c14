import { metrics as metricsApi } from '@opentelemetry/api';
import { metrics } from '@opentelemetry/sdk-node';
import { createCounter } from './counters';

/** A counter made before any meter provider exists is exported once one is registered. */
afterEach(() => metricsApi.disable());

it('counts into the meter provider registered after the counter was made, by name and attributes', async () => {
  const counter = createCounter('beatmatch_test_events_total', 'events of a test');
  counter.add({ kind: 'early' }); // no provider yet: a no-op, and no error
  const exporter = new metrics.InMemoryMetricExporter(metrics.AggregationTemporality.CUMULATIVE);
  const reader = new metrics.PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
  metricsApi.setGlobalMeterProvider(new metrics.MeterProvider({ readers: [reader] }));
  counter.add({ kind: 'api' });
  counter.add({ kind: 'api' });
  counter.add({ kind: 'upload' });
  const { resourceMetrics } = await reader.collect();
  const [metric] = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
  expect(metric?.descriptor.name).toBe('beatmatch_test_events_total');
  const byKind = Object.fromEntries(metric!.dataPoints.map((point) => [point.attributes.kind, point.value]));
  expect(byKind).toEqual({ api: 2, upload: 1 });
});
