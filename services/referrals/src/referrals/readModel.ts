import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { CodeOwner } from './businessLogic';
import type { MemberEvent } from './member';

/**
 * Referrals' read models, written in the same transaction as the member streams: `codes` finds the
 * owner of a `ref` (its unique index makes a colliding code fail the append, never share a code);
 * `attributions` lists who each user referred (sub-affiliates, item 2 of issue 23). `deleted` marks
 * the code of a deleted account; identity publishes no account deletion yet, so nothing sets it.
 */
export const referralsReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.codes (
    code text PRIMARY KEY,
    user_id text NOT NULL UNIQUE,
    issued_at timestamptz NOT NULL,
    deleted boolean NOT NULL DEFAULT false
  );
  CREATE TABLE IF NOT EXISTS ${s}.attributions (
    user_id text PRIMARY KEY,
    referrer_id text NOT NULL,
    referral_code text NOT NULL,
    confirmed_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS attributions_by_referrer ON ${s}.attributions (referrer_id);`;

export function referralsProjection(s: string): InlineProjection {
  return {
    name: 'referrals-read-model',
    handles: ['ReferralCodeIssued', 'ReferralConfirmed'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as MemberEvent;
        if (event.type === 'ReferralCodeIssued') {
          await tx.query(`INSERT INTO ${s}.codes (code, user_id, issued_at) VALUES ($1, $2, $3)`, [
            event.data.code,
            event.data.userId,
            event.data.issuedAt,
          ]);
        } else if (event.type === 'ReferralConfirmed') {
          await tx.query(
            `INSERT INTO ${s}.attributions (user_id, referrer_id, referral_code, confirmed_at)
             VALUES ($1, $2, $3, $4)`,
            [event.data.userId, event.data.referrerId, event.data.code, event.data.confirmedAt],
          );
        }
      }
    },
  };
}

export class ReferralQueries {
  constructor(
    private readonly db: SqlExecutor,
    private readonly schema: string,
  ) {}

  async codeOf(userId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ code: string }>(
      `SELECT code FROM ${this.schema}.codes WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.code ?? null;
  }

  async ownerOf(code: string): Promise<CodeOwner | null> {
    const { rows } = await this.db.query<{ user_id: string; deleted: boolean }>(
      `SELECT user_id, deleted FROM ${this.schema}.codes WHERE code = $1`,
      [code],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, deleted: row.deleted } : null;
  }

  /** Whether `userId`'s sign-up was attributed to a real code (ReferralConfirmed). */
  async wasReferred(userId: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${this.schema}.attributions WHERE user_id = $1`, [
      userId,
    ]);
    return rows.length > 0;
  }

  /** The users `referrerId` referred, oldest first. */
  async referredBy(referrerId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM ${this.schema}.attributions WHERE referrer_id = $1 ORDER BY confirmed_at, user_id`,
      [referrerId],
    );
    return rows.map((row) => row.user_id);
  }
}
