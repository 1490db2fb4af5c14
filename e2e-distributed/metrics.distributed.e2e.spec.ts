import { parsePrometheusText } from '@beatmatch/platform';
import { SERVICES, type ProcessName } from '../scripts/start-distributed';
import { distributedRun } from './distributedRun';

/**
 * Issue 27: every process of the distributed profile exports its own metrics on its own ops listener
 * (OPS_PORT), so Prometheus can scrape them all (deploy/prometheus/prometheus.yml) — not one process
 * holding the port while the others fail to listen on it — and never on the public port.
 */
jest.setTimeout(300_000);

// Seven processes starting at once on a shared two-core machine: readiness can take over a minute.
const distributed = distributedRun('ops');

test('every process answers GET /metrics on its own ops listener', async () => {
  const system = distributed.system();
  const names: ProcessName[] = ['gateway', ...SERVICES];
  // A request through the gateway, which counts it (health probes are not counted).
  expect((await fetch(`${system.url}/api/csrf`)).status).toBe(200);
  const scraped = new Map<ProcessName, string>();
  for (const name of names) {
    const response = await fetch(system.metricsUrlOf(name));
    expect({ name, status: response.status }).toEqual({ name, status: 200 });
    scraped.set(name, await response.text());
  }
  expect(new Set(names.map((name) => system.metricsUrlOf(name))).size).toBe(names.length);

  for (const name of names) {
    const samples = parsePrometheusText(scraped.get(name)!);
    // What only this process can report: the gateway its request, a service its own outbox (schema = name).
    const own = samples.filter((sample) =>
      name === 'gateway'
        ? sample.name === 'beatmatch_http_server_duration_seconds_count' && sample.labels.component === name
        : sample.name === 'beatmatch_outbox_backlog' && sample.labels.schema === name,
    );
    expect({ name, ownSamples: own.length > 0 }).toEqual({ name, ownSamples: true });
    expect(samples.map((sample) => sample.name)).toContain('beatmatch_process_resident_memory_bytes');
    const publicPort = await (await fetch(`${system.processes[name].url}/metrics`)).text();
    expect(publicPort).not.toContain('beatmatch_process_resident_memory_bytes');
  }
});
