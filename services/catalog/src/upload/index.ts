import { Worker } from 'node:worker_threads';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { BlobStore, Logger } from '@beatmatch/platform';
import {
  installTemporalRuntime,
  openTemporalClient,
  startWorkflowWorker,
  type TemporalClientHandle,
  type TemporalSettings,
  type WorkflowWorker,
  workflowInterceptorModules,
} from '@beatmatch/platform/workflows';
import type { UploadedFileVerifier } from './limits';
import type { FingerprintIndex } from '../fingerprints';
import type { BeatCommands, UploadWorkflow } from '../beats/commands';
import { verifyUploadedFile } from '../verify';
import { createUploadActivities, type UploadActivityDeps } from './activities';
import { UPLOAD_TASK_QUEUE, uploadWorkflowId } from './reasons';
import type { uploadBeatWorkflow } from './workflows';

export { createUploadActivities, type UploadActivities } from './activities';
export {
  ANALYSIS_FAILED_REASON,
  FINGERPRINT_MATCH_REASON,
  UPLOAD_REJECTED,
  UPLOAD_TASK_QUEUE,
  uploadWorkflowId,
} from './reasons';
export { encodeMp3 } from './mp3';

/**
 * Webpack-bundles the workflow code in a worker thread: bundling takes seconds of CPU, and in the
 * embedded profile the gateway and every service share this process's event loop. With tracing on,
 * the workflow's OpenTelemetry interceptors go into the bundle (the thread cannot tell: telemetry
 * runs in this thread), so the upload's trace continues into the workflow and its activities.
 */
export function bundleInThread(workflowsPath: string): Promise<{ code: string; sourceMap: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(require.resolve('./bundleWorker.cjs'), {
      workerData: { workflowsPath, workflowInterceptorModules: workflowInterceptorModules() },
    });
    worker.once('message', (message: { code?: string; sourceMap?: string; error?: string }) => {
      void worker.terminate();
      if (message.code) resolve({ code: message.code, sourceMap: message.sourceMap ?? '' });
      else reject(new Error(`bundling the upload workflow failed: ${message.error}`));
    });
    worker.once('error', reject);
  });
}

// One bundle of the workflow code per process (every worker of the process shares it).
let bundled: Promise<{ code: string; sourceMap: string }> | undefined;
const workflowBundle = () => {
  bundled ??= bundleInThread(require.resolve('./workflows')).catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
};

export interface TemporalUploadOptions {
  temporal: TemporalSettings;
  blobs: () => Promise<BlobStore>;
  logger: Logger;
  verifyFile?: UploadedFileVerifier;
  /** Beats whose files were received but not yet published (the read model); re-started at run(). */
  pendingBeatIds?: () => Promise<string[]>;
  taskQueue?: string;
  /** DNA analyses at once per worker (each takes a core for ~2 s per 3-min beat). Default 2. */
  analysesAtOnce?: number;
  /** Tests: another DNA engine (e.g. one that hangs, to stop a worker mid-analysis). */
  analyze?: UploadActivityDeps['analyze'];
  /** Whether run() starts a worker (default true); a process may only start workflows. */
  worker?: boolean;
}

/** Bundles the workflow code (once per process) and starts a worker polling the upload task queue. */
async function startUploadWorker(
  options: TemporalUploadOptions,
  taskQueue: string,
  commands: BeatCommands,
  context: { fingerprints?: FingerprintIndex },
  stopped: () => boolean,
): Promise<WorkflowWorker | undefined> {
  const { logger } = options;
  installTemporalRuntime('WARN');
  const since = Date.now();
  const bundle = await workflowBundle();
  logger.info({ ms: Date.now() - since, taskQueue }, 'upload workflow code bundled');
  if (stopped()) return undefined;
  const running = await startWorkflowWorker({
    ...options.temporal,
    taskQueue,
    workflows: { bundle },
    activities: createUploadActivities({
      commands,
      blobs: options.blobs,
      verifyFile: options.verifyFile ?? verifyUploadedFile,
      logger,
      ...(options.analyze ? { analyze: options.analyze } : {}),
      ...(context.fingerprints ? { fingerprints: context.fingerprints } : {}),
    }),
    tuning: { maxConcurrentActivityTaskExecutions: options.analysesAtOnce ?? 2 },
  });
  logger.info({ taskQueue }, 'upload worker polling');
  running.running.catch((error: unknown) => logger.error({ err: error }, 'upload worker stopped'));
  return running;
}

/**
 * The upload workflow on Temporal (catalog's `uploadWorkflow` hook): `start(beatId)` starts workflow
 * `catalog-upload-<beatId>` (a second start while it runs is ignored; once finished it may run again,
 * which changes nothing for a published or failed beat);
 * `run()` starts the worker in the background (bundling the workflow code takes seconds, the service
 * need not wait) and re-starts the workflows of beats left pending (Temporal was unreachable at
 * finalize); `stop()` shuts the worker down, in-flight activities are retried by the next worker.
 */
export function temporalUploadWorkflow(options: TemporalUploadOptions) {
  const taskQueue = options.taskQueue ?? UPLOAD_TASK_QUEUE;
  const { logger } = options;
  return (
    commands: BeatCommands,
    context: { fingerprints?: FingerprintIndex } = {},
  ): UploadWorkflow & { ready: () => Promise<void> } => {
    let client: Promise<TemporalClientHandle> | undefined;
    let worker: Promise<WorkflowWorker | undefined> | undefined;
    let stopped = false;
    const connect = () => {
      client ??= openTemporalClient(options.temporal).catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      return client;
    };

    const start = async (beatId: string) => {
      const { client: temporal } = await connect();
      try {
        await temporal.workflow.start<typeof uploadBeatWorkflow>('uploadBeatWorkflow', {
          taskQueue,
          workflowId: uploadWorkflowId(beatId, taskQueue),
          args: [beatId],
          // A finished workflow may run again (a retried finalize, a resumed beat): it finds the beat
          // published or failed and ends at once; a running one is not started twice.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return;
        throw error;
      }
    };

    const startWorker = () => startUploadWorker(options, taskQueue, commands, context, () => stopped);

    const resume = async () => {
      const pending = (await options.pendingBeatIds?.()) ?? [];
      for (const beatId of pending) await start(beatId);
      if (pending.length) logger.info({ beats: pending.length }, 'pending uploads re-started');
    };

    return {
      start,
      /** Resolves once the worker polls (tests, benches). */
      async ready() {
        await worker;
      },
      async run() {
        if (options.worker !== false) {
          worker = startWorker().catch((error: unknown) => {
            logger.error({ err: error }, 'the upload worker could not start');
            return undefined;
          });
        }
        void resume().catch((error: unknown) =>
          logger.warn({ err: error }, 'pending uploads could not be re-started'),
        );
      },
      async stop() {
        stopped = true;
        const running = await worker;
        await running?.shutdown();
        const handle = await client?.catch(() => undefined);
        await handle?.close();
      },
    };
  };
}
