import type { SqlExecutor } from '@beatmatch/platform';

/**
 * Remove Inactive Beats (the spec's button "actually toggles the state of" itself): when on, beats in
 * the inactive crate — which artists cannot hear — are left out of the genre filter lists and the
 * rankings, so no filter or ranking leads to a beat nobody can play. The store and the player already
 * leave them out.
 */
export async function leavesOutInactive(db: SqlExecutor, s: string): Promise<boolean> {
  const { rows } = await db.query<{ leave_out_inactive: boolean }>(
    `SELECT leave_out_inactive FROM ${s}.admin_settings`,
  );
  return rows[0]?.leave_out_inactive ?? false;
}

export async function setLeaveOutInactive(db: SqlExecutor, s: string, remove: boolean): Promise<void> {
  await db.query(
    `INSERT INTO ${s}.admin_settings (id, leave_out_inactive) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET leave_out_inactive = EXCLUDED.leave_out_inactive`,
    [remove],
  );
}

/** The beats the filters and rankings count: published, public, not deleted (and active when asked). */
export const countedBeats = (alias: string, activeOnly: boolean) =>
  `${alias}.status = 'published' AND NOT ${alias}.deleted AND NOT ${alias}.is_private` +
  (activeOnly ? ` AND ${alias}.crate = 'active'` : '');
