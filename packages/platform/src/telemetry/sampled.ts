import { isSpanContextValid, TraceFlags, type SpanContext } from '@opentelemetry/api';

/** A span context of a trace the sampler left out (flags 00): nothing below it is recorded. */
export function isUnsampled(spanContext: SpanContext | undefined) {
  return (
    spanContext !== undefined &&
    isSpanContextValid(spanContext) &&
    (spanContext.traceFlags & TraceFlags.SAMPLED) === 0
  );
}

/**
 * The sampler's decision for a trace's root (a request without a caller's `traceparent`, a job), made
 * before any span exists: a request left out then costs neither ids nor a span (./serverSpan.ts). The
 * ratio comes from OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, read when telemetry starts
 * (./sampler.ts).
 *
 * Roots are kept by time slice: in each period of `slicePeriodMs` (BEATMATCH_TRACES_SLICE_MS, 1,000 by
 * default) the roots that start within one slice of `ratio × period`, at an offset drawn for that period
 * (wrapping round its end), are kept, and the others left out. Each request is kept with probability
 * `ratio`, as with a draw per request, and every kept trace is whole; but kept traces start together, so
 * they overlap each other instead of being spread over every moment. That matters on Node 20: the
 * context storage, whose promise hooks are most of telemetry's cost, is on only while a kept trace runs
 * (./contextManager.ts). Under load with a draw per request, one in ten of ~50 requests in flight keeps it
 * on all the time; by slice, during the slice and while its requests finish. A period of 0 draws per
 * request.
 */
let rootRatio = 1;
let slicePeriod = 1_000;
const period = { start: 0, end: -Infinity, offset: 0 };

export function setRootSampling(ratio: number, slicePeriodMs: number) {
  rootRatio = ratio;
  slicePeriod = slicePeriodMs;
  period.end = -Infinity;
}

/** Whether a root starting at `now` (ms, monotonic) is kept. */
export function sampleRootAt(now: number) {
  if (rootRatio >= 1) return true;
  if (rootRatio <= 0) return false;
  if (slicePeriod <= 0) return Math.random() < rootRatio;
  if (now >= period.end || now < period.start) {
    period.start = Math.floor(now / slicePeriod) * slicePeriod;
    period.end = period.start + slicePeriod;
    period.offset = Math.random() * slicePeriod;
  }
  const intoSlice = (now - period.start - period.offset + slicePeriod) % slicePeriod;
  return intoSlice < rootRatio * slicePeriod;
}

export const sampleRoot = () => sampleRootAt(performance.now());

/** Set while a root span decided by `sampleRoot` is started: the SDK's sampler keeps it. */
export const rootDecision = { taken: false };
