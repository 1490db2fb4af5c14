import type { Options, Store, IncrementResponse } from 'express-rate-limit';
import type { SqlDatabase } from '@beatmatch/platform';

/**
 * Rate-limit counters in PostgreSQL, shared by every gateway replica of the distributed profile (the
 * gateway keeps no other state). One row per key and fixed window; a single upsert counts a hit and
 * starts a new window when the old one is over, so concurrent replicas never lose a hit.
 */
export class SqlRateLimitStore implements Store {
  private windowMs = 60_000;
  private ready: Promise<void> | undefined;
  readonly localKeys = false;

  constructor(
    private readonly db: SqlDatabase,
    readonly prefix: string,
    private readonly table = 'gateway_rate_limits',
  ) {
    if (!/^[a-z_][a-z0-9_.]*$/.test(table)) throw new Error(`bad table name ${table}`);
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private migrate() {
    this.ready ??= this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (
         key text PRIMARY KEY,
         hits integer NOT NULL,
         reset_at timestamptz NOT NULL
       );
       CREATE INDEX IF NOT EXISTS ${this.table.replace(/\W/g, '_')}_reset_at ON ${this.table} (reset_at);`,
    );
    return this.ready;
  }

  async increment(key: string): Promise<IncrementResponse> {
    await this.migrate();
    const { rows } = await this.db.query<{ hits: number; reset_at: Date | string }>(
      `INSERT INTO ${this.table} AS t (key, hits, reset_at)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN t.reset_at <= now() THEN 1 ELSE t.hits + 1 END,
         reset_at = CASE WHEN t.reset_at <= now() THEN EXCLUDED.reset_at ELSE t.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    const row = rows[0]!;
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
  }

  async get(key: string) {
    await this.migrate();
    const { rows } = await this.db.query<{ hits: number; reset_at: Date | string }>(
      `SELECT hits, reset_at FROM ${this.table} WHERE key = $1 AND reset_at > now()`,
      [this.prefix + key],
    );
    const row = rows[0];
    return row ? { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) } : undefined;
  }

  async decrement(key: string) {
    await this.migrate();
    await this.db.query(`UPDATE ${this.table} SET hits = greatest(hits - 1, 0) WHERE key = $1`, [
      this.prefix + key,
    ]);
  }

  async resetKey(key: string) {
    await this.migrate();
    await this.db.query(`DELETE FROM ${this.table} WHERE key = $1`, [this.prefix + key]);
  }

  /** Drops windows that are over (call now and then; correctness does not depend on it). */
  async sweep() {
    await this.migrate();
    await this.db.query(`DELETE FROM ${this.table} WHERE reset_at <= now()`);
  }
}

/** The `rateLimitStore` option of createGateway over one database. */
export const sqlRateLimitStores = (db: SqlDatabase, table?: string) => (prefix: string) =>
  new SqlRateLimitStore(db, prefix, table);
