import { PAYOUT_DAYS, type PayoutKind } from '@beatmatch/contracts';
import type { BackgroundWorker, Logger } from '@beatmatch/platform';
import {
  ensureSchedule,
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalSettings,
  type WorkflowWorker,
} from '@beatmatch/platform/workflows';
import { createRunActivities } from './activities';
import type { PayoutPorts } from './pay';

export interface MonthlyRunsOptions {
  temporal: TemporalSettings;
  taskQueue: string;
  ports: PayoutPorts;
  logger: Logger;
}

/** The schedule of one kind of run: 03:00 UTC on its day of the month (spec §9: 1st $BEAT, 15th fiat). */
export const runScheduleId = (kind: PayoutKind, taskQueue: string) => `${taskQueue}-${kind}`;

/**
 * The monthly runs on Temporal: at start, brings both Schedules up to date (every replica may) and
 * starts a worker on the runs' task queue; a run still going at the next time is not started twice.
 */
async function startRuns(options: MonthlyRunsOptions): Promise<WorkflowWorker> {
  const client = await openTemporalClient(options.temporal);
  try {
    for (const kind of ['token', 'fiat'] as const)
      await ensureSchedule(client.client, {
        id: runScheduleId(kind, options.taskQueue),
        spec: { calendars: [{ dayOfMonth: PAYOUT_DAYS[kind], hour: 3, minute: 0 }], timezone: 'UTC' },
        action: { workflowType: 'monthlyPayoutRun', taskQueue: options.taskQueue, args: [kind] },
        overlap: 'SKIP',
      });
  } finally {
    await client.close();
  }
  installTemporalRuntime('WARN');
  const worker = await startWorkflowWorker({
    ...options.temporal,
    taskQueue: options.taskQueue,
    workflows: { path: require.resolve('./workflows') },
    activities: createRunActivities(options.ports),
  });
  worker.running.catch((error: unknown) => options.logger.error({ err: error }, 'payout run worker stopped'));
  options.logger.info({ taskQueue: options.taskQueue }, 'payout run worker polling');
  return worker;
}

/**
 * The monthly runs on Temporal: brings both Schedules up to date (every replica may, at every start)
 * and starts a worker on the runs' task queue, in the background (bundling the workflow code takes
 * seconds; the service need not wait). `ready` resolves once the worker polls (tests).
 */
export function monthlyRunsWorker(
  options: MonthlyRunsOptions,
): BackgroundWorker & { ready(): Promise<void> } {
  let running: Promise<WorkflowWorker | undefined> | undefined;
  return {
    start() {
      running = startRuns(options).catch((error: unknown) => {
        options.logger.error({ err: error }, 'the payout runs could not start');
        return undefined;
      });
    },
    async ready() {
      await running;
    },
    async stop() {
      await (await running)?.shutdown();
    },
  };
}
