import type { FilterGenre } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import {
  BEAT_COLUMNS,
  BEAT_FACTS,
  parseEmbedding,
  PLAYABLE,
  toPoolBeat,
  type BeatRow,
  type PoolBeat,
} from '../beats/pool';
import type { ListenerId } from './listener';

/**
 * How the next beat is chosen (issue 9 "a player that learns taste"):
 *
 * 1. Candidates: playable beats that pass the filters and that this listener has never been served,
 *    passed or matched, in the active crate only (producer-side spec: artists cannot hear an inactive
 *    producer's beats), a random sample of CANDIDATES of them. When none is
 *    left the pool is exhausted: the unmatched beat heard longest ago comes back ("replay").
 * 2. Taste: the centroids of the DNA embeddings (L2-normalised, cosine = dot product) of the
 *    listener's latest matches and passes. A candidate scores
 *    dot(matched centroid) − PASS_WEIGHT·dot(passed centroid) + GENRE_BONUS if it shares a genre
 *    with the matches − PRODUCER_PENALTY per beat of its producer among the listener's recent plays
 *    (fairness: one producer cannot fill a session).
 * 3. Exploration: with probability EXPLORE (always, before the first match) the pick is a random
 *    candidate, preferring producers the listener has not heard recently, so new beats and producers
 *    are still heard and the taste model sees beyond its own picks.
 *
 * Every pick carries a `why` line for the player.
 */
export const CANDIDATES = 150;
export const EXPLORE = 0.2;
export const PASS_WEIGHT = 0.5;
export const GENRE_BONUS = 0.05;
export const PRODUCER_PENALTY = 0.08;
const HISTORY = 60;
const RECENT_PLAYS = 30;

export interface Filters {
  genre: FilterGenre | null;
  musicalKey: string[] | null;
  tempo: [number, number] | null;
}

export interface Taste {
  matched: PoolBeat[];
  passed: PoolBeat[];
  /** Beats per producer among the listener's recent plays. */
  recentProducers: Map<string, number>;
}

export interface Pick {
  beat: PoolBeat;
  why: string;
}

