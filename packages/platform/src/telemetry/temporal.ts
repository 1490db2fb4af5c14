import { metrics, type Attributes } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ActivityInboundCallsInterceptor, ActivityExecuteInput, Next } from '@temporalio/worker';
import type { Context as ActivityContext } from '@temporalio/activity';
import { activeTelemetry } from './telemetry';

/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing runs */
type TemporalOtel = typeof import('@temporalio/interceptors-opentelemetry');
const temporalOtel = () => require('@temporalio/interceptors-opentelemetry') as TemporalOtel;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Where the workflow's interceptors live (bundled into the workflow code): they open a span for the
 * run and pass its context to each activity in the activity's headers.
 */
const WORKFLOW_INTERCEPTORS = '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors';

/** The client's interceptors: starting a workflow carries the caller's trace in the workflow's headers. */
export function temporalClientInterceptors() {
  if (!activeTelemetry()) return undefined;
  return { workflow: [new (temporalOtel().OpenTelemetryWorkflowClientInterceptor)()] };
}

/** The workflow interceptor modules to bundle when tracing runs (none otherwise: no sink to feed). */
export const workflowInterceptorModules = () =>
  activeTelemetry() ? [require.resolve(WORKFLOW_INTERCEPTORS)] : [];

/**
 * Worker options that continue a trace into the workflow and its activities: activity spans from the
 * activity's headers, and the workflow's own spans (made in its sandbox) handed to this process's span
 * processor through a sink. Every worker also counts its activities (executions, failures, retries).
 */
export function temporalWorkerTelemetry(taskQueue: string) {
  const countActivities = (ctx: ActivityContext) => ({ inbound: new ActivityMetrics(ctx, taskQueue) });
  const telemetry = activeTelemetry();
  if (!telemetry) return { interceptors: { activity: [countActivities] } };
  const otel = temporalOtel();
  return {
    interceptors: {
      activity: [
        countActivities,
        (ctx: ActivityContext) => ({
          inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
      workflowModules: workflowInterceptorModules(),
    },
    sinks: {
      exporter: otel.makeWorkflowExporter(
        workflowSpanAdapter(telemetry.processor) as never,
        { attributes: { 'service.name': telemetry.serviceName } } as never,
      ),
    },
  };
}

/**
 * The workflow sandbox serialises spans in the OpenTelemetry 1.x shape (`parentSpanId`,
 * `instrumentationLibrary`); this process's 2.x exporter reads `parentSpanContext` and
 * `instrumentationScope`, without which every workflow span would be exported as an orphan root.
 */
function workflowSpanAdapter(processor: SpanProcessor): Pick<SpanProcessor, 'onEnd'> {
  return {
    onEnd(span) {
      const legacy = span as ReadableSpan & {
        parentSpanId?: string;
        instrumentationLibrary?: ReadableSpan['instrumentationScope'];
      };
      const { traceId, traceFlags } = span.spanContext();
      processor.onEnd({
        ...legacy,
        spanContext: () => span.spanContext(),
        parentSpanContext:
          legacy.parentSpanContext ??
          (legacy.parentSpanId ? { traceId, spanId: legacy.parentSpanId, traceFlags } : undefined),
        instrumentationScope: legacy.instrumentationScope ??
          legacy.instrumentationLibrary ?? { name: 'temporal' },
      });
    },
  };
}

const meter = () => metrics.getMeter('beatmatch');

/** Counts each activity attempt by outcome; an attempt after the first is a retry. */
class ActivityMetrics implements ActivityInboundCallsInterceptor {
  constructor(
    private readonly ctx: ActivityContext,
    private readonly taskQueue: string,
  ) {}

  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>) {
    const { activityType, attempt, workflowType } = this.ctx.info;
    const labels: Attributes = {
      activity: activityType,
      workflow: workflowType ?? '',
      task_queue: this.taskQueue,
    };
    if (attempt > 1) meter().createCounter('beatmatch_workflow_activity_retries_total').add(1, labels);
    try {
      const result = await next(input);
      meter()
        .createCounter('beatmatch_workflow_activity_executions_total')
        .add(1, { ...labels, outcome: 'ok' });
      return result;
    } catch (error) {
      meter()
        .createCounter('beatmatch_workflow_activity_executions_total')
        .add(1, { ...labels, outcome: 'failed' });
      throw error;
    }
  }
}
