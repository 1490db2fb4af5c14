import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { BackgroundWorker, Logger } from '@beatmatch/platform';
import {
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalClientHandle,
  type TemporalSettings,
  type WorkflowWorker,
} from '@beatmatch/platform/workflows';
import { createBattleActivities, type BattleActivityDeps } from './activities';
import type { BattleLifecycle } from './battles';
import type { battleLifecycle } from './workflows';

export interface BattleWorkflowOptions extends BattleActivityDeps {
  temporal: TemporalSettings;
  /** The battles' own task queue (apps sharing one Temporal server each need their own). */
  taskQueue: string;
  logger: Logger;
}

const workflowIdOf = (battleId: string, taskQueue: string) => `${taskQueue}-${battleId}`;

/**
 * The battles' lifecycle on Temporal: `opened` starts workflow battleLifecycle for the battle (once),
 * `closedByAdmin` signals it to stop waiting; the worker polls the battles' task queue in the
 * background (bundling the workflow code takes seconds, the service need not wait).
 */
export function temporalBattleLifecycle(options: BattleWorkflowOptions): BattleLifecycle & BackgroundWorker {
  let client: Promise<TemporalClientHandle> | undefined;
  let worker: Promise<WorkflowWorker | undefined> | undefined;
  const connect = () => {
    client ??= openTemporalClient(options.temporal).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  return {
    async opened(battle) {
      const { client: temporal } = await connect();
      try {
        await temporal.workflow.start<typeof battleLifecycle>('battleLifecycle', {
          taskQueue: options.taskQueue,
          workflowId: workflowIdOf(battle.battleId, options.taskQueue),
          args: [battle.battleId, battle.submissionsCloseAt, battle.votingClosesAt],
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
    /** A battle whose workflow cannot be told (Temporal down, or it never started) is announced here. */
    async closedByAdmin(battleId) {
      try {
        const { client: temporal } = await connect();
        await temporal.workflow.getHandle(workflowIdOf(battleId, options.taskQueue)).signal('closedByAdmin');
      } catch (error) {
        options.logger.warn(
          { err: error, battleId },
          'the battle workflow could not be signalled; announcing here',
        );
        await createBattleActivities(options).announceWinner(battleId);
      }
    },
    start() {
      installTemporalRuntime('WARN');
      worker = startWorkflowWorker({
        ...options.temporal,
        taskQueue: options.taskQueue,
        workflows: { path: require.resolve('./workflows') },
        activities: createBattleActivities(options),
      }).catch((error: unknown) => {
        options.logger.error({ err: error }, 'the beat battle worker could not start');
        return undefined;
      });
    },
    async stop() {
      await (await worker)?.shutdown();
      await (await client?.catch(() => undefined))?.close();
    },
  };
}

/**
 * Without a Temporal frontend (TEMPORAL_ADDRESS unset: some tests) nothing moves a battle by its dates:
 * the decider still refuses entries and votes outside their windows, and an admin's close announces
 * the winner at once.
 */
export function inlineBattleLifecycle(deps: BattleActivityDeps): BattleLifecycle {
  const steps = createBattleActivities(deps);
  return {
    opened: async () => undefined,
    closedByAdmin: (battleId) => steps.announceWinner(battleId),
  };
}
