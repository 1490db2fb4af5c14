import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { UserEvent } from './user';

/**
 * Identity's read models, kept in the same transaction as the user streams (inline projection):
 * `users` answers "who has this e-mail/username" and its unique indexes are what makes sign-up
 * reject a taken e-mail even under concurrent requests; `sessions` resolves session cookies.
 */
export const identityReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.users (
    user_id uuid PRIMARY KEY,
    username text NOT NULL,
    username_key text NOT NULL UNIQUE,
    email text NOT NULL UNIQUE,
    verified boolean NOT NULL DEFAULT false,
    survey text,
    referral_code text,
    registered_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.sessions (
    session_hash text PRIMARY KEY,
    user_id uuid NOT NULL,
    device_id text,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sessions_by_user ON ${s}.sessions (user_id);
`;

export function identityProjection(s: string): InlineProjection {
  return {
    name: 'identity-read-model',
    handles: [
      'UserRegistered',
      'AccountVerified',
      'SurveyAnswered',
      'UserLoggedIn',
      'UserLoggedOut',
      'PasswordReset',
    ],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as UserEvent;
        const userId = recorded.streamName.slice('user:'.length);
        switch (event.type) {
          case 'UserRegistered':
            await tx.query(
              `INSERT INTO ${s}.users (user_id, username, username_key, email, referral_code, registered_at)
               VALUES ($1, $2, $3, $4, $5, $6)`,
              [
                userId,
                event.data.username,
                event.data.username.toLowerCase(),
                event.data.email,
                event.data.referralCode,
                event.data.registeredAt,
              ],
            );
            break;
          case 'AccountVerified':
            await tx.query(`UPDATE ${s}.users SET verified = true WHERE user_id = $1`, [userId]);
            break;
          case 'SurveyAnswered':
            await tx.query(`UPDATE ${s}.users SET survey = $2 WHERE user_id = $1`, [
              userId,
              event.data.answer,
            ]);
            break;
          case 'UserLoggedIn':
            await tx.query(
              `INSERT INTO ${s}.sessions (session_hash, user_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
              [
                event.data.sessionIdHash,
                userId,
                event.data.deviceId,
                event.data.loggedInAt,
                event.data.expiresAt,
              ],
            );
            break;
          case 'UserLoggedOut':
            await tx.query(`DELETE FROM ${s}.sessions WHERE session_hash = $1`, [event.data.sessionIdHash]);
            break;
          case 'PasswordReset':
            // A new password ends every open session.
            await tx.query(`DELETE FROM ${s}.sessions WHERE user_id = $1`, [userId]);
            break;
          default:
            break;
        }
      }
    },
  };
}

export interface UserRow {
  user_id: string;
  username: string;
  email: string;
  verified: boolean;
  survey: string | null;
  referral_code: string | null;
}

export class IdentityQueries {
  constructor(
    private readonly db: SqlExecutor,
    private readonly s: string,
  ) {}

  async userByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(`SELECT * FROM ${this.s}.users WHERE email = $1`, [email]);
    return rows[0];
  }

  async userById(userId: string): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(`SELECT * FROM ${this.s}.users WHERE user_id = $1`, [
      userId,
    ]);
    return rows[0];
  }

  async usernameTaken(username: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${this.s}.users WHERE username_key = $1`, [
      username.toLowerCase(),
    ]);
    return rows.length > 0;
  }

  async session(sessionHash: string, now: Date): Promise<(UserRow & { session_hash: string }) | undefined> {
    const { rows } = await this.db.query<UserRow & { session_hash: string }>(
      `SELECT u.*, s.session_hash FROM ${this.s}.sessions s JOIN ${this.s}.users u ON u.user_id = s.user_id
       WHERE s.session_hash = $1 AND s.expires_at > $2`,
      [sessionHash, now.toISOString()],
    );
    return rows[0];
  }
}
