import type { BeatDna, BeatFiles, Pioneer } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';

/** The upload milestone the Pioneers page celebrates (producer-side spec §9). */
export const PIONEERS_MILESTONE = 10_000;

/**
 * Producers whose real (not demo) uploads are among the first 10,000 published, in the order they
 * joined; a deleted beat still counted towards the milestone when it was uploaded.
 */
export async function pioneers(db: SqlDatabase, s: string): Promise<Pioneer[]> {
  const { rows } = await db.query<{ name: string; lifer: boolean | null; uploads: string; first: string }>(
    `WITH ranked AS (
       SELECT producer_id, producer_name, published_at,
              row_number() OVER (ORDER BY published_at, beat_id) AS n
         FROM ${s}.beats WHERE status = 'published' AND NOT demo AND published_at IS NOT NULL
     ), early AS (SELECT * FROM ranked WHERE n <= $1)
     SELECT (array_agg(e.producer_name ORDER BY e.published_at DESC))[1] AS name,
            (ent.entitlements->>'lifer')::boolean AS lifer,
            count(*) AS uploads, min(e.published_at) AS first
       FROM early e LEFT JOIN ${s}.entitlements ent ON ent.user_id = e.producer_id
      GROUP BY e.producer_id, ent.entitlements
      ORDER BY first, name`,
    [PIONEERS_MILESTONE],
  );
  return rows.map((row) => ({
    usernameDisplay: row.name,
    lifetime_member: row.lifer === true ? 1 : 0,
    uploads: Number(row.uploads),
  }));
}

/** Published real uploads so far. */
export async function publishedUploads(db: SqlDatabase, s: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${s}.beats WHERE status = 'published' AND NOT demo`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface ExampleBeatRow {
  beat_id: string;
  name: string;
  producer_name: string;
  cover: { version: number } | null;
  dna: BeatDna;
  files: BeatFiles & { snippetKey: string };
}

/** The example beat: the first published demo beat, or else the first published public beat. */
export async function exampleBeat(db: SqlDatabase, s: string): Promise<ExampleBeatRow | null> {
  const { rows } = await db.query<ExampleBeatRow>(
    `SELECT beat_id, name, producer_name, cover, dna, files FROM ${s}.beats
      WHERE status = 'published' AND NOT deleted AND NOT is_private AND dna IS NOT NULL
        AND files->>'snippetKey' IS NOT NULL
      ORDER BY demo DESC, published_at, beat_id LIMIT 1`,
  );
  return rows[0] ?? null;
}
