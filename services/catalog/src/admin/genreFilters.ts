import { GENRE_FILTER_KINDS } from '@beatmatch/contracts';
import { defineAdminJob, type SqlDatabase } from '@beatmatch/platform';
import { countedBeats, leavesOutInactive } from './settings';

const DNA_LIST_OF = { genre: 'genreTags', subgenre: 'subgenreTags', mood: 'moodTags' } as const;

/**
 * add_genres (Set Genre Filters): rebuilds each filter list — genres, subgenres, moods — from the
 * published beats' DNA, with the number of beats behind each entry; one list per item, replaced whole
 * in one transaction, so a page never reads a half-built list.
 */
export const setGenreFilters = (deps: { db: SqlDatabase; schema: string }) =>
  defineAdminJob<object>({
    name: 'add_genres',
    items: async () => [...GENRE_FILTER_KINDS],
    async handle(kind) {
      const s = deps.schema;
      const list = DNA_LIST_OF[kind as keyof typeof DNA_LIST_OF];
      const activeOnly = await leavesOutInactive(deps.db, s);
      return async (tx) => {
        await tx.query(`DELETE FROM ${s}.genre_filters WHERE kind = $1`, [kind]);
        await tx.query(
          `INSERT INTO ${s}.genre_filters (kind, tag, beats)
             SELECT $1, tags.value->>'tag', count(DISTINCT b.beat_id)
               FROM ${s}.beats b, jsonb_array_elements(b.dna->'${list}') AS tags
              WHERE b.dna IS NOT NULL AND ${countedBeats('b', activeOnly)}
              GROUP BY tags.value->>'tag'`,
          [kind],
        );
      };
    },
    async result() {
      const { rows } = await deps.db.query<{ kind: string; n: string }>(
        `SELECT kind, count(*)::text AS n FROM ${deps.schema}.genre_filters GROUP BY kind`,
      );
      const count = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
      return `Filter lists rebuilt: ${count('genre')} genres, ${count('subgenre')} subgenres, ${count('mood')} moods.`;
    },
  });

export async function genreFilters(db: SqlDatabase, s: string) {
  const { rows } = await db.query<{ kind: (typeof GENRE_FILTER_KINDS)[number]; tag: string; beats: number }>(
    `SELECT kind, tag, beats FROM ${s}.genre_filters ORDER BY kind, beats DESC, tag`,
  );
  return rows;
}
