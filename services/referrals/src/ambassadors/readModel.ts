import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { AmbassadorEvent } from './ambassador';
import { utcMonthsAround } from '../rewards/readModel';

/*
 * The ambassadors' read models, written with their events: who is one now, the pending applications
 * (the admin's queue), every role change (the run asks who was an ambassador at a month's end), and
 * the members' e-mails and names from identity's sign-ups (the admin names accounts by e-mail).
 */
export const ambassadorsReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.members (
    user_id text PRIMARY KEY,
    email text NOT NULL,
    user_name text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS members_by_email ON ${s}.members (lower(email));
  CREATE TABLE IF NOT EXISTS ${s}.ambassadors (
    user_id text PRIMARY KEY,
    since timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.ambassador_applications (
    user_id text PRIMARY KEY,
    message text NOT NULL,
    applied_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.ambassador_role_changes (
    user_id text NOT NULL,
    at timestamptz NOT NULL,
    ambassador boolean NOT NULL
  );
  CREATE INDEX IF NOT EXISTS ambassador_role_changes_by_user ON ${s}.ambassador_role_changes (user_id, at);`;

async function changeRole(tx: SqlExecutor, s: string, userId: string, at: string, ambassador: boolean) {
  await tx.query(`INSERT INTO ${s}.ambassador_role_changes (user_id, at, ambassador) VALUES ($1, $2, $3)`, [
    userId,
    at,
    ambassador,
  ]);
  // The month of the change (in any zone) is due again: its revenue share follows the new role.
  await tx.query(
    `INSERT INTO ${s}.reward_months_due (user_id, month, marked_at) SELECT $1, m, $2 FROM unnest($3::text[]) m
     ON CONFLICT (user_id, month) DO UPDATE SET marked_at = EXCLUDED.marked_at`,
    [userId, at, utcMonthsAround(at, at)],
  );
}

async function applyEvent(tx: SqlExecutor, s: string, event: AmbassadorEvent) {
  switch (event.type) {
    case 'AmbassadorApplied':
      await tx.query(
        `INSERT INTO ${s}.ambassador_applications (user_id, message, applied_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET message = EXCLUDED.message, applied_at = EXCLUDED.applied_at`,
        [event.data.userId, event.data.message, event.data.appliedAt],
      );
      return;
    case 'AmbassadorGranted':
      await tx.query(`DELETE FROM ${s}.ambassador_applications WHERE user_id = $1`, [event.data.userId]);
      await tx.query(`INSERT INTO ${s}.ambassadors (user_id, since) VALUES ($1, $2)`, [
        event.data.userId,
        event.data.grantedAt,
      ]);
      return changeRole(tx, s, event.data.userId, event.data.grantedAt, true);
    case 'AmbassadorRevoked':
      await tx.query(`DELETE FROM ${s}.ambassadors WHERE user_id = $1`, [event.data.userId]);
      return changeRole(tx, s, event.data.userId, event.data.revokedAt, false);
  }
}

export function ambassadorsProjection(s: string): InlineProjection {
  return {
    name: 'referral-ambassadors',
    handles: ['AmbassadorApplied', 'AmbassadorGranted', 'AmbassadorRevoked'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events)
        await applyEvent(tx, s, { type: recorded.type, data: recorded.data } as AmbassadorEvent);
    },
  };
}

/** Remembers a sign-up's e-mail and name (a redelivery changes nothing). */
export async function recordMember(
  tx: SqlExecutor,
  s: string,
  member: { userId: string; email: string; username: string },
) {
  await tx.query(
    `INSERT INTO ${s}.members (user_id, email, user_name) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
    [member.userId, member.email, member.username],
  );
}

export class AmbassadorQueries {
  constructor(
    private readonly db: SqlExecutor,
    private readonly s: string,
  ) {}

  async userIdByEmail(email: string): Promise<string | null> {
    const { rows } = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM ${this.s}.members WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0]?.user_id ?? null;
  }

  async isAmbassador(userId: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${this.s}.ambassadors WHERE user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /** The admin card: ambassadors (newest first) and the applications waiting (oldest first). */
  async list() {
    const s = this.s;
    const ambassadors = await this.db.query<{
      user_id: string;
      email: string;
      user_name: string;
      since: Date;
    }>(
      `SELECT a.user_id, coalesce(m.email, '') AS email, coalesce(m.user_name, '') AS user_name, a.since
       FROM ${s}.ambassadors a LEFT JOIN ${s}.members m USING (user_id) ORDER BY a.since DESC`,
    );
    const applications = await this.db.query<{
      user_id: string;
      email: string;
      user_name: string;
      message: string;
      applied_at: Date;
    }>(
      `SELECT p.user_id, coalesce(m.email, '') AS email, coalesce(m.user_name, '') AS user_name, p.message,
              p.applied_at
       FROM ${s}.ambassador_applications p LEFT JOIN ${s}.members m USING (user_id) ORDER BY p.applied_at`,
    );
    return {
      ambassadors: ambassadors.rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        userName: row.user_name,
        since: new Date(row.since).toISOString(),
      })),
      applications: applications.rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        userName: row.user_name,
        message: row.message,
        appliedAt: new Date(row.applied_at).toISOString(),
      })),
    };
  }
}
