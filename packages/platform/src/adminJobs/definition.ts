import type { SqlExecutor } from '../sql/port';

/** What one item's handling leaves to commit with its done mark: writes made in that transaction. */
export type ItemWrite = ((tx: SqlExecutor) => Promise<void>) | void;

/**
 * One maintenance job of a service (contracts' admin.ts gives every job the same call shape).
 * `handle` may do slow work (an analysis, a command on an aggregate) and returns the writes that
 * commit together with the item's done mark: an item is marked once, with its writes, whatever is
 * retried or killed. Work outside that transaction must be safe to repeat for the one item a killed
 * worker was in the middle of.
 */
export interface AdminJobDefinition<Input = unknown> {
  /** The call that starts it (e.g. fill_beat_tags). */
  name: string;
  /** Every item the job handles, listed once when it starts. */
  items(input: Input): Promise<string[]>;
  handle(item: string, context: { jobId: string; input: Input }): Promise<ItemWrite>;
  /** The page's result line once every item is done. */
  result(context: { jobId: string; input: Input; done: number; total: number }): Promise<string>;
}

/** Declares a job (typed identity: the input type follows from `items`). */
export const defineAdminJob = <Input>(definition: AdminJobDefinition<Input>) =>
  definition as unknown as AdminJobDefinition;

/** Items handled per step (one activity of the adminJob workflow). */
export const ITEMS_PER_STEP = 10;
