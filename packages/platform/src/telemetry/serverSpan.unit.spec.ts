import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ProbeRequest } from './serverSpanProbe';

/**
 * The kit's HTTP server span (./serverSpan.ts, served by `listenOn`): named by the route's pattern, a
 * child of the caller's span when the request carries one, never made for a probe or for a request
 * whose caller's trace the sampler left out, and the work after the body was read stays in its trace.
 */
jest.setTimeout(60_000);

interface ProbeSpan {
  name: string;
  kind: 'server' | 'internal';
  route?: string;
  status?: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

async function spansFor(...requests: ProbeRequest[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', require.resolve('./serverSpanProbe.ts'), JSON.stringify(requests)],
    { env: { ...process.env, OTEL_TRACES_SAMPLER: 'parentbased_always_on' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ProbeSpan[];
}

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

it("names the HTTP server span by the route's pattern, never the path with its ids, and an unmatched one by its method", async () => {
  const spans = await spansFor({ path: '/things/42' }, { path: '/nowhere' });
  expect(spans.map(({ name, route, status }) => ({ name, route, status }))).toEqual([
    { name: 'GET /things/:id', route: '/things/:id', status: 200 },
    { name: 'GET', status: 404 },
  ]);
});

it('traces no liveness probe: a request to /healthz makes no span, the next request its own', async () => {
  const spans = await spansFor({ path: '/healthz' }, { path: '/things/7' }, { path: '/healthz?full=1' });
  expect(spans.map(({ name }) => name)).toEqual(['GET /things/:id']);
});

it("continues the caller's trace, and keeps the work after the body was read in it", async () => {
  const spans = await spansFor({
    path: '/echo',
    body: { hello: 'world' },
    traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
  });
  const server = spans.find((span) => span.kind === 'server')!;
  expect(server).toMatchObject({ name: 'POST /echo', traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN });
  expect(spans.find((span) => span.name === 'after-body')).toMatchObject({
    traceId: CALLER_TRACE,
    parentSpanId: server.spanId,
  });
});

it("records nothing of a request whose caller's trace the sampler left out", async () => {
  const spans = await spansFor(
    { path: '/echo', body: { hello: 'world' }, traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` },
    { path: '/things/1', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` },
  );
  expect(spans).toEqual([]);
});
