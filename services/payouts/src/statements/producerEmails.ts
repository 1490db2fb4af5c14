import { userRegisteredV1 } from '@beatmatch/contracts';
import { on } from '@beatmatch/platform';

/** Where payout statements go: each user's e-mail, from identity's UserRegistered (a projection). */
export const producerEmailsSchema = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.producer_emails (
    user_id text PRIMARY KEY,
    email text NOT NULL
  );`;

export const producerEmailHandlers = (schema: string) => [
  on(userRegisteredV1, async (event, tx) => {
    await tx.query(
      `INSERT INTO ${schema}.producer_emails (user_id, email) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email`,
      [event.payload.userId, event.payload.email],
    );
  }),
];
