import {
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type SpanKind,
} from '@opentelemetry/api';
import { SamplingDecision, type Sampler, type SamplingResult } from '@opentelemetry/sdk-trace-base';
import { rootDecision, sampleRoot, setRootSampling } from './sampled';

const RECORD: SamplingResult = { decision: SamplingDecision.RECORD_AND_SAMPLED };
const DROP: SamplingResult = { decision: SamplingDecision.NOT_RECORD };

/**
 * The kit's sampler: a span follows its parent's decision, always; a root is kept with the ratio
 * OTEL_TRACES_SAMPLER names (`always_on` and `parentbased_always_on`, the default: every trace;
 * `always_off` and `parentbased_always_off`: none; `traceidratio` and `parentbased_traceidratio`: the
 * ratio OTEL_TRACES_SAMPLER_ARG gives, 1 if it is missing or not a number in [0, 1]). Unlike the SDK's
 * own `always_on` and `traceidratio`, a child is never recorded under a parent left out: work outside a
 * recorded trace runs in the left-out context (./contextManager.ts), whose spans must stay unrecorded.
 * An entry point decides on a root before it makes a span (`sampleRoot`, by time slice: ./sampled.ts),
 * and this sampler keeps the span it then starts.
 */
export class EntrySampler implements Sampler {
  constructor(env: NodeJS.ProcessEnv = process.env) {
    setRootSampling(rootRatioFrom(env), slicePeriodFrom(env));
  }

  shouldSample(
    parentContext: Context,
    _traceId: string,
    _name: string,
    _kind: SpanKind,
    _attributes: Attributes,
    _links: Link[],
  ): SamplingResult {
    const parent = trace.getSpanContext(parentContext);
    if (parent && trace.isSpanContextValid(parent))
      return parent.traceFlags & TraceFlags.SAMPLED ? RECORD : DROP;
    return rootDecision.taken || sampleRoot() ? RECORD : DROP;
  }

  toString() {
    return 'EntrySampler';
  }
}

export function rootRatioFrom(env: NodeJS.ProcessEnv) {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  if (name.endsWith('always_off')) return 0;
  if (!name.endsWith('traceidratio')) return 1;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG);
  return env.OTEL_TRACES_SAMPLER_ARG !== undefined && ratio >= 0 && ratio <= 1 ? ratio : 1;
}

/** BEATMATCH_TRACES_SLICE_MS: the period whose one slice of roots is kept (./sampled.ts); 0 draws per root. */
export function slicePeriodFrom(env: NodeJS.ProcessEnv) {
  const period = Number(env.BEATMATCH_TRACES_SLICE_MS);
  return env.BEATMATCH_TRACES_SLICE_MS !== undefined && Number.isFinite(period) && period >= 0
    ? period
    : 1_000;
}
