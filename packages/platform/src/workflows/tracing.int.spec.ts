import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { requireEnv } from '@beatmatch/testing';
import { flushTelemetry, inNewTrace, startTelemetry, stopTelemetry } from '../telemetry/telemetry';
import { installTemporalRuntime, openTemporalClient, startWorkflowWorker } from './temporal';
import { createActivities } from './fixtures/activities';
import type { payOutWorkflow } from './fixtures/workflows';

/**
 * With telemetry on, a workflow started inside a request's span runs in that trace: the client's
 * start, the workflow's run (spans made in its sandbox, exported by this process) and each activity
 * attempt, with no span whose parent is missing.
 */
jest.setTimeout(120_000);
const exporter = new InMemorySpanExporter();
beforeAll(() => startTelemetry({ serviceName: 'workflow-tracing', exporter }));
afterAll(() => stopTelemetry());

it("continues the starting request's trace into the workflow and its activities", async () => {
  const address = requireEnv('TEMPORAL_ADDRESS');
  installTemporalRuntime('ERROR');
  const taskQueue = `tracing-${randomUUID()}`;
  const temporal = await openTemporalClient({ address });
  const worker = await startWorkflowWorker({
    address,
    taskQueue,
    workflows: { path: require.resolve('./fixtures/workflows') },
    activities: createActivities({
      payoutGateway: { transfer: async (request) => ({ transferId: `tr_${request.payoutId}` }) },
    }),
  });
  try {
    const payoutId = `payout-${randomUUID()}`;
    await inNewTrace('request', {}, async () => {
      const handle = await temporal.client.workflow.start<typeof payOutWorkflow>('payOutWorkflow', {
        taskQueue,
        workflowId: payoutId,
        args: [payoutId, 100],
      });
      await handle.result();
    });
  } finally {
    await worker.shutdown();
    await temporal.close();
  }
  await flushTelemetry();
  const spans = exporter.getFinishedSpans();
  const request = spans.find((span) => span.name === 'request')!;
  const trace = spans.filter((span) => span.spanContext().traceId === request.spanContext().traceId);
  const names = trace.map((span) => span.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'StartWorkflow:payOutWorkflow',
      'RunWorkflow:payOutWorkflow',
      expect.stringMatching(/^StartActivity:/),
      expect.stringMatching(/^RunActivity:/),
    ]),
  );
  const ids = new Set(trace.map((span) => span.spanContext().spanId));
  const orphans = trace.filter((span) => span !== request && !ids.has(span.parentSpanContext?.spanId ?? ''));
  expect(orphans.map((span) => span.name)).toEqual([]);
});
