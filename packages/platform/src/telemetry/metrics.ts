import { metrics, type MeterProvider } from '@opentelemetry/api';
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RequestHistogram } from './requestHistogram';

/**
 * The kit's metrics: instruments on the global meter provider, and the request histogram the kit
 * aggregates itself (recorded on every request: ./requestHistogram.ts), exported in Prometheus text
 * format on an ops listener (OPS_PORT, loopback by default) that is never the public port. Without
 * metrics started every instrument is a no-op, so code records unconditionally.
 */
export const meter = () => metrics.getMeter('beatmatch');

/** The request histogram's bucket bounds, in seconds. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The request histogram while metrics run (./requestHistogram.ts: the kit's own, not an SDK instrument). */
let requests: RequestHistogram | undefined;

let exporterHandle: { stop(): Promise<void>; url: string } | undefined;

/** Starts the ops listener once per process: GET /metrics answers every instrument made here. */
export async function startMetrics(options: { port: number; host?: string }) {
  if (exporterHandle) return exporterHandle;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when metrics are asked for */
  const { PrometheusExporter } =
    require('@opentelemetry/exporter-prometheus') as typeof import('@opentelemetry/exporter-prometheus');
  const { MeterProvider: SdkMeterProvider } =
    require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  const { RequestHistogram: KitHistogram } =
    require('./requestHistogram') as typeof import('./requestHistogram');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const host = options.host ?? '127.0.0.1';
  const requestHistogram = new KitHistogram(
    'beatmatch_http_server_duration_seconds',
    'Time to answer a request, by component, route, method and status class',
    SECONDS_BUCKETS,
  );
  const exporter = new PrometheusExporter({ preventServerStart: true, metricProducers: [requestHistogram] });
  const provider = new SdkMeterProvider({ readers: [exporter] });
  metrics.setGlobalMeterProvider(provider);
  requests = requestHistogram;
  const stopProcessMetrics = observeProcess();
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics')
      return exporter.getMetricsRequestHandler(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  // It serves while the process does, and never keeps it alive by itself.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  exporterHandle = {
    url: `http://${host}:${port}/metrics`,
    async stop() {
      stopProcessMetrics();
      requests = undefined;
      await new Promise((resolve) => server.close(resolve));
      await provider.shutdown();
      metrics.disable();
      exporterHandle = undefined;
    },
  };
  return exporterHandle;
}

/** Resident memory, heap and the event loop's delay (mean and p99 since the last scrape). */
function observeProcess() {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const m = meter();
  m.createObservableGauge('beatmatch_process_resident_memory_bytes').addCallback((result) =>
    result.observe(process.memoryUsage.rss()),
  );
  m.createObservableGauge('beatmatch_process_heap_used_bytes').addCallback((result) =>
    result.observe(process.memoryUsage().heapUsed),
  );
  m.createObservableGauge('beatmatch_event_loop_delay_seconds', {
    description: 'Event-loop delay since the last scrape (mean and p99)',
  }).addCallback((result) => {
    result.observe(delay.mean / 1e9, { stat: 'mean' });
    result.observe(delay.percentile(99) / 1e9, { stat: 'p99' });
    delay.reset();
  });
  return () => delay.disable();
}

/**
 * An instrument made once per meter provider: recording on the hot path (every request) must not look
 * the instrument up each time, yet one made before the provider existed would stay a no-op.
 */
export function perProvider<T>(make: () => T): () => T {
  let madeFor: MeterProvider | undefined;
  let instrument: T | undefined;
  return () => {
    const provider = metrics.getMeterProvider();
    if (madeFor !== provider || instrument === undefined) {
      instrument = make();
      madeFor = provider;
    }
    return instrument;
  };
}

/** Records one answered request: its count gives the rate, its status the errors, its time the latency. */
export function recordRequest(
  component: string,
  route: string,
  method: string,
  status: number,
  seconds: number,
) {
  requests?.record(component, route, method, `${Math.floor(status / 100)}xx`, seconds);
}
