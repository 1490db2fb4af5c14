import { createHash } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { BackgroundWorker } from '@beatmatch/platform';
import {
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalClientHandle,
  type TemporalSettings,
  type WorkflowWorker,
} from '@beatmatch/platform/workflows';
import { createReferenceActivities, type ReferenceActivityDeps } from './activities';
import type { analyseSongWorkflow } from './workflows';

/**
 * The matchmaker's own task queue: the analysed songs are its records and fetching a link is its work,
 * so it does not lend the catalog's upload workers (whose activities only know beats). Each data
 * directory gets its own, so apps sharing one Temporal server never take each other's songs.
 */
export const referenceTaskQueueOf = (dataDir: string) =>
  `matchmaker-reference-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

/** Starts a song's analysis (a second start while it runs is ignored). */
export type StartAnalysis = (songId: string) => Promise<void>;

export interface ReferenceWorkflowOptions extends ReferenceActivityDeps {
  temporal: TemporalSettings;
  taskQueue: string;
  /** Songs left processing (Temporal was unreachable when they were asked for): started again at start. */
  processing: () => Promise<string[]>;
  /** Fetches and analyses at once (each takes a core for a few seconds). Default 2. */
  analysesAtOnce?: number;
}

/**
 * The analyses on Temporal: `start(songId)` starts workflow `<task queue>-<songId>`; the worker starts in
 * the background with the service (the workflow code is bundled on start) and re-starts left-over songs.
 */
export function referenceWorkflows(options: ReferenceWorkflowOptions): {
  start: StartAnalysis;
  worker: BackgroundWorker & { ready(): Promise<void> };
} {
  const { logger, taskQueue } = options;
  let client: Promise<TemporalClientHandle> | undefined;
  let running: Promise<WorkflowWorker | undefined> | undefined;
  const connect = () => {
    client ??= openTemporalClient(options.temporal).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  const start: StartAnalysis = async (songId) => {
    const { client: temporal } = await connect();
    try {
      await temporal.workflow.start<typeof analyseSongWorkflow>('analyseSongWorkflow', {
        taskQueue,
        workflowId: `${taskQueue}-${songId}`,
        args: [songId],
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
  const startWorker = async () => {
    installTemporalRuntime('WARN');
    const worker = await startWorkflowWorker({
      ...options.temporal,
      taskQueue,
      workflows: { path: require.resolve('./workflows') },
      activities: createReferenceActivities(options),
      tuning: { maxConcurrentActivityTaskExecutions: options.analysesAtOnce ?? 2 },
    });
    worker.running.catch((error: unknown) => logger.error({ err: error }, 'reference worker stopped'));
    logger.info({ taskQueue }, 'reference analysis worker polling');
    for (const songId of await options.processing()) await start(songId);
    return worker;
  };
  return {
    start,
    worker: {
      start() {
        running = startWorker().catch((error: unknown) => {
          logger.error({ err: error }, 'the reference analysis worker could not start');
          return undefined;
        });
      },
      async ready() {
        await running;
      },
      async stop() {
        await (await running)?.shutdown();
        await (await client?.catch(() => undefined))?.close();
      },
    },
  };
}
