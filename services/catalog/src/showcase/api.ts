import { Router } from 'express';
import type { BeatDna, BeatFiles } from '@beatmatch/contracts';
import { HttpProblem, route, type BlobStore, type SqlDatabase } from '@beatmatch/platform';
import { coverArtUrl } from '../beats/beat';
import { dnaTags, streamAudio } from '../beats/api';

/** The upload milestone the Pioneers page celebrates (producer-side spec §9). */
export const PIONEERS_MILESTONE = 10_000;
export const SHOWCASE_MESSAGES = {
  noExample: 'No example beat yet.',
} as const;

/** The spec's Pioneer (usernameDisplay, lifetime_member: 1 means lifetime), with the uploads counted. */
export interface Pioneer {
  usernameDisplay: string;
  /** 1: a lifetime member, shown in gold. */
  lifetime_member: 0 | 1;
  /** Their uploads among the first PIONEERS_MILESTONE. */
  uploads: number;
}

/**
 * Public showcase reads for the marketing pages (producer-side spec §2, §7): the Pioneers list and
 * the example beat with its real DNA (`_example_drake` plays its snippet, `_example_get_tags` shows
 * its tags). No session needed; nothing private leaves: only published, public, not deleted beats.
 */
export function showcaseRouter(deps: { db: SqlDatabase; schema: string; blobs: () => Promise<BlobStore> }) {
  const router = Router();
  const s = deps.schema;

  /**
   * Producers whose real (not demo) uploads are among the first 10,000 published, in the order they
   * joined; a deleted beat still counted towards the milestone when it was uploaded.
   */
  router.post(
    '/showcase/pioneers',
    route(async (_req, res) => {
      const { rows } = await deps.db.query<{
        name: string;
        lifer: boolean | null;
        uploads: string;
        first: string;
      }>(
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
      const total = await deps.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${s}.beats WHERE status = 'published' AND NOT demo`,
      );
      const pioneers: Pioneer[] = rows.map((row) => ({
        usernameDisplay: row.name,
        lifetime_member: row.lifer === true ? 1 : 0,
        uploads: Number(row.uploads),
      }));
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json({ pioneers, uploads: Number(total.rows[0]?.n ?? 0), milestone: PIONEERS_MILESTONE });
    }),
  );

  /** The example beat: the first published demo beat, or else the first published public beat. */
  async function exampleBeat() {
    const { rows } = await deps.db.query<{
      beat_id: string;
      name: string;
      producer_name: string;
      cover: { version: number } | null;
      dna: BeatDna | null;
      files: BeatFiles | null;
    }>(
      `SELECT beat_id, name, producer_name, cover, dna, files FROM ${s}.beats
        WHERE status = 'published' AND NOT deleted AND NOT is_private AND dna IS NOT NULL
          AND files->>'snippetKey' IS NOT NULL
        ORDER BY demo DESC, published_at, beat_id LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new HttpProblem(404, SHOWCASE_MESSAGES.noExample, 'not_found');
    return row;
  }

  router.post(
    '/showcase/example/tags',
    route(async (_req, res) => {
      const beat = await exampleBeat();
      res.json({
        beatId: beat.beat_id,
        name: beat.name,
        producerName: beat.producer_name,
        coverArtUrl: coverArtUrl(beat.beat_id, beat.cover),
        data: dnaTags(beat.dna!),
      });
    }),
  );

  const playExample = route(async (req, res) => {
    const beat = await exampleBeat();
    await streamAudio(req, res, await deps.blobs(), beat.files!.snippetKey!);
  });
  router.get('/showcase/example/audio', playExample);
  router.head('/showcase/example/audio', playExample);

  return router;
}
