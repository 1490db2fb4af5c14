import type { Rankings } from '@beatmatch/contracts';
import { defineAdminJob, type SqlDatabase, type SqlExecutor } from '@beatmatch/platform';
import { countedBeats, leavesOutInactive } from './settings';

/**
 * beatmatch_fill_rankings (Fill Rankings Table). The catalog owns the rankings because it already holds
 * their facts: the producer dashboard's projection of the matchmaker's plays and matches and of
 * commerce's sales (dashboard/), and each beat's matches and purchases (beat_stats). A score weighs a
 * sale over a match over a play; the matchmaker does not say which beat a play was of, so beats rank
 * by matches and sales. Pioneers and beat battles read them with beatmatch_rankings.
 */
const WEIGHTS = { play: 1, match: 3, sale: 10 } as const;
const SCORE = `plays * ${WEIGHTS.play} + matches * ${WEIGHTS.match} + sales * ${WEIGHTS.sale}`;

const producerRanking = (s: string, activeOnly: boolean) => `
  WITH producers AS (
    SELECT producer_id, max(producer_name) AS producer_name FROM ${s}.beats b
     WHERE ${countedBeats('b', activeOnly)} GROUP BY producer_id),
  activity AS (
    SELECT producer_id, count(*) FILTER (WHERE kind = 'play')::int AS plays,
           count(*) FILTER (WHERE kind = 'match')::int AS matches
      FROM ${s}.dashboard_activity GROUP BY producer_id),
  sold AS (
    SELECT producer_id, count(*)::int AS sales FROM ${s}.dashboard_sales
     WHERE refunded_at IS NULL GROUP BY producer_id),
  scored AS (
    SELECT p.producer_id, p.producer_name, coalesce(a.plays, 0) AS plays,
           coalesce(a.matches, 0) AS matches, coalesce(d.sales, 0) AS sales
      FROM producers p LEFT JOIN activity a USING (producer_id) LEFT JOIN sold d USING (producer_id))
  INSERT INTO ${s}.rankings (kind, id, rank, producer_id, producer_name, beat_name, score, plays, matches, sales, filled_at)
  SELECT 'producer', producer_id, rank() OVER (ORDER BY ${SCORE} DESC), producer_id, producer_name, NULL,
         ${SCORE}, plays, matches, sales, $1 FROM scored`;

const beatRanking = (s: string, activeOnly: boolean) => `
  WITH scored AS (
    SELECT b.beat_id, b.producer_id, b.producer_name, b.name, 0 AS plays,
           coalesce(st.matches, 0) AS matches, coalesce(st.purchases, 0) AS sales
      FROM ${s}.beats b LEFT JOIN ${s}.beat_stats st USING (beat_id)
     WHERE ${countedBeats('b', activeOnly)})
  INSERT INTO ${s}.rankings (kind, id, rank, producer_id, producer_name, beat_name, score, plays, matches, sales, filled_at)
  SELECT 'beat', beat_id, rank() OVER (ORDER BY ${SCORE} DESC), producer_id, producer_name, name,
         ${SCORE}, plays, matches, sales, $1 FROM scored`;

export const fillRankings = (deps: { db: SqlDatabase; schema: string; clock: () => Date }) =>
  defineAdminJob<object>({
    name: 'beatmatch_fill_rankings',
    items: async () => ['producer', 'beat'],
    async handle(kind) {
      const s = deps.schema;
      const activeOnly = await leavesOutInactive(deps.db, s);
      const filledAt = deps.clock().toISOString();
      return async (tx) => {
        await tx.query(`DELETE FROM ${s}.rankings WHERE kind = $1`, [kind]);
        await tx.query(kind === 'producer' ? producerRanking(s, activeOnly) : beatRanking(s, activeOnly), [
          filledAt,
        ]);
      };
    },
    async result() {
      const { producers, beats } = await rankingsOf(deps.db, deps.schema);
      return `Ranked ${producers.length} producers and ${beats.length} beats.`;
    },
  });

interface RankingRow {
  kind: 'producer' | 'beat';
  id: string;
  rank: number;
  producer_id: string;
  producer_name: string;
  beat_name: string | null;
  score: number;
  plays: number;
  matches: number;
  sales: number;
  filled_at: Date | string;
}

/** The rankings as Fill Rankings Table last left them, best first (at most `limit` of each). */
export async function rankingsOf(db: SqlExecutor, s: string, limit = 100): Promise<Rankings> {
  const { rows } = await db.query<RankingRow>(
    `(SELECT * FROM ${s}.rankings WHERE kind = 'producer' ORDER BY rank, id LIMIT $1)
     UNION ALL (SELECT * FROM ${s}.rankings WHERE kind = 'beat' ORDER BY rank, id LIMIT $1)`,
    [limit],
  );
  const common = (row: RankingRow) => ({
    rank: row.rank,
    producerId: row.producer_id,
    producerName: row.producer_name,
    score: Number(row.score),
    plays: row.plays,
    matches: row.matches,
    sales: row.sales,
  });
  const filled = rows.map((row) => new Date(row.filled_at).getTime());
  return {
    filledAt: filled.length ? new Date(Math.max(...filled)).toISOString() : null,
    producers: rows.filter((row) => row.kind === 'producer').map(common),
    beats: rows
      .filter((row) => row.kind === 'beat')
      .map((row) => ({ ...common(row), beatId: row.id, beatName: row.beat_name ?? '' })),
  };
}
