import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { EntrySampler, rootRatioFrom, slicePeriodFrom } from './sampler';
import { rootDecision, sampleRoot, sampleRootAt } from './sampled';

/**
 * The kit's sampler: a span always follows its parent's decision; a root is kept with the ratio
 * OTEL_TRACES_SAMPLER (and _ARG) name, decided before any span is made, by time slice unless
 * BEATMATCH_TRACES_SLICE_MS is 0.
 */
const parentWith = (traceFlags: TraceFlags) =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '5'.repeat(32),
    spanId: '6'.repeat(16),
    traceFlags,
    isRemote: true,
  });
const decide = (sampler: EntrySampler, parent = ROOT_CONTEXT) =>
  sampler.shouldSample(parent, '7'.repeat(32), 'span', SpanKind.INTERNAL, {}, []).decision;

afterEach(() => new EntrySampler({}));

it.each([
  [{}, 1],
  [{ OTEL_TRACES_SAMPLER: 'always_on' }, 1],
  [{ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }, 0],
  [{ OTEL_TRACES_SAMPLER: 'always_off' }, 0],
  [{ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }, 0.1],
  [{ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }, 0],
  [{ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' }, 1],
  [{ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 'lots' }, 1],
  [{ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }, 1],
])('reads the root ratio from %j as %d', (env, ratio) => {
  expect(rootRatioFrom(env)).toBe(ratio);
});

it.each([
  [{}, 1_000],
  [{ BEATMATCH_TRACES_SLICE_MS: '0' }, 0],
  [{ BEATMATCH_TRACES_SLICE_MS: '250' }, 250],
  [{ BEATMATCH_TRACES_SLICE_MS: 'soon' }, 1_000],
  [{ BEATMATCH_TRACES_SLICE_MS: '-5' }, 1_000],
])('reads the slice period from %j as %d ms', (env, period) => {
  expect(slicePeriodFrom(env)).toBe(period);
});

it("follows the parent's decision whatever the root ratio, even with a non-parent-based name", () => {
  const always = new EntrySampler({ OTEL_TRACES_SAMPLER: 'always_on' });
  expect(decide(always, parentWith(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
  const never = new EntrySampler({ OTEL_TRACES_SAMPLER: 'always_off' });
  expect(decide(never, parentWith(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
});

it('keeps roots with the ratio, drawn per root with a period of 0, and a root an entry point decided on', () => {
  const sampler = new EntrySampler({
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
    BEATMATCH_TRACES_SLICE_MS: '0',
  });
  const trials = 20_000;
  let kept = 0;
  for (let i = 0; i < trials; i++) if (decide(sampler) === SamplingDecision.RECORD_AND_SAMPLED) kept++;
  // One in ten, within about ten standard deviations (42 traces).
  expect(kept).toBeGreaterThan(1_600);
  expect(kept).toBeLessThan(2_400);
  let decided = 0;
  for (let i = 0; i < trials; i++) if (sampleRoot()) decided++;
  expect(decided).toBeGreaterThan(1_600);
  expect(decided).toBeLessThan(2_400);

  new EntrySampler({ OTEL_TRACES_SAMPLER: 'always_off' });
  expect(decide(sampler)).toBe(SamplingDecision.NOT_RECORD);
  rootDecision.taken = true;
  try {
    expect(decide(sampler)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  } finally {
    rootDecision.taken = false;
  }
});

it('keeps by time slice: one slice of ratio × period in each period, at an offset drawn per period', () => {
  new EntrySampler({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' });
  const periods = 2_000;
  const keptPerPeriod: number[] = [];
  const keptAtMoment = new Array<number>(10).fill(0);
  for (let p = 0; p < periods; p++) {
    let kept = 0;
    // A root every millisecond of the period.
    for (let ms = 0; ms < 1_000; ms++) if (sampleRootAt(p * 1_000 + ms + 0.5)) kept++;
    keptPerPeriod.push(kept);
    // Ten moments of the period: each is kept in about one period in ten, wherever it lies.
    for (let m = 0; m < 10; m++) if (sampleRootAt(p * 1_000 + m * 100 + 50.25)) keptAtMoment[m]!++;
  }
  // Exactly one slice of 100 ms per period (its ends may round by one root).
  for (const kept of keptPerPeriod) expect(Math.abs(kept - 100)).toBeLessThanOrEqual(1);
  // 200 expected per moment; the standard deviation is about 13.
  for (const kept of keptAtMoment) {
    expect(kept).toBeGreaterThan(130);
    expect(kept).toBeLessThan(270);
  }
  // Roots in one slice are kept together: a kept root's neighbour a millisecond later mostly is too.
  let keptPairs = 0;
  let pairs = 0;
  for (let ms = 0; ms < 100_000; ms++) {
    if (!sampleRootAt(periods * 1_000 + ms)) continue;
    pairs++;
    if (sampleRootAt(periods * 1_000 + ms + 1)) keptPairs++;
  }
  expect(keptPairs / pairs).toBeGreaterThan(0.95);
});
