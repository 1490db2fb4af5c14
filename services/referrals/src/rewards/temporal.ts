import type { BackgroundWorker, Logger } from '@beatmatch/platform';
import {
  ensureSchedule,
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalSettings,
  type WorkflowWorker,
} from '@beatmatch/platform/workflows';
import { createReferralRunActivities } from './activities';
import type { RunPorts } from './run';

export interface ReferralRunOptions {
  temporal: TemporalSettings;
  taskQueue: string;
  ports: RunPorts;
  logger: Logger;
}

export const referralScheduleId = (taskQueue: string) => `${taskQueue}-monthly`;

async function startRun(options: ReferralRunOptions): Promise<WorkflowWorker> {
  const client = await openTemporalClient(options.temporal);
  try {
    // 13:00 UTC on the 1st: the month just gone is over in every zone (UTC-12 ends it at 12:00 UTC).
    await ensureSchedule(client.client, {
      id: referralScheduleId(options.taskQueue),
      spec: { calendars: [{ dayOfMonth: 1, hour: 13, minute: 0 }], timezone: 'UTC' },
      action: { workflowType: 'monthlyReferralRun', taskQueue: options.taskQueue, args: [] },
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
    activities: createReferralRunActivities(options.ports),
  });
  worker.running.catch((error: unknown) =>
    options.logger.error({ err: error }, 'referral run worker stopped'),
  );
  return worker;
}

/**
 * The monthly referral run on Temporal: brings its Schedule up to date and starts a worker on the
 * run's task queue, in the background (bundling takes seconds). `ready` resolves once it polls.
 */
export function referralRunWorker(
  options: ReferralRunOptions,
): BackgroundWorker & { ready(): Promise<void> } {
  let running: Promise<WorkflowWorker | undefined> | undefined;
  return {
    start() {
      running = startRun(options).catch((error: unknown) => {
        options.logger.error({ err: error }, 'the referral run could not start');
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
