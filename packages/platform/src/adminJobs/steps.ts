import { HttpProblem } from '../http/problem';
import type { AdminJobDefinition } from './definition';
import { ITEMS_PER_STEP } from './definition';
import type { AdminJobStore } from './store';

export interface StepOutcome {
  finished: boolean;
}

/**
 * The steps a job is made of: list its items once, then handle the next pending ones; when none is
 * left, write the result line. One step is one activity of the adminJob workflow.
 */
export class AdminJobSteps {
  private readonly definitions: Map<string, AdminJobDefinition>;

  constructor(
    private readonly store: AdminJobStore,
    definitions: AdminJobDefinition[],
    private readonly clock: () => Date,
  ) {
    this.definitions = new Map(definitions.map((definition) => [definition.name, definition]));
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  private definitionOf(name: string): AdminJobDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new HttpProblem(500, `no admin job named ${name}`);
    return definition;
  }

  /**
   * Handles up to ITEMS_PER_STEP pending items (listing them first, once); finishes the job when none is
   * left. An abandoned step (its attempt cancelled) stops before its next item.
   */
  async step(jobId: string, isStopping: () => boolean = () => false): Promise<StepOutcome> {
    const job = await this.store.find(jobId);
    if (!job || job.state !== 'running') return { finished: true };
    const definition = this.definitionOf(job.job);
    if (!job.listed) await this.store.list(jobId, await definition.items(job.input));
    const pending = await this.store.pending(jobId, ITEMS_PER_STEP);
    for (const item of pending) {
      if (isStopping()) return { finished: false };
      const write = await definition.handle(item, { jobId, input: job.input });
      await this.store.complete(jobId, item, write ?? undefined);
    }
    if (pending.length > 0) return { finished: false };
    const counts = (await this.store.find(jobId))!;
    const result = await definition.result({
      jobId,
      input: job.input,
      done: counts.done,
      total: counts.total,
    });
    await this.store.finish(jobId, 'succeeded', result, this.clock());
    return { finished: true };
  }

  /** Ends a job whose step kept failing, with the reason as its result line. */
  async fail(jobId: string, reason: string): Promise<void> {
    await this.store.finish(jobId, 'failed', `Failed: ${reason}`, this.clock());
  }
}
