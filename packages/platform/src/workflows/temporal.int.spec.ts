import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { requireEnv } from '@beatmatch/testing';
import {
  bundleWorkflows,
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalClientHandle,
  type WorkflowWorker,
} from './temporal';
import { createActivities, PayoutRejected, type PayoutGateway } from './fixtures/activities';
import type { payOutWorkflow } from './fixtures/workflows';

/**
 * The workflows adapter on a real Temporal server (TEMPORAL_ADDRESS: the dev server from
 * deploy/local/up): the worker bundles our TypeScript workflow source, activities come from
 * createActivities(deps), and Temporal's retries carry an activity that fails twice.
 */
describe('Temporal workflows (TEMPORAL_ADDRESS)', () => {
  const taskQueue = `contract-${randomUUID()}`;
  const calls: Array<{ payoutId: string; amountCents: number }> = [];
  // A gateway that is down for the first two calls of each payout, then transfers.
  const payoutGateway: PayoutGateway = {
    async transfer(request) {
      calls.push(request);
      if (request.amountCents <= 0)
        throw new PayoutRejected(`amount must be positive, got ${request.amountCents}`);
      const attempt = calls.filter((call) => call.payoutId === request.payoutId).length;
      if (attempt <= 2) throw new Error(`payout gateway unavailable (attempt ${attempt})`);
      return { transferId: `tr_${request.payoutId}` };
    },
  };
  let temporal: TemporalClientHandle;
  let worker: WorkflowWorker;

  beforeAll(async () => {
    const address = requireEnv('TEMPORAL_ADDRESS');
    // The activity fails on purpose: keep the worker's retry warnings out of the test output.
    installTemporalRuntime('ERROR');
    temporal = await openTemporalClient({ address });
    const bundle = await bundleWorkflows(require.resolve('./fixtures/workflows'));
    expect(bundle.code).toContain('payOutWorkflow');
    worker = await startWorkflowWorker({
      address,
      taskQueue,
      workflows: { bundle },
      activities: createActivities({ payoutGateway }),
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.shutdown();
    await temporal?.close();
  });

  it('completes a workflow whose activity fails twice and then succeeds', async () => {
    const payoutId = `payout-${randomUUID()}`;
    const handle = await temporal.client.workflow.start<typeof payOutWorkflow>('payOutWorkflow', {
      taskQueue,
      workflowId: payoutId,
      args: [payoutId, 12_500],
    });
    await expect(handle.result()).resolves.toEqual({ payoutId, transferId: `tr_${payoutId}` });
    expect(calls.filter((call) => call.payoutId === payoutId)).toHaveLength(3);

    // The server's history records the single successful attempt as the third one.
    const history = await handle.fetchHistory();
    const started = (history.events ?? []).filter((event) => event.activityTaskStartedEventAttributes);
    expect(started).toHaveLength(1);
    expect(started[0]!.activityTaskStartedEventAttributes!.attempt).toBe(3);
  }, 60_000);

  it('fails the workflow at once on a non-retryable business refusal', async () => {
    const payoutId = `payout-${randomUUID()}`;
    const handle = await temporal.client.workflow.start<typeof payOutWorkflow>('payOutWorkflow', {
      taskQueue,
      workflowId: payoutId,
      args: [payoutId, 0],
    });
    const failure = await handle.result().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect(String((failure as WorkflowFailedError).cause?.cause)).toMatch(/amount must be positive/);
    expect(calls.filter((call) => call.payoutId === payoutId)).toHaveLength(1);
  }, 60_000);

  it('refuses to start a second workflow with the id of a running or completed one', async () => {
    const payoutId = `payout-${randomUUID()}`;
    const first = await temporal.client.workflow.start<typeof payOutWorkflow>('payOutWorkflow', {
      taskQueue,
      workflowId: payoutId,
      args: [payoutId, 100],
    });
    await first.result();
    await expect(
      temporal.client.workflow.start<typeof payOutWorkflow>('payOutWorkflow', {
        taskQueue,
        workflowId: payoutId,
        args: [payoutId, 100],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      }),
    ).rejects.toThrow(/already/i);
  }, 60_000);
});
