import { FREE_ENTITLEMENTS, type Entitlements } from '@beatmatch/contracts';
import type { SqlDatabase, SqlExecutor } from '@beatmatch/platform';

/**
 * The catalog's own projection of commerce.EntitlementsChanged (upload caps and the inactive crate).
 * A user commerce never published about is on FREE_ENTITLEMENTS.
 */
export interface EntitlementsSource {
  of(userId: string): Promise<Entitlements>;
}

export const entitlementsSchemaSql = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.entitlements (
    user_id text PRIMARY KEY,
    entitlements jsonb NOT NULL,
    changed_at timestamptz NOT NULL
  );
  -- Producers whose beats may need another crate (written with the entitlements, drained by CrateSync).
  CREATE TABLE IF NOT EXISTS ${s}.crate_sync (
    user_id text PRIMARY KEY,
    queued_at timestamptz NOT NULL DEFAULT clock_timestamp()
  );
`;

export class SqlEntitlements implements EntitlementsSource {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async of(userId: string): Promise<Entitlements> {
    const { rows } = await this.db.query<{ entitlements: Entitlements }>(
      `SELECT entitlements FROM ${this.s}.entitlements WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.entitlements ?? FREE_ENTITLEMENTS;
  }

  /** Keeps the newest state per user (events may arrive out of order across partitions or replays). */
  static async record(
    tx: SqlExecutor,
    s: string,
    userId: string,
    entitlements: Entitlements,
    changedAt: string,
  ): Promise<void> {
    const { rowCount } = await tx.query(
      `INSERT INTO ${s}.entitlements (user_id, entitlements, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET entitlements = EXCLUDED.entitlements, changed_at = EXCLUDED.changed_at
       WHERE ${s}.entitlements.changed_at <= EXCLUDED.changed_at`,
      [userId, JSON.stringify(entitlements), changedAt],
    );
    if (rowCount)
      await tx.query(
        `INSERT INTO ${s}.crate_sync (user_id) VALUES ($1)
         ON CONFLICT (user_id) DO UPDATE SET queued_at = clock_timestamp()`,
        [userId],
      );
  }
}
