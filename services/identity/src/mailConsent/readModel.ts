import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { MailConsentEvent } from './consent';

/** Who agreed to news mails, and who has had which campaign's mail queued, written with their consent streams. */
export const mailConsentReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.mail_consents (
    user_id uuid PRIMARY KEY,
    agreed boolean NOT NULL,
    agreed_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS ${s}.campaign_mails (
    campaign_id text NOT NULL,
    user_id uuid NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
  );
`;

export function mailConsentProjection(s: string): InlineProjection {
  return {
    name: 'identity-mail-consents',
    handles: ['MailConsentGiven', 'MailConsentWithdrawn', 'CampaignMailQueued'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const userId = recorded.streamName.slice(recorded.streamName.indexOf(':') + 1);
        const event = { type: recorded.type, data: recorded.data } as MailConsentEvent;
        if (event.type === 'MailConsentGiven')
          await tx.query(
            `INSERT INTO ${s}.mail_consents (user_id, agreed, agreed_at) VALUES ($1, true, $2)
               ON CONFLICT (user_id) DO UPDATE SET agreed = true, agreed_at = $2`,
            [userId, event.data.agreedAt],
          );
        else if (event.type === 'MailConsentWithdrawn')
          await tx.query(
            `INSERT INTO ${s}.mail_consents (user_id, agreed) VALUES ($1, false)
               ON CONFLICT (user_id) DO UPDATE SET agreed = false, agreed_at = NULL`,
            [userId],
          );
        else if (event.type === 'CampaignMailQueued')
          await tx.query(
            `INSERT INTO ${s}.campaign_mails (campaign_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            [event.data.campaignId, userId],
          );
      }
    },
  };
}

export interface ConsentingUser {
  userId: string;
  email: string;
  username: string;
  agreedAt: string;
}

/**
 * The users who agreed to news mails now, oldest consent first; with a campaign, only those who have
 * not had its mail yet.
 */
export async function consentingUsers(
  db: SqlExecutor,
  s: string,
  notYetMailed?: { campaignId: string },
): Promise<ConsentingUser[]> {
  const { rows } = await db.query<{
    user_id: string;
    email: string;
    username: string;
    agreed_at: Date | string;
  }>(
    `SELECT c.user_id, u.email, u.username, c.agreed_at FROM ${s}.mail_consents c
       JOIN ${s}.users u USING (user_id) WHERE c.agreed
       ${notYetMailed ? `AND NOT EXISTS (SELECT 1 FROM ${s}.campaign_mails m WHERE m.campaign_id = $1 AND m.user_id = c.user_id)` : ''}
       ORDER BY c.agreed_at, c.user_id`,
    notYetMailed ? [notYetMailed.campaignId] : [],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    username: row.username,
    agreedAt: new Date(row.agreed_at).toISOString(),
  }));
}

export async function hasAgreed(db: SqlExecutor, s: string, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ agreed: boolean }>(
    `SELECT agreed FROM ${s}.mail_consents WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.agreed ?? false;
}
