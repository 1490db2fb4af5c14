import { randomBytes } from 'node:crypto';
import { eventually } from '../apps/embedded/src/fixtures/world';

/** A span as Jaeger's query API answers it, with its service and kind read off. */
export interface JaegerSpan {
  spanId: string;
  parentId: string | undefined;
  operation: string;
  service: string;
  kind: string | undefined;
}

interface JaegerAnswer {
  data?: Array<{
    spans: Array<{
      spanID: string;
      operationName: string;
      processID: string;
      references?: Array<{ refType: string; spanID: string }>;
      tags?: Array<{ key: string; value: unknown }>;
    }>;
    processes: Record<string, { serviceName: string }>;
  }>;
}

/** Jaeger's query API (deploy/local/up jaeger: UI and API on 16686). */
export const JAEGER_QUERY_URL = process.env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';

/** One trace's spans as Jaeger holds them now (none while they are still on their way). */
export async function spansOf(traceId: string): Promise<JaegerSpan[]> {
  const response = await fetch(`${JAEGER_QUERY_URL}/api/traces/${traceId}`);
  if (response.status === 404) return [];
  if (response.status !== 200) throw new Error(`Jaeger answered ${response.status} for trace ${traceId}`);
  const [trace] = ((await response.json()) as JaegerAnswer).data ?? [];
  return trace ? spansIn(trace) : [];
}

/** Every trace Jaeger holds with a span of `service` that started since `sinceMs` (epoch ms). */
export async function tracesOf(service: string, sinceMs: number): Promise<JaegerSpan[][]> {
  const query = new URLSearchParams({
    service,
    start: String(sinceMs * 1000),
    end: String((Date.now() + 60_000) * 1000),
    limit: '5000',
  });
  const response = await fetch(`${JAEGER_QUERY_URL}/api/traces?${query}`);
  if (response.status !== 200) throw new Error(`Jaeger answered ${response.status} for ${service}'s traces`);
  return (((await response.json()) as JaegerAnswer).data ?? []).map(spansIn);
}

function spansIn(trace: NonNullable<JaegerAnswer['data']>[number]): JaegerSpan[] {
  return trace.spans.map((span) => ({
    spanId: span.spanID,
    parentId: span.references?.find((reference) => reference.refType === 'CHILD_OF')?.spanID,
    operation: span.operationName,
    service: trace.processes[span.processID]?.serviceName ?? '',
    kind: span.tags?.find((tag) => tag.key === 'span.kind')?.value as string | undefined,
  }));
}

/**
 * The trace once `complete` says every expected piece has arrived and each span's parent has too
 * (spans are exported in batches, each process on its own clock), or as it stands after the wait for
 * its parents (the test then shows the orphans).
 */
export async function traceWhen(traceId: string, complete: (spans: JaegerSpan[]) => boolean) {
  await eventually(async () => (complete(await spansOf(traceId)) ? true : undefined), 120_000);
  const settled = await eventually(async () => {
    const spans = await spansOf(traceId);
    return orphansOf(spans).length <= 1 ? spans : undefined;
  }, 15_000).catch(() => undefined);
  return settled ?? spansOf(traceId);
}

/**
 * Runs `fn` as the browser would inside a trace of its own: every request `fn` makes carries a W3C
 * `traceparent` naming a new sampled trace, so the test knows the trace id to ask Jaeger for. The
 * test's own span is not exported: the gateway's request span is the one span whose parent Jaeger lacks.
 */
export async function inBrowserTrace<T>(fn: () => Promise<T>) {
  const traceId = randomBytes(16).toString('hex');
  const browserSpanId = randomBytes(8).toString('hex');
  const plainFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('traceparent', `00-${traceId}-${browserSpanId}-01`);
    return plainFetch(input, { ...init, headers });
  };
  try {
    return { traceId, browserSpanId, result: await fn() };
  } finally {
    globalThis.fetch = plainFetch;
  }
}

/** The spans from `span` up to the trace's root. */
export function ancestorsOf(spans: JaegerSpan[], span: JaegerSpan): JaegerSpan[] {
  const chain: JaegerSpan[] = [];
  for (
    let at = spans.find((s) => s.spanId === span.parentId);
    at;
    at = spans.find((s) => s.spanId === at!.parentId)
  )
    chain.push(at);
  return chain;
}

/** Spans whose parent is not in the trace: a propagation gap shows up as one (a new root). */
export const orphansOf = (spans: JaegerSpan[]) =>
  spans.filter((span) => !span.parentId || !spans.some((other) => other.spanId === span.parentId));
