import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { parsePrometheusText } from './promText';
import { RequestHistogram } from './requestHistogram';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The kit's histogram and an SDK histogram (its twin) behind one exporter, as startMetrics wires it. */
async function exportedBoth(records: [string, string, string, string, number][]) {
  const kit = new RequestHistogram('kit_seconds', 'Time to answer a request', BOUNDS);
  const exporter = new PrometheusExporter({ preventServerStart: true, metricProducers: [kit] });
  const provider = new MeterProvider({ readers: [exporter] });
  const twin = provider.getMeter('beatmatch').createHistogram('sdk_seconds', {
    description: 'Time to answer a request',
    advice: { explicitBucketBoundaries: BOUNDS },
  });
  for (const [component, route, method, status, seconds] of records) {
    kit.record(component, route, method, status, seconds);
    twin.record(seconds, { component, route, method, status });
  }
  const { resourceMetrics } = await exporter.collect();
  await provider.shutdown();
  return parsePrometheusText(new PrometheusSerializer().serialize(resourceMetrics));
}

const key = (sample: { name: string; labels: Record<string, string> }) =>
  `${sample.name.replace(/^(kit|sdk)_/, '')} ${JSON.stringify(Object.entries(sample.labels).sort())}`;

it('exports what an SDK histogram with the same records exports: every bucket, sum and count, by series', async () => {
  const records: [string, string, string, string, number][] = [];
  const routes = ['beat_play', 'beat_pass', 'cart_add'];
  // Values on, just under and just over the bounds (a bound is its bucket's inclusive upper end), and above all.
  const values = BOUNDS.flatMap((bound) => [bound, bound * 0.999, bound * 1.001]).concat([0, 42]);
  values.forEach((seconds, index) =>
    records.push([
      'gateway',
      routes[index % 3]!,
      index % 2 ? 'POST' : 'GET',
      index % 5 ? '2xx' : '5xx',
      seconds,
    ]),
  );
  records.push(['matchmaker', 'beat_play', 'POST', '4xx', 0.003]);

  const samples = await exportedBoth(records);
  const kit = samples.filter((s) => s.name.startsWith('kit_')).map((s) => [key(s), s.value] as const);
  const sdk = samples.filter((s) => s.name.startsWith('sdk_')).map((s) => [key(s), s.value] as const);
  expect(kit.length).toBeGreaterThan(12 * 10);
  expect(new Map(kit)).toEqual(new Map(sdk));
});

it('puts a value equal to a bound in that bound’s bucket, and counts each series apart', async () => {
  const samples = await exportedBoth([
    ['gateway', 'beat_play', 'POST', '2xx', 0.01],
    ['gateway', 'beat_play', 'POST', '2xx', 0.02],
    ['gateway', 'beat_play', 'POST', '5xx', 20],
  ]);
  const value = (name: string, labels: Record<string, string>) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;
  const ok = { component: 'gateway', route: 'beat_play', method: 'POST', status: '2xx' };
  expect(value('kit_seconds_bucket', { ...ok, le: '0.005' })).toBe(0);
  expect(value('kit_seconds_bucket', { ...ok, le: '0.01' })).toBe(1);
  expect(value('kit_seconds_bucket', { ...ok, le: '0.025' })).toBe(2);
  expect(value('kit_seconds_count', ok)).toBe(2);
  expect(value('kit_seconds_sum', ok)).toBeCloseTo(0.03);
  expect(value('kit_seconds_bucket', { ...ok, status: '5xx', le: '10' })).toBe(0);
  expect(value('kit_seconds_bucket', { ...ok, status: '5xx', le: '+Inf' })).toBe(1);
});

it('exports no histogram before the first request', async () => {
  const samples = await exportedBoth([]);
  expect(samples.filter((s) => s.name.startsWith('kit_'))).toEqual([]);
});
