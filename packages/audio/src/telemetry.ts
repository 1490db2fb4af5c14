import { metrics, trace, SpanStatusCode } from '@opentelemetry/api';

/**
 * What an operator sees of the DNA workers: a span for each request a worker thread runs (in the
 * trace of the upload that asked for it), its time as a histogram, and the requests waiting for a
 * worker as a gauge. Without a tracer or meter provider these are no-ops.
 */
const tracer = trace.getTracer('beatmatch-audio');
const meter = () => metrics.getMeter('beatmatch');

let observedQueue: (() => number) | undefined;

/** Reports `queued()` as beatmatch_dna_queue_depth (one pool per process, registered once). */
export function observeDnaQueue(queued: () => number) {
  if (observedQueue) {
    observedQueue = queued;
    return;
  }
  observedQueue = queued;
  meter()
    .createObservableGauge('beatmatch_dna_queue_depth', {
      description: 'DNA requests waiting for a worker thread',
    })
    .addCallback((result) => result.observe(observedQueue?.() ?? 0));
}

/** Runs one worker-thread request in a span and times it (seconds, by task and outcome). */
export async function inDnaSpan<T>(task: 'dna' | 'fingerprint', run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return tracer.startActiveSpan(`dna.${task} (worker thread)`, async (span) => {
    let outcome = 'ok';
    try {
      return await run();
    } catch (error) {
      outcome = 'failed';
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
      meter()
        .createHistogram('beatmatch_dna_analysis_seconds', { description: 'Time of a DNA worker request' })
        .record((performance.now() - started) / 1000, { task, outcome });
    }
  });
}
