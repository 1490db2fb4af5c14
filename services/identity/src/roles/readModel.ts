import type { AdminAction, AdminRow, Role } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { AdminActionRecorded, AdminRoleEvent } from './adminRole';

/** Who holds the admin role, and the admin actions, kept in the same transaction as their streams. */
export const adminRolesReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.admins (
    user_id uuid PRIMARY KEY,
    granted_by text NOT NULL,
    granted_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.admin_actions (
    action_id text PRIMARY KEY,
    at timestamptz NOT NULL,
    by text NOT NULL,
    action text NOT NULL,
    status integer NOT NULL,
    detail text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS admin_actions_by_time ON ${s}.admin_actions (at DESC);
`;

export function adminRolesProjection(s: string): InlineProjection {
  return {
    name: 'identity-admin-roles',
    handles: ['AdminGranted', 'AdminRevoked', 'AdminActionRecorded'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const id = recorded.streamName.slice(recorded.streamName.indexOf(':') + 1);
        const event = { type: recorded.type, data: recorded.data } as AdminRoleEvent | AdminActionRecorded;
        if (event.type === 'AdminGranted')
          await tx.query(
            `INSERT INTO ${s}.admins (user_id, granted_by, granted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
            [id, event.data.grantedBy, event.data.grantedAt],
          );
        else if (event.type === 'AdminRevoked')
          await tx.query(`DELETE FROM ${s}.admins WHERE user_id = $1`, [id]);
        else
          await tx.query(
            `INSERT INTO ${s}.admin_actions (action_id, at, by, action, status, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
            [id, event.data.at, event.data.by, event.data.action, event.data.status, event.data.detail],
          );
      }
    },
  };
}

const ACTIONS_LISTED = 200;

export class AdminRoleQueries {
  constructor(
    private readonly db: SqlExecutor,
    private readonly s: string,
  ) {}

  async rolesOf(userId: string): Promise<Role[]> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${this.s}.admins WHERE user_id = $1`, [userId]);
    return rows.length ? ['admin'] : [];
  }

  async admins(): Promise<AdminRow[]> {
    const { rows } = await this.db.query<AdminRow>(
      `SELECT a.user_id AS "userId", u.email, u.username AS "userName", a.granted_by AS "grantedBy",
              to_char(a.granted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "grantedAt"
         FROM ${this.s}.admins a JOIN ${this.s}.users u ON u.user_id = a.user_id
        ORDER BY a.granted_at, u.email`,
    );
    return rows;
  }

  async actions(): Promise<AdminAction[]> {
    const { rows } = await this.db.query<Omit<AdminAction, 'outcome'>>(
      `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, by, action, status, detail
         FROM ${this.s}.admin_actions ORDER BY at DESC, action_id LIMIT ${ACTIONS_LISTED}`,
    );
    return rows.map((row) => ({ ...row, outcome: row.status < 400 ? 'succeeded' : 'failed' }));
  }
}
