import { adminJobsSchemaSql } from '@beatmatch/platform';

/** identity's maintenance tables: the jobs, and the store slugs Fill username urls keeps. */
export const identityAdminSchemaSql = (s: string) => `
  ${adminJobsSchemaSql(s)}
  CREATE TABLE IF NOT EXISTS ${s}.store_slugs (
    user_id uuid PRIMARY KEY,
    slug text NOT NULL UNIQUE,
    filled_at timestamptz NOT NULL
  );
`;
