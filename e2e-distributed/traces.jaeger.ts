import { ApiClient, signedInClient } from '@beatmatch/embedded/apiClient';
import {
  draftWithFiles,
  eventually,
  finalizeForm,
  soundOf,
  whenPublished,
} from '../apps/embedded/src/fixtures/world';
import { devMailboxOf } from './devMailbox';
import { distributedRun } from './distributedRun';
import { ancestorsOf, inBrowserTrace, orphansOf, tracesOf, traceWhen, type JaegerSpan } from './jaegerTrace';

/*
 * Issue 27: one trace per user action, end to end, as an operator opens it in Jaeger. A swipe and an
 * upload on the distributed profile (every process exporting OTLP to the local Jaeger, every trace
 * sampled), then Jaeger's query API gives each trace: it crosses the gateway, the service, the Kafka
 * producer and each consumer (and, for the upload, the workflow, its activities and the DNA worker
 * thread), and no span starts a root of its own. Run by `npm run test:traces` (deploy/local/up jaeger
 * first), never by the default `npm test`.
 */
jest.setTimeout(600_000);

process.env.OTEL_EXPORTER_OTLP_ENDPOINT = process.env.BEATMATCH_OTLP_ENDPOINT ?? 'http://127.0.0.1:4318';
process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
process.env.OTEL_TRACES_SAMPLER_ARG = '1.0';

const runStarted = Date.now();
const distributed = distributedRun('traces');
const { run } = distributed;

const inService = (spans: JaegerSpan[], service: string, kind?: string) =>
  spans.filter((span) => span.service === service && (!kind || span.kind === kind));

/** The one span without its parent in the trace is the gateway's request span, child of the browser's. */
function expectOneTree(spans: JaegerSpan[], browserSpanId: string) {
  const orphans = orphansOf(spans);
  expect(orphans.map(({ service, kind, parentId }) => ({ service, kind, parentId }))).toEqual([
    { service: 'gateway', kind: 'server', parentId: browserSpanId },
  ]);
}

/** A consumer span of `service` that descends from a producer span of `producer`. */
const consumedBy = (spans: JaegerSpan[], producer: string, service: string) =>
  inService(spans, service, 'consumer').some((consumer) =>
    ancestorsOf(spans, consumer).some((span) => span.service === producer && span.kind === 'producer'),
  );

let beatId: string;
let producer: ApiClient;

test('an upload is one trace: gateway → catalog → workflow and its activities → DNA worker → Kafka → consumers', async () => {
  const { url } = distributed.system();
  // Rendered first: seconds of CPU between two calls would outlast the gateway's keep-alive.
  const sound = soundOf(Number.parseInt(run, 16) % 997);
  producer = await signedInClient(devMailboxOf(url), `trace${run}`, 'prod');
  const name = `Traced ${run}`;
  beatId = await draftWithFiles({ url }, producer, name, sound);
  const { traceId, browserSpanId, result } = await inBrowserTrace(() =>
    producer.postForm('beatmatch_upload_beat', finalizeForm(name, beatId)),
  );
  expect(result.status).toBe(200);
  await whenPublished(producer, beatId);

  const spans = await traceWhen(
    traceId,
    (seen) =>
      inService(seen, 'gateway', 'server').length > 0 &&
      seen.some((span) => span.operation.startsWith('RunActivity:')) &&
      consumedBy(seen, 'catalog', 'matchmaker') &&
      consumedBy(seen, 'catalog', 'commerce'),
  );
  const operations = new Set(spans.map((span) => span.operation));
  expect(inService(spans, 'gateway', 'server')).not.toHaveLength(0);
  expect(inService(spans, 'catalog', 'server')).not.toHaveLength(0);
  for (const step of ['StartWorkflow:', 'RunWorkflow:', 'StartActivity:', 'RunActivity:'])
    expect({ step, seen: [...operations].some((operation) => operation.startsWith(step)) }).toEqual({
      step,
      seen: true,
    });
  expect([...operations].filter((operation) => / \(worker thread\)$/.test(operation))).not.toHaveLength(0);
  expectOneTree(spans, browserSpanId);
});

test('a swipe is one trace: gateway → matchmaker → event store → Kafka → catalog’s stats', async () => {
  const { url } = distributed.system();
  const visitor = new ApiClient(url);
  const { uuid } = (await visitor.post<{ uuid: string }>('beatmatch_exclude')).body;
  const opened = await eventually(async () => {
    const res = await visitor.post<{ beatId: string }>('beatmatch_load_beat_param', { beatId, uuid });
    return res.status === 200 ? res.body : undefined;
  });
  expect(opened.beatId).toBe(beatId);
  const { traceId, browserSpanId, result } = await inBrowserTrace(() =>
    visitor.post('beatmatch_beat_play', { uuid, beatId, choiceType: 'match' }),
  );
  expect(result.status).toBe(200);

  const spans = await traceWhen(
    traceId,
    (seen) => inService(seen, 'gateway', 'server').length > 0 && consumedBy(seen, 'matchmaker', 'catalog'),
  );
  expect(inService(spans, 'gateway', 'server')).not.toHaveLength(0);
  const served = inService(spans, 'matchmaker', 'server');
  expect(served).not.toHaveLength(0);
  const append = spans.find(
    (span) => span.service === 'matchmaker' && span.operation === 'eventstore.append',
  );
  expect(append && ancestorsOf(spans, append)).toContain(served[0]);
  expectOneTree(spans, browserSpanId);
});

test('no process but the gateway starts a trace: the session lookups and every other span of the run join a request', async () => {
  const services = ['gateway', 'identity', 'catalog', 'matchmaker', 'commerce', 'payouts', 'referrals'];
  const everySpan = async () => {
    const spans = new Map<string, JaegerSpan>();
    for (const service of services)
      for (const trace of await tracesOf(service, runStarted))
        for (const span of trace) spans.set(span.spanId, span);
    return [...spans.values()];
  };
  // The signed-in upload above made the gateway ask identity for the session (spans arrive in batches).
  const spans = await eventually(async () => {
    const seen = await everySpan();
    return seen.some((span) => span.service === 'identity' && span.operation.includes('/sessions/resolve'))
      ? seen
      : undefined;
  }, 60_000);
  const roots = spans.filter((span) => !span.parentId);
  expect(roots.length).toBeGreaterThan(0);
  expect(
    roots
      .filter((span) => !(span.service === 'gateway' && span.kind === 'server'))
      .map(({ service, operation, kind }) => ({ service, operation, kind })),
  ).toEqual([]);
});
