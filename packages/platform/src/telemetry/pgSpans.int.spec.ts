import { requireEnv } from '@beatmatch/testing';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A query's span hangs under the span it runs in, and a query outside any span makes none. Whole traces
 * hold even when queries queue for a pooled connection: the connection is handed over by the query
 * before, in another request's context, and the query must still land in its own trace.
 */
jest.setTimeout(60_000);

interface ProbeSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

let spans: ProbeSpan[];

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', require.resolve('./pgSpanProbe.ts'), requireEnv('DATABASE_URL')],
    { env: { ...process.env, OTEL_TRACES_SAMPLER: 'always_on' } },
  );
  spans = JSON.parse(stdout.trim().split('\n').at(-1)!) as ProbeSpan[];
});

const isQuery = (span: ProbeSpan) => span.name.startsWith('pg.query:');

it('makes the queries of a span, and only those, spans of its trace, every one with its parent in it', () => {
  const work = spans.find((span) => span.name === 'work')!;
  const trace = spans.filter((span) => span.traceId === work.traceId);
  expect(trace.filter((span) => span !== work && !trace.some((s) => s.spanId === span.parentSpanId))).toEqual(
    [],
  );
  // The parameterised query runs as a named (prepared) statement: its span is named after the statement.
  expect(trace.filter(isQuery).map((span) => span.name)).toEqual([
    expect.stringMatching(/^pg\.query:bm_\d+ /),
    expect.stringMatching(/^pg\.query:BEGIN/),
    expect.stringMatching(/^pg\.query:SELECT/),
    expect.stringMatching(/^pg\.query:COMMIT/),
  ]);
  // The query outside any span made none: every span but the probe's own has its parent here.
  const roots = ['work', 'first', 'second', 'third'];
  const orphans = spans.filter(
    (span) => !roots.includes(span.name) && !spans.some((s) => s.spanId === span.parentSpanId),
  );
  expect(orphans).toEqual([]);
});

it('keeps a query that waited for a pooled connection in its own trace', () => {
  for (const name of ['first', 'second', 'third']) {
    const request = spans.find((span) => span.name === name)!;
    expect({
      name,
      queries: spans.filter((span) => isQuery(span) && span.traceId === request.traceId).length,
    }).toEqual({
      name,
      queries: 1,
    });
  }
});
