import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface ProbeSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
}

/** One trace spans gateway → service → store: W3C trace context crosses the internal HTTP hop. */
describe('tracing', () => {
  it('records the sign-up as one trace from the gateway through identity to the event store', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures', 'traceProbe.ts')],
      {
        encoding: 'utf8',
        timeout: 90_000,
      },
    );
    const { status, spans } = JSON.parse(output.trim().split('\n').pop()!) as {
      status: number;
      spans: ProbeSpan[];
    };
    expect(status).toBe(200);
    const SERVER = 1;
    const urlPath = (span: ProbeSpan) =>
      String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '');
    const gateway = spans.find((s) => s.kind === SERVER && urlPath(s) === '/api/beatmatch_signup');
    expect(gateway).toBeDefined();
    const trace = spans.filter((s) => s.traceId === gateway!.traceId);
    const identity = trace.find((s) => s.kind === SERVER && urlPath(s) === '/signup');
    const append = trace.find((s) => s.name === 'eventstore.append');
    expect(identity).toBeDefined();
    expect(append).toBeDefined();
    expect(append!.attributes['beatmatch.stream']).toMatch(/^user:/);
    // The identity server span hangs under the gateway's outgoing call, not a new root.
    const parent = trace.find((s) => s.spanId === identity!.parentSpanId);
    expect(parent?.kind).toBe(2 /* CLIENT */);
  });
});
