import type { BlobStore, Logger, SqlDatabase } from '@beatmatch/platform';
import { beatFileKey } from '@beatmatch/contracts';
import type { BeatCommands } from './commands';
import { uploadAttemptsPrefix } from '../upload/storedFile';

/** A draft (an upload never finalized) older than this is abandoned: its files are removed. */
export const ABANDONED_DRAFT_MS = 24 * 60 * 60_000;

/**
 * Removes abandoned uploads: drafts older than ABANDONED_DRAFT_MS (the wizard gave up, the tab was
 * closed) lose their stored files and are deleted, so nothing half-uploaded stays in storage. A draft
 * was never published, so no integration event leaves the catalog. Runs at start and then hourly.
 */
export class DraftSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly deps: {
      db: SqlDatabase;
      schema: string;
      commands: BeatCommands;
      blobs: () => Promise<BlobStore>;
      clock: () => Date;
      logger: Logger;
    },
    private readonly intervalMs = 60 * 60_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
    void this.sweep();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass; resolves to the number of drafts removed. */
  sweep(): Promise<number> {
    this.running ??= this.pass()
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'abandoned upload sweep failed');
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    const { db, schema, commands, clock } = this.deps;
    const before = new Date(clock().getTime() - ABANDONED_DRAFT_MS).toISOString();
    const { rows } = await db.query<{ beat_id: string }>(
      `SELECT beat_id FROM ${schema}.beats WHERE status = 'draft' AND NOT deleted AND drafted_at < $1
        ORDER BY drafted_at LIMIT 500`,
      [before],
    );
    if (rows.length === 0) return 0;
    const blobs = await this.deps.blobs();
    let removed = 0;
    for (const { beat_id: beatId } of rows) {
      const beat = await commands.getBeat(beatId);
      if (!beat || beat.status !== 'draft') continue;
      // Every key a confirm could have written, and every upload attempt's file.
      const attempts = await blobs.list(uploadAttemptsPrefix(beatId));
      const keys = new Set([
        ...attempts.map((stat) => stat.key),
        beatFileKey(beatId, 'snippet'),
        beatFileKey(beatId, 'mp3'),
        beatFileKey(beatId, 'wav'),
        beatFileKey(beatId, 'trackout', 'zip'),
        beatFileKey(beatId, 'trackout', 'rar'),
        ...Object.values(beat.uploads).map((file) => file!.key),
      ]);
      for (const key of keys) await blobs.delete(key);
      await commands.deleteBeat(beatId);
      removed += 1;
    }
    this.deps.logger.info({ removed }, 'abandoned uploads removed');
    return removed;
  }
}
