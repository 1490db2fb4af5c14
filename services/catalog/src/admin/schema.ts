import { adminJobsSchemaSql } from '@beatmatch/platform';

/** The catalog's maintenance tables (issue 26 item 2): the jobs, and what the jobs fill. */
export const catalogAdminSchemaSql = (s: string) => `
  ${adminJobsSchemaSql(s)}
  CREATE TABLE IF NOT EXISTS ${s}.beat_tags (
    beat_id text NOT NULL,
    kind text NOT NULL,
    tag text NOT NULL,
    score double precision NOT NULL,
    PRIMARY KEY (beat_id, kind, tag)
  );
  CREATE TABLE IF NOT EXISTS ${s}.beat_tagging (
    beat_id text PRIMARY KEY,
    job_id uuid NOT NULL,
    tagged_at timestamptz NOT NULL,
    times_tagged integer NOT NULL DEFAULT 1
  );
  CREATE TABLE IF NOT EXISTS ${s}.genre_filters (
    kind text NOT NULL,
    tag text NOT NULL,
    beats integer NOT NULL,
    PRIMARY KEY (kind, tag)
  );
  CREATE TABLE IF NOT EXISTS ${s}.rankings (
    kind text NOT NULL CHECK (kind IN ('producer', 'beat')),
    id text NOT NULL,
    rank integer NOT NULL,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    beat_name text,
    score double precision NOT NULL,
    plays integer NOT NULL,
    matches integer NOT NULL,
    sales integer NOT NULL,
    filled_at timestamptz NOT NULL,
    PRIMARY KEY (kind, id)
  );
  CREATE TABLE IF NOT EXISTS ${s}.admin_settings (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    leave_out_inactive boolean NOT NULL DEFAULT false
  );
`;
