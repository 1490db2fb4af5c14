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

/**
 * One trace spans gateway → service → store: in process (the embedded default) the service's work hangs
 * under the gateway's call span; proxied, W3C trace context crosses the internal HTTP hop.
 */
describe('tracing', () => {
  const probe = (mode: 'in-process' | 'proxy') => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures', 'traceProbe.ts'), mode],
      { encoding: 'utf8', timeout: 90_000 },
    );
    const { status, spans } = JSON.parse(output.trim().split('\n').pop()!) as {
      status: number;
      spans: ProbeSpan[];
    };
    expect(status).toBe(200);
    const gateway = spans.find((s) => s.kind === SERVER && urlPath(s) === '/api/beatmatch_signup');
    expect(gateway).toBeDefined();
    const trace = spans.filter((s) => s.traceId === gateway!.traceId);
    const append = trace.find((s) => s.name === 'eventstore.append');
    expect(append).toBeDefined();
    expect(append!.attributes['beatmatch.stream']).toMatch(/^user:/);
    /** The spans from `span` up to the trace's root. */
    const ancestors = (span: ProbeSpan) => {
      const chain: ProbeSpan[] = [];
      for (let at = trace.find((s) => s.spanId === span.parentSpanId); at;)
        at = (chain.push(at), trace.find((s) => s.spanId === at!.parentSpanId));
      return chain;
    };
    return { trace, append: append!, gateway: gateway!, ancestors };
  };
  const [SERVER, PRODUCER, CONSUMER] = [1, 3, 4];
  const urlPath = (span: ProbeSpan) =>
    String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '');

  it('records the sign-up as one trace from the gateway through identity to the event store (in process)', () => {
    const { append, gateway, ancestors } = probe('in-process');
    const chain = ancestors(append);
    const call = chain.find((s) => s.name === 'gateway → identity');
    expect(call?.attributes['url.path']).toBe('/signup');
    expect(chain).toContain(gateway);
  });

  it("continues the sign-up's trace from its append through the outbox relay to each consumer", () => {
    const { trace, append, ancestors } = probe('in-process');
    const published = trace.filter((s) => s.kind === PRODUCER && s.parentSpanId === append.spanId);
    expect(published.map((s) => s.attributes['beatmatch.event.type'])).toContain('identity.UserRegistered');
    const consumed = trace.filter((s) => s.kind === CONSUMER);
    expect(consumed.length).toBeGreaterThan(0);
    for (const consumer of consumed) expect(ancestors(consumer)).toContain(append);
  });

  it('records the sign-up as one trace across the HTTP hop when the gateway proxies', () => {
    const { trace, append, ancestors } = probe('proxy');
    const identity = trace.find((s) => s.kind === SERVER && urlPath(s) === '/signup');
    expect(identity).toBeDefined();
    expect(ancestors(append)).toContain(identity);
    // The identity server span hangs under the gateway's outgoing call, not a new root.
    const parent = trace.find((s) => s.spanId === identity!.parentSpanId);
    expect(parent?.kind).toBe(2 /* CLIENT */);
  });
});
