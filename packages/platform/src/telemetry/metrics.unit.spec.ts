import express from 'express';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { requestLogging } from '../http/app';
import { createCounter } from './counters';
import { startMetrics } from './metrics';
import { parsePrometheusText } from './promText';

/** The ops listener answers the kit's metrics in Prometheus text format, on its own port. */
let handle: Awaited<ReturnType<typeof startMetrics>>;
beforeAll(async () => (handle = await startMetrics({ port: 0 })));
afterAll(() => handle.stop());

it("exports per-route requests by status class with their latency, process gauges and the kit's counters", async () => {
  const app = express()
    .use(requestLogging(createLogger('shop', 'silent')))
    .get('/beats/:id', (_req, res) => void res.json({}))
    .get('/broken', (_req, res) => void res.status(500).json({}));
  await request(app).get('/beats/1').expect(200);
  await request(app).get('/beats/2').expect(200);
  await request(app).get('/broken').expect(500);
  createCounter('beatmatch_client_errors_total', 'errors reported by browsers').add({ kind: 'api' });

  const response = await fetch(handle.url);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  const samples = parsePrometheusText(await response.text());
  const count = (route: string, status: string) =>
    samples.find(
      (s) =>
        s.name === 'beatmatch_http_server_duration_seconds_count' &&
        s.labels.component === 'shop' &&
        s.labels.route === route &&
        s.labels.status === status,
    )?.value;
  expect(count('/beats/:id', '2xx')).toBe(2);
  expect(count('/broken', '5xx')).toBe(1);
  const names = new Set(samples.map((s) => s.name));
  for (const name of [
    'beatmatch_http_server_duration_seconds_bucket',
    'beatmatch_process_resident_memory_bytes',
    'beatmatch_event_loop_delay_seconds',
    'beatmatch_client_errors_total',
  ])
    expect(names).toContain(name);
  expect((await fetch(handle.url.replace('/metrics', '/'))).status).toBe(404);
});

it('never keeps a process alive by itself: one whose work is done exits with the listener open', async () => {
  const start = `require(${JSON.stringify(require.resolve('./metrics'))}).startMetrics({ port: 0 })`;
  // Killed (and so failing) if it is still running after 30 s.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', start], { timeout: 30_000 });
}, 60_000);
