import { Router } from 'express';
import { callUrl, centsToDollars, type BeatDna, type LabBeat } from '@beatmatch/contracts';
import { handleCall, type SqlDatabase } from '@beatmatch/platform';
import { coverArtUrl, type Cover } from '../beats/beat';

interface StoreRow {
  beatId: string;
  name: string;
  producerId: string;
  producerName: string;
  cover: Cover | null;
  hasSnippet: boolean;
  prices: { firstDate: number; relationship: number; marriage: number | null };
  dna: Pick<BeatDna, 'genreTags' | 'subgenreTags' | 'moodTags'> | null;
}

const tagNames = (tags: Array<{ tag: string }> | undefined) => (tags ?? []).map((scored) => scored.tag);

const labBeat = (row: StoreRow): LabBeat => ({
  beatId: row.beatId,
  beatName: row.name,
  producerName: row.producerName,
  userId: row.producerId,
  coverArtUrl: coverArtUrl(row.beatId, row.cover),
  audioSrc: row.hasSnippet
    ? `${callUrl('beatmatch_beat_play_snippet')}?beatId=${encodeURIComponent(row.beatId)}`
    : null,
  beatTags: {
    genreTags: tagNames(row.dna?.genreTags),
    subgenreTags: tagNames(row.dna?.subgenreTags),
    moodTags: tagNames(row.dna?.moodTags),
  },
  firstDatePackage: centsToDollars(row.prices.firstDate),
  relationshipPackage: centsToDollars(row.prices.relationship),
  marriagePackage: centsToDollars(row.prices.marriage),
});

/**
 * The public store's beats (producer-side spec §2 Public store page): published, public and in the
 * active crate only — a private beat never appears, nor one artists cannot hear — newest first.
 */
export function storeRouter({ db, schema: s }: { db: SqlDatabase; schema: string }): Router {
  const router = Router();
  handleCall(router, 'beatmatch_lab', async ({ userId }, { res }) => {
    const { rows } = await db.query<StoreRow>(
      `SELECT beat_id AS "beatId", name, producer_id AS "producerId", producer_name AS "producerName", cover,
         (files->>'snippetKey') IS NOT NULL AS "hasSnippet",
         json_build_object('firstDate', first_date_cents, 'relationship', relationship_cents,
           'marriage', marriage_cents) AS prices,
         json_build_object('genreTags', dna->'genreTags', 'subgenreTags', dna->'subgenreTags',
           'moodTags', dna->'moodTags') AS dna
       FROM ${s}.beats
       WHERE producer_id = $1 AND status = 'published' AND NOT deleted AND NOT is_private AND crate = 'active'
       ORDER BY published_at DESC, beat_id`,
      [userId],
    );
    res.setHeader('Cache-Control', 'no-store');
    return { beats: rows.map(labBeat) };
  });
  return router;
}
