import { Client, Connection } from '@temporalio/client';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type LogLevel,
  type WorkerOptions,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { temporalAddressesInUse } from './addresses';
import {
  temporalClientInterceptors,
  temporalWorkerTelemetry,
  workflowInterceptorModules,
} from '../telemetry/temporal';

/**
 * Workflows port: long-running work runs as Temporal workflows (ARCHITECTURE.md rule 4). The same
 * adapter serves both profiles — the embedded profile points TEMPORAL_ADDRESS at a local dev server
 * (`temporal server start-dev`), the distributed one at a cluster.
 */
export interface TemporalSettings {
  /** host:port of the Temporal frontend (TEMPORAL_ADDRESS). */
  address: string;
  namespace?: string;
}

/** Modules a bundle must include for traces to continue into workflows (a service bundling on its own). */
export { workflowInterceptorModules } from '../telemetry/temporal';

export interface TemporalClientHandle {
  client: Client;
  close(): Promise<void>;
}

export async function openTemporalClient(settings: TemporalSettings): Promise<TemporalClientHandle> {
  temporalAddressesInUse.add(settings.address);
  const connection = await Connection.connect({ address: settings.address, connectTimeout: '10s' });
  const interceptors = temporalClientInterceptors();
  const client = new Client({
    connection,
    namespace: settings.namespace ?? 'default',
    ...(interceptors ? { interceptors } : {}),
  });
  return { client, close: () => connection.close() };
}

export interface WorkflowWorkerOptions extends TemporalSettings {
  taskQueue: string;
  /** The workflows module (TypeScript source; bundled with the worker's own webpack), or a prebuilt bundle. */
  workflows: { path: string } | { bundle: WorkflowBundleWithSourceMap };
  /** Activities made by a service's createActivities(deps) from its injected ports. */
  activities: object;
  /** Extra Worker options (concurrency, interceptors, ...). */
  tuning?: Partial<
    Omit<
      WorkerOptions,
      'connection' | 'namespace' | 'taskQueue' | 'workflowsPath' | 'workflowBundle' | 'activities'
    >
  >;
}

export interface WorkflowWorker {
  worker: Worker;
  /** Resolves when the worker has shut down (after shutdown() or a fatal error, which it rethrows). */
  running: Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Sets the log level of the worker runtime (one per process; a no-op once the runtime exists).
 * Tests whose activities fail on purpose use 'ERROR' to keep retries out of the output.
 */
export function installTemporalRuntime(level: LogLevel = 'INFO'): void {
  try {
    Runtime.install({ logger: new DefaultLogger(level) });
  } catch {
    // Already installed by an earlier call or worker in this process.
  }
}

/** Bundles workflow code once (e.g. at image build or in a test's beforeAll) to start workers faster. */
export function bundleWorkflows(workflowsPath: string): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules: workflowInterceptorModules(),
    logger: quietBundlerLogger,
  });
}

/** Starts a worker polling taskQueue on the given Temporal frontend. */
export async function startWorkflowWorker(options: WorkflowWorkerOptions): Promise<WorkflowWorker> {
  temporalAddressesInUse.add(options.address);
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace ?? 'default',
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...temporalWorkerTelemetry(options.taskQueue),
    ...('path' in options.workflows
      ? { workflowsPath: options.workflows.path, bundlerOptions: {} }
      : { workflowBundle: options.workflows.bundle }),
    ...options.tuning,
  });
  const running = worker.run().finally(() => connection.close());
  return {
    worker,
    running,
    async shutdown() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
    },
  };
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string, meta?: unknown) => console.warn(message, meta ?? ''),
  error: (message: string, meta?: unknown) => console.error(message, meta ?? ''),
  log: () => undefined,
};

export { ensureSchedule, type ScheduleDefinition } from './schedules';
