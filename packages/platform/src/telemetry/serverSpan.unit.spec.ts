import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Without Express's instrumentation the HTTP server span would be named by its method alone; the
 * kit's request logging names it by the route the router matched, as an operator searches for it.
 */
jest.setTimeout(60_000);

async function serverSpansFor(...paths: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', require.resolve('./serverSpanProbe.ts'), ...paths],
    { env: { ...process.env, OTEL_TRACES_SAMPLER: 'always_on' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Array<{ name: string; route?: string }>;
}

it("names the HTTP server span by the route's pattern, never the path with its ids, and an unmatched one by its method", async () => {
  expect(await serverSpansFor('/things/42', '/nowhere')).toEqual([
    { name: 'GET /things/:id', route: '/things/:id' },
    { name: 'GET' },
  ]);
});

it('traces no liveness probe: a request to /healthz makes no span, the next request its own', async () => {
  expect(await serverSpansFor('/healthz', '/things/7', '/healthz?full=1')).toEqual([
    { name: 'GET /things/:id', route: '/things/:id' },
  ]);
});
