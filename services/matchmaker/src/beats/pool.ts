import { FREE_ENTITLEMENTS, type Entitlements } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import { BEAT_COLUMNS, isPlayable, toPoolBeat, type BeatRow, type PoolBeat } from './beat';

export interface BeatPoolOptions {
  /**
   * How old the pool may get before a call checks for beats changed by another process (a projection
   * in another replica); the check runs in the background, the call is not held. Default 500 ms.
   */
  refreshMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

/**
 * The beat pool in memory, read from the projection: every beat (Match Lists name deleted and private
 * ones) and the playable beats of the active crate, which the player chooses from without asking
 * PostgreSQL. It stays current by reading only the beats whose version is newer than the one it holds:
 * - this process's projection tells it the version a change writes (`awaitVersion`), so the first use
 *   after that change committed reads it before answering (nothing of its own is ever missed);
 * - any use more than `refreshMs` after the last check reads the changes of other processes (other
 *   replicas of the matchmaker share one consumer group, so only one of them projects each event) in
 *   the background: a replica converges within `refreshMs` of its next call.
 * About 1 KB per beat (a 64-dimension embedding): 100,000 beats ≈ 100 MB.
 */
export class BeatPool {
  private readonly beats = new Map<string, PoolBeat>();
  /** Playable beats of the active crate: the player's candidates. */
  private active: PoolBeat[] = [];
  /** The pool version the memory holds (-1: nothing read yet). */
  private version = -1;
  /** The newest version this process's projection wrote, and when. */
  private awaited = 0;
  private awaitedAt = 0;
  private checkedAt = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
    options: BeatPoolOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** The projection wrote `version` (its transaction may not have committed yet). */
  awaitVersion(version: number): void {
    if (version > this.awaited) {
      this.awaited = version;
      this.awaitedAt = this.now();
    }
  }

  /**
   * Makes sure the memory holds every change this process projected, and starts a background read of
   * other processes' changes when the last one is older than `refreshMs`.
   */
  async current(): Promise<void> {
    if (this.version < this.awaited && this.version >= 0 && this.now() - this.awaitedAt > 10_000) {
      // A projection transaction that rolled back: its version never appears (the next change reuses it).
      this.awaited = this.version;
    }
    if (this.version < 0 || this.version < this.awaited) {
      await this.refresh();
      return;
    }
    if (this.now() - this.checkedAt >= this.refreshMs) void this.refresh().catch(() => undefined);
  }

  /** Reads the beats changed since the version held; a call during a read waits for one after it. */
  refresh(): Promise<void> {
    if (!this.running) {
      this.running = this.load().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.refresh();
      });
    return this.queued;
  }

  private async load(): Promise<void> {
    this.checkedAt = this.now();
    // One statement, one snapshot: the version and exactly the beats changed up to it.
    const { rows } = await this.db.query<Partial<BeatRow> & { pool_version: string }>(
      `SELECT pv.version AS pool_version, ${BEAT_COLUMNS}
         FROM ${this.s}.pool_version pv LEFT JOIN ${this.s}.beats b ON b.version > $1`,
      [this.version],
    );
    const version = Number(rows[0]?.pool_version ?? 0);
    let changed = false;
    for (const row of rows) {
      if (!row.beat_id) continue;
      this.beats.set(row.beat_id, toPoolBeat(row as BeatRow));
      changed = true;
    }
    if (changed || this.version < 0) {
      this.active = [...this.beats.values()].filter(isPlayable);
    }
    this.version = Math.max(this.version, version);
  }

  /** A beat (playable or not), or null. */
  async get(beatId: string): Promise<PoolBeat | null> {
    await this.current();
    const beat = this.beats.get(beatId);
    if (beat) return beat;
    // Projected by another process since the last read: from the table, and the pool catches up.
    const { rows } = await this.db.query<BeatRow>(
      `SELECT ${BEAT_COLUMNS} FROM ${this.s}.beats b WHERE b.beat_id = $1`,
      [beatId],
    );
    if (!rows[0]) return null;
    void this.refresh().catch(() => undefined);
    return toPoolBeat(rows[0]);
  }

  /** The playable beats of the active crate (the caller must not change the array). */
  async activePlayable(): Promise<readonly PoolBeat[]> {
    await this.current();
    return this.active;
  }

  /** Beats held in memory (after `current()`), for the listener's taste; no table read. */
  known(beatId: string): PoolBeat | undefined {
    return this.beats.get(beatId);
  }

  /** Beats the player can serve (total_beats). */
  async playableCount(): Promise<number> {
    await this.current();
    return this.active.length;
  }

  async entitlements(userId: string | undefined): Promise<Entitlements> {
    if (!userId) return FREE_ENTITLEMENTS;
    const { rows } = await this.db.query<{ entitlements: Entitlements }>(
      `SELECT entitlements FROM ${this.s}.entitlements WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.entitlements ?? FREE_ENTITLEMENTS;
  }
}
