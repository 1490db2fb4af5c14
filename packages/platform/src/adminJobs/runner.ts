import { createHash } from 'node:crypto';
import type { AdminJobStatus } from '@beatmatch/contracts';
import { NO_SUCH_JOB } from '@beatmatch/contracts';
import type { Logger } from '../logging/logger';
import type { SqlDatabase } from '../sql/port';
import { HttpProblem } from '../http/problem';
import type { TemporalClientHandle, WorkflowWorker } from '../workflows/temporal';
import type { AdminJobDefinition } from './definition';
import { AdminJobSteps } from './steps';
import { AdminJobStore } from './store';
import type { AdminJobsWorkflows } from './temporal';

export interface AdminJobsOptions {
  db: SqlDatabase;
  /** The service's schema (adminJobsSchemaSql must be among its read models). */
  schema: string;
  jobs: AdminJobDefinition[];
  logger: Logger;
  clock?: () => Date;
  /** Where the jobs run; without Temporal, starting one is refused (nothing would run it). */
  workflows?: AdminJobsWorkflows;
}

/**
 * A service's admin jobs task queue, one per data directory: apps sharing one Temporal server never take
 * each other's jobs.
 */
export const adminJobsTaskQueueOf = (service: string, dataDir: string) =>
  `${service}-admin-jobs-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

const NO_WORKFLOWS = 'Admin jobs need Temporal, and TEMPORAL_ADDRESS is not set.';
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
// Loaded on first use, so a service without admin jobs never loads Temporal's SDK.
const temporalSide = () => import('./temporal');

/**
 * A service's maintenance jobs: start one (its id at once) as a Temporal workflow (adminJob, one
 * activity per step), ask its progress from the job's table. The worker is the service's own, on its
 * task queue; a killed worker's step is retried by Temporal on another one or after a restart.
 */
export class AdminJobs {
  readonly store: AdminJobStore;
  private readonly steps: AdminJobSteps;
  private readonly clock: () => Date;
  private client: Promise<TemporalClientHandle> | undefined;
  private worker: Promise<WorkflowWorker | undefined> | undefined;

  constructor(private readonly options: AdminJobsOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.store = new AdminJobStore(options.db, options.schema);
    this.steps = new AdminJobSteps(this.store, options.jobs, this.clock);
  }

  /** Records the job and starts its workflow; answers its id. */
  async begin(name: string, input: unknown = {}): Promise<{ jobId: string }> {
    if (!this.steps.has(name)) throw new HttpProblem(404, `No admin job named ${name}.`);
    const workflows = this.options.workflows;
    if (!workflows) throw new HttpProblem(503, NO_WORKFLOWS);
    const jobId = await this.store.create(name, input, this.clock());
    try {
      const { startAdminJob } = await temporalSide();
      await startAdminJob(await this.temporalClient(), workflows.taskQueue, jobId);
    } catch (error) {
      // A job nothing runs must not stay 'running' on the page.
      await this.steps.fail(jobId, reasonOf(error));
      throw new HttpProblem(503, `The job could not be started: ${reasonOf(error)}`);
    }
    return { jobId };
  }

  async status(jobId: string): Promise<AdminJobStatus> {
    const job = await this.store.find(jobId);
    if (!job) throw new HttpProblem(404, NO_SUCH_JOB, 'no_such_job');
    const { input: _input, listed: _listed, ...status } = job;
    return status;
  }

  /** The service's worker: starts polling its task queue in the background (bundling takes seconds). */
  start(): void {
    const workflows = this.options.workflows;
    if (!workflows || this.worker) return;
    this.worker = temporalSide()
      .then(({ startAdminJobsWorker }) => startAdminJobsWorker(workflows, this.steps))
      .then(async (worker) => {
        worker.running.catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'the admin jobs worker stopped'),
        );
        await this.startUnstarted(workflows.taskQueue).catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'the unfinished admin jobs could not be started'),
        );
        return worker;
      })
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'the admin jobs worker could not start');
        return undefined;
      });
  }

  /**
   * A job is recorded before its workflow starts: a process that died between the two left a job that
   * nothing runs. Every unfinished job's workflow is started (a job that has one keeps it).
   */
  private async startUnstarted(taskQueue: string): Promise<void> {
    const { startAdminJob } = await temporalSide();
    const client = await this.temporalClient();
    for (const jobId of await this.store.unfinished()) await startAdminJob(client, taskQueue, jobId);
  }

  /** Resolves once the worker polls (or could not start). */
  async ready(): Promise<void> {
    await this.worker;
  }

  /** Stops the worker: the step in hand is handed back to Temporal for the next worker. */
  async stop(): Promise<void> {
    const [worker, client] = [this.worker, this.client];
    this.worker = this.client = undefined;
    await (
      await worker
    )
      ?.shutdown()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'the admin jobs worker was stopped by force'),
      );
    await (await client?.catch(() => undefined))?.close();
  }

  /** Resolves when the job's workflow has ended (tests). */
  async settled(jobId: string): Promise<void> {
    const { adminJobSettled } = await temporalSide();
    await adminJobSettled(await this.temporalClient(), jobId);
  }

  private temporalClient(): Promise<TemporalClientHandle> {
    const workflows = this.options.workflows;
    if (!workflows) throw new HttpProblem(503, NO_WORKFLOWS);
    if (!this.client) {
      this.client = temporalSide().then(({ openTemporalClient }) => openTemporalClient(workflows.temporal));
      this.client.catch(() => (this.client = undefined)); // the next call tries again
    }
    return this.client;
  }
}
