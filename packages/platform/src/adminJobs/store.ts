import { randomUUID } from 'node:crypto';
import type { AdminJobStatus } from '@beatmatch/contracts';
import type { SqlDatabase, SqlExecutor } from '../sql/port';

/**
 * Where a service keeps its maintenance jobs: one row per job (its counts and result line) and one per
 * item, listed once when the job starts and marked done in the same transaction as the item's own
 * writes, so a job that is stopped or killed resumes with exactly the items it had not finished.
 */
export const adminJobsSchemaSql = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.admin_jobs (
    job_id uuid PRIMARY KEY,
    job text NOT NULL,
    input jsonb NOT NULL,
    state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
    done integer NOT NULL DEFAULT 0,
    total integer NOT NULL DEFAULT 0,
    listed boolean NOT NULL DEFAULT false,
    result text,
    started_at timestamptz NOT NULL,
    finished_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS ${s}.admin_job_items (
    job_id uuid NOT NULL REFERENCES ${s}.admin_jobs (job_id) ON DELETE CASCADE,
    item text NOT NULL,
    done boolean NOT NULL DEFAULT false,
    PRIMARY KEY (job_id, item)
  );
  -- Items run in the order the job listed them (e.g. store slugs: the first registered gets 'bob').
  ALTER TABLE ${s}.admin_job_items ADD COLUMN IF NOT EXISTS position integer NOT NULL DEFAULT 0;
`;

interface JobRow {
  job_id: string;
  job: string;
  input: unknown;
  state: AdminJobStatus['state'];
  done: number;
  total: number;
  listed: boolean;
  result: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

export interface StoredJob extends AdminJobStatus {
  input: unknown;
  listed: boolean;
}

const iso = (at: Date | string) => new Date(at).toISOString();

const jobOf = (row: JobRow): StoredJob => ({
  jobId: row.job_id,
  job: row.job,
  input: row.input,
  state: row.state,
  done: row.done,
  total: row.total,
  listed: row.listed,
  result: row.result,
  startedAt: iso(row.started_at),
  finishedAt: row.finished_at === null ? null : iso(row.finished_at),
});

export class AdminJobStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async create(job: string, input: unknown, now: Date): Promise<string> {
    const jobId = randomUUID();
    await this.db.query(
      `INSERT INTO ${this.s}.admin_jobs (job_id, job, input, state, started_at) VALUES ($1, $2, $3, 'running', $4)`,
      [jobId, job, JSON.stringify(input ?? {}), now.toISOString()],
    );
    return jobId;
  }

  /** The jobs not yet finished, oldest first. */
  async unfinished(): Promise<string[]> {
    const { rows } = await this.db.query<{ job_id: string }>(
      `SELECT job_id FROM ${this.s}.admin_jobs WHERE state = 'running' ORDER BY started_at`,
    );
    return rows.map((row) => row.job_id);
  }

  async find(jobId: string): Promise<StoredJob | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT * FROM ${this.s}.admin_jobs WHERE job_id = $1`, [
      jobId,
    ]);
    return rows[0] ? jobOf(rows[0]) : null;
  }

  /** Records the job's items once (a second listing after a crash finds them there and adds none). */
  async list(jobId: string, items: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ listed: boolean }>(
        `SELECT listed FROM ${this.s}.admin_jobs WHERE job_id = $1 FOR UPDATE`,
        [jobId],
      );
      if (rows[0]?.listed) return;
      for (let start = 0; start < items.length; start += 500) {
        await tx.query(
          `INSERT INTO ${this.s}.admin_job_items (job_id, item, position)
             SELECT $1, item, $3 + ordinality FROM unnest($2::text[]) WITH ORDINALITY AS listed (item, ordinality)
           ON CONFLICT DO NOTHING`,
          [jobId, items.slice(start, start + 500), start],
        );
      }
      await tx.query(`UPDATE ${this.s}.admin_jobs SET listed = true, total = $2 WHERE job_id = $1`, [
        jobId,
        new Set(items).size,
      ]);
    });
  }

  async pending(jobId: string, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ item: string }>(
      `SELECT item FROM ${this.s}.admin_job_items WHERE job_id = $1 AND NOT done ORDER BY position, item LIMIT $2`,
      [jobId, limit],
    );
    return rows.map((row) => row.item);
  }

  /** Marks one item done with its own writes, in one transaction; false when it was done already. */
  async complete(jobId: string, item: string, write?: (tx: SqlExecutor) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE ${this.s}.admin_job_items SET done = true WHERE job_id = $1 AND item = $2 AND NOT done RETURNING item`,
        [jobId, item],
      );
      if (rows.length === 0) return false;
      await write?.(tx);
      await tx.query(`UPDATE ${this.s}.admin_jobs SET done = done + 1 WHERE job_id = $1`, [jobId]);
      return true;
    });
  }

  async finish(jobId: string, state: 'succeeded' | 'failed', result: string, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE ${this.s}.admin_jobs SET state = $2, result = $3, finished_at = $4 WHERE job_id = $1 AND state = 'running'`,
      [jobId, state, result, now.toISOString()],
    );
  }
}