const dot = (a: number[], b: number[]) => {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

function centroid(beats: PoolBeat[]): number[] | null {
  const dims = beats[0]?.embedding.length ?? 0;
  const usable = beats.filter((beat) => beat.embedding.length === dims && dims > 0);
  if (!usable.length) return null;
  const sum = new Array<number>(dims).fill(0);
  for (const beat of usable) for (let i = 0; i < dims; i++) sum[i]! += beat.embedding[i]!;
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

/** "dark trap, 140 BPM, F# minor" */
export const describe = (beat: PoolBeat) =>
  [beat.mood, `${Math.round(beat.bpm)} BPM`, beat.musicalKey].filter(Boolean).join(', ');

/** Chooses among candidates (already in random order) by taste, exploration and fairness. */
export function rank(candidates: PoolBeat[], taste: Taste, random: () => number = Math.random): Pick | null {
  if (!candidates.length) return null;
  const heard = (beat: PoolBeat) => taste.recentProducers.get(beat.producerId) ?? 0;
  const matchCentroid = centroid(taste.matched);
  if (!matchCentroid || random() < EXPLORE) {
    const fresh = candidates.filter((beat) => heard(beat) === 0);
    const pool = fresh.length ? fresh : candidates;
    const beat = pool[Math.floor(random() * pool.length)] ?? pool[0]!;
    const why = !matchCentroid
      ? `a fresh pick while we learn your taste: ${describe(beat)}`
      : heard(beat) === 0
        ? `something new, from a producer you have not heard lately: ${describe(beat)}`
        : `something different to keep it fresh: ${describe(beat)}`;
    return { beat, why };
  }
  const passCentroid = centroid(taste.passed);
  const matchedGenres = new Set(taste.matched.flatMap((beat) => beat.genres));
  let best: PoolBeat = candidates[0]!;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const beat of candidates) {
    const score =
      dot(beat.embedding, matchCentroid) -
      (passCentroid ? PASS_WEIGHT * dot(beat.embedding, passCentroid) : 0) +
      (beat.genres.some((genre) => matchedGenres.has(genre)) ? GENRE_BONUS : 0) -
      PRODUCER_PENALTY * heard(beat);
    if (score > bestScore) {
      bestScore = score;
      best = beat;
    }
  }
  const similarities = taste.matched.map((beat) => dot(beat.embedding, best.embedding));
  const nearest = Math.max(...similarities);
  const close = Math.max(1, similarities.filter((sim) => sim >= Math.min(0.8, nearest)).length);
  return {
    beat: best,
    why: `close to ${close} ${close === 1 ? 'beat' : 'beats'} you matched: ${describe(best)}`,
  };
}

/** The SQL side of the choice: candidates, the listener's taste, the replay fallback. */
export class Selector {
  /** Embeddings by beat: a beat's DNA never changes once published, so they are kept in memory. */
  private readonly embeddings = new Map<string, number[]>();

  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  /** Fills in the embeddings of beats read without them (BEAT_FACTS), from memory or in one query. */
  private async withEmbeddings(beats: PoolBeat[]): Promise<PoolBeat[]> {
    const missing = beats.filter((beat) => !this.embeddings.has(beat.beatId)).map((beat) => beat.beatId);
    if (missing.length) {
      const { rows } = await this.db.query<{ beat_id: string; embedding: string }>(
        `SELECT beat_id, embedding::text AS embedding FROM ${this.s}.beats WHERE beat_id = ANY($1::text[])`,
        [missing],
      );
      if (this.embeddings.size > 200_000) this.embeddings.clear();
      for (const row of rows) this.embeddings.set(row.beat_id, parseEmbedding(row.embedding));
    }
    return beats.map((beat) => ({ ...beat, embedding: this.embeddings.get(beat.beatId) ?? [] }));
  }

  private filterSql(filters: Filters, params: unknown[]): string {
    const parts: string[] = [];
    if (filters.genre) {
      params.push(filters.genre);
      parts.push(`$${params.length} = ANY(b.genres)`);
    }
    if (filters.musicalKey) {
      params.push(filters.musicalKey);
      parts.push(`b.musical_key = ANY($${params.length}::text[])`);
    }
    if (filters.tempo) {
      params.push(filters.tempo[0], filters.tempo[1]);
      parts.push(`b.bpm BETWEEN $${params.length - 1} AND $${params.length}`);
    }
    return parts.map((part) => ` AND ${part}`).join('');
  }

  async candidates(listener: ListenerId, filters: Filters): Promise<PoolBeat[]> {
    const params: unknown[] = [listener];
    // The random sample is drawn over narrow rows; only the sampled rows are read whole.
    const { rows } = await this.db.query<BeatRow>(
      `WITH sample AS (
         SELECT b.beat_id, (b.crate = 'active') AS active, random() AS r FROM ${this.s}.beats b
          WHERE ${PLAYABLE} AND b.crate = 'active'${this.filterSql(filters, params)}
            AND NOT EXISTS (SELECT 1 FROM ${this.s}.listener_beats lb
                             WHERE lb.listener_id = $1 AND lb.beat_id = b.beat_id
                               AND (lb.served_at IS NOT NULL OR lb.passed_at IS NOT NULL OR lb.matched_at IS NOT NULL))
          ORDER BY active DESC, r LIMIT ${CANDIDATES})
       SELECT ${BEAT_FACTS} FROM sample JOIN ${this.s}.beats b USING (beat_id) ORDER BY sample.active DESC, sample.r`,
      params,
    );
    return this.withEmbeddings(rows.map(toPoolBeat));
  }

  /** The pool is exhausted: the unmatched beat that fits the filters and was heard longest ago. */
  async replay(listener: ListenerId, filters: Filters): Promise<PoolBeat | null> {
    const params: unknown[] = [listener];
    const { rows } = await this.db.query<BeatRow>(
      `SELECT ${BEAT_COLUMNS} FROM ${this.s}.beats b
         LEFT JOIN ${this.s}.listener_beats lb ON lb.listener_id = $1 AND lb.beat_id = b.beat_id
        WHERE ${PLAYABLE} AND b.crate = 'active'${this.filterSql(filters, params)} AND lb.matched_at IS NULL
        ORDER BY (b.crate = 'active') DESC, COALESCE(lb.served_at, lb.passed_at) ASC NULLS FIRST, b.beat_id
        LIMIT 1`,
      params,
    );
    return rows[0] ? toPoolBeat(rows[0]) : null;
  }

  async taste(listener: ListenerId): Promise<Taste> {
    const [history, recent] = await Promise.all([
      this.db.query<BeatRow & { matched: boolean }>(
        `SELECT ${BEAT_FACTS}, lb.matched_at IS NOT NULL AS matched FROM ${this.s}.listener_beats lb
           JOIN ${this.s}.beats b ON b.beat_id = lb.beat_id
          WHERE lb.listener_id = $1 AND (lb.matched_at IS NOT NULL OR lb.passed_at IS NOT NULL)
          ORDER BY GREATEST(lb.matched_at, lb.passed_at) DESC LIMIT ${HISTORY}`,
        [listener],
      ),
      this.db.query<{ producer_id: string; n: string }>(
        `SELECT producer_id, count(*) AS n FROM (
           SELECT b.producer_id FROM ${this.s}.listener_beats lb JOIN ${this.s}.beats b ON b.beat_id = lb.beat_id
            WHERE lb.listener_id = $1 AND lb.served_at IS NOT NULL
            ORDER BY lb.served_at DESC LIMIT ${RECENT_PLAYS}) recent
          GROUP BY producer_id`,
        [listener],
      ),
    ]);
    const beats = await this.withEmbeddings(history.rows.map(toPoolBeat));
    return {
      matched: beats.filter((_beat, i) => history.rows[i]!.matched),
      passed: beats.filter((_beat, i) => !history.rows[i]!.matched),
      recentProducers: new Map(recent.rows.map((row) => [row.producer_id, Number(row.n)])),
    };
  }

  /** `choice`: the pass or match being recorded with this call (not in the read model yet). */
  async next(
    listener: ListenerId,
    filters: Filters,
    choice?: { beat: PoolBeat; choice: 'pass' | 'match' },
    random?: () => number,
  ): Promise<Pick | null> {
    const [all, taste] = await Promise.all([this.candidates(listener, filters), this.taste(listener)]);
    const candidates = choice ? all.filter((beat) => beat.beatId !== choice.beat.beatId) : all;
    if (choice) {
      const side = choice.choice === 'match' ? taste.matched : taste.passed;
      if (!side.some((beat) => beat.beatId === choice.beat.beatId)) side.unshift(choice.beat);
    }
    const pick = rank(candidates, taste, random);
    if (pick) return pick;
    const replayed = await this.replay(listener, filters);
    const again = replayed?.beatId === choice?.beat.beatId ? null : replayed;
    return again
      ? { beat: again, why: `you have heard every beat that fits; here again: ${describe(again)}` }
      : null;
  }
}
