import {
  beatCoverChangedV1,
  beatCrateChangedV1,
  beatDeletedV1,
  beatPricedV1,
  beatPrivacyChangedV1,
  beatPublishedV1,
  beatRenamedV1,
  entitlementsChangedV1,
  FILTER_GENRES,
  FREE_ENTITLEMENTS,
  type BeatDna,
  type BeatPrices,
  type Crate,
  type Entitlements,
  type FilterGenre,
} from '@beatmatch/contracts';
import { on, type SqlDatabase, type SqlExecutor } from '@beatmatch/platform';

/**
 * The matchmaker's own projection of the catalog's beats (catalog.Beat* events) and of commerce's
 * entitlements. A beat is playable while it is published, public, not deleted and has a snippet;
 * deleted and private beats stay as rows so Match Lists can say what happened to them.
 */
export const beatPoolSchema = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.beats (
    beat_id text PRIMARY KEY,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    name text NOT NULL,
    prices jsonb NOT NULL,
    is_private boolean NOT NULL,
    crate text NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    cover_art_url text,
    snippet_key text,
    genres text[] NOT NULL,
    musical_key text NOT NULL,
    bpm real NOT NULL,
    mood text,
    embedding float8[] NOT NULL,
    published_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS beats_playable ON ${s}.beats (crate, beat_id)
    WHERE NOT deleted AND NOT is_private AND snippet_key IS NOT NULL;
  CREATE TABLE IF NOT EXISTS ${s}.entitlements (
    user_id text PRIMARY KEY,
    entitlements jsonb NOT NULL,
    changed_at timestamptz NOT NULL
  );`;

/** SQL condition of a playable beat (alias b). */
export const PLAYABLE = `NOT b.deleted AND NOT b.is_private AND b.snippet_key IS NOT NULL`;

const GENRE_ALIASES: Record<string, FilterGenre> = {
  'hip hop': 'rapHipHop',
  'hip-hop': 'rapHipHop',
  rap: 'rapHipHop',
  trap: 'rapHipHop',
  'r&b': 'rnb',
  soul: 'rnb',
  electronic: 'electronicDance',
  'electronic dance': 'electronicDance',
  edm: 'electronicDance',
  dance: 'electronicDance',
  house: 'electronicDance',
  techno: 'electronicDance',
  indie: 'indieAlternative',
  alternative: 'indieAlternative',
  'indie/alternative': 'indieAlternative',
  'singer-songwriter': 'singerSongwriters',
};

/** The Filters dialog's genres a beat's DNA names (tags with score ≥ 0.2, at least the top one). */
export function filterGenresOf(dna: BeatDna): FilterGenre[] {
  const sorted = [...dna.genreTags].sort((a, b) => b.score - a.score);
  const out = new Set<FilterGenre>();
  for (const [index, { tag, score }] of sorted.entries()) {
    if (index > 0 && score < 0.2) continue;
    const genre = (FILTER_GENRES as readonly string[]).includes(tag)
      ? (tag as FilterGenre)
      : GENRE_ALIASES[tag.toLowerCase()];
    if (genre) out.add(genre);
  }
  return [...out];
}

/** A short description for the "why" line, e.g. "dark trap". */
function moodOf(dna: BeatDna): string {
  const top = (tags: { tag: string; score: number }[]) =>
    [...tags].sort((a, b) => b.score - a.score)[0]?.tag ?? '';
  return [top(dna.moodTags), top(dna.subgenreTags) || top(dna.genreTags)].filter(Boolean).join(' ');
}

export function beatPoolHandlers(s: string) {
  return [
    on(beatPublishedV1, async (event, tx) => {
      const p = event.payload;
      await tx.query(
        `INSERT INTO ${s}.beats (beat_id, producer_id, producer_name, name, prices, is_private, crate, cover_art_url,
           snippet_key, genres, musical_key, bpm, mood, embedding, published_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (beat_id) DO UPDATE SET producer_id = EXCLUDED.producer_id,
           producer_name = EXCLUDED.producer_name, name = EXCLUDED.name, prices = EXCLUDED.prices,
           is_private = EXCLUDED.is_private, crate = EXCLUDED.crate, cover_art_url = EXCLUDED.cover_art_url,
           snippet_key = EXCLUDED.snippet_key, genres = EXCLUDED.genres, musical_key = EXCLUDED.musical_key,
           bpm = EXCLUDED.bpm, mood = EXCLUDED.mood, embedding = EXCLUDED.embedding,
           published_at = EXCLUDED.published_at
         WHERE NOT ${s}.beats.deleted`,
        [
          p.beatId,
          p.producerId,
          p.producerName,
          p.name,
          JSON.stringify(p.prices),
          p.isPrivate,
          p.crate,
          p.coverArtUrl,
          p.files.snippetKey,
          filterGenresOf(p.dna),
          p.dna.keyPrediction.value,
          p.dna.bpm.value,
          moodOf(p.dna),
          p.dna.embedding,
          p.publishedAt,
        ],
      );
    }),
    on(beatPricedV1, (event, tx) =>
      update(tx, s, event.payload.beatId, 'prices', JSON.stringify(event.payload.prices)),
    ),
    on(beatRenamedV1, (event, tx) => update(tx, s, event.payload.beatId, 'name', event.payload.name)),
    on(beatCoverChangedV1, (event, tx) =>
      update(tx, s, event.payload.beatId, 'cover_art_url', event.payload.coverArtUrl),
    ),
    on(beatPrivacyChangedV1, (event, tx) =>
      update(tx, s, event.payload.beatId, 'is_private', event.payload.isPrivate),
    ),
    on(beatCrateChangedV1, (event, tx) => update(tx, s, event.payload.beatId, 'crate', event.payload.crate)),
    on(beatDeletedV1, (event, tx) => update(tx, s, event.payload.beatId, 'deleted', true)),
    on(entitlementsChangedV1, async (event, tx) => {
      const { userId, changedAt, ...entitlements } = event.payload;
      // The newest state per user wins (events may be replayed or arrive late).
      await tx.query(
        `INSERT INTO ${s}.entitlements (user_id, entitlements, changed_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET entitlements = EXCLUDED.entitlements, changed_at = EXCLUDED.changed_at
         WHERE ${s}.entitlements.changed_at <= EXCLUDED.changed_at`,
        [userId, JSON.stringify(entitlements), changedAt],
      );
    }),
  ];
}

async function update(tx: SqlExecutor, s: string, beatId: string, column: string, value: unknown) {
  await tx.query(`UPDATE ${s}.beats SET ${column} = $2 WHERE beat_id = $1`, [beatId, value]);
}

export interface PoolBeat {
  beatId: string;
  producerId: string;
  producerName: string;
  name: string;
  prices: BeatPrices;
  isPrivate: boolean;
  crate: Crate;
  deleted: boolean;
  coverArtUrl: string | null;
  snippetKey: string | null;
  genres: FilterGenre[];
  musicalKey: string;
  bpm: number;
  mood: string | null;
  embedding: number[];
}

export interface BeatRow {
  beat_id: string;
  producer_id: string;
  producer_name: string;
  name: string;
  prices: BeatPrices;
  is_private: boolean;
  crate: Crate;
  deleted: boolean;
  cover_art_url: string | null;
  snippet_key: string | null;
  genres: FilterGenre[];
  musical_key: string;
  bpm: number;
  mood: string | null;
  /** Text ('{0.1,0.2}') as BEAT_COLUMNS select it; absent with BEAT_FACTS. */
  embedding?: string | number[] | null;
}

/** The beat columns (alias b) with the embedding as text: node-pg's float8[] parser is slow, JSON.parse is not. */
export const BEAT_FACTS = `b.beat_id, b.producer_id, b.producer_name, b.name, b.prices, b.is_private, b.crate, b.deleted,
  b.cover_art_url, b.snippet_key, b.genres, b.musical_key, b.bpm, b.mood`;
export const BEAT_COLUMNS = `${BEAT_FACTS}, b.embedding::text AS embedding`;

/** '{0.1,0.2}' → [0.1, 0.2] */
export const parseEmbedding = (value: string | number[] | null | undefined): number[] =>
  typeof value === 'string'
    ? value.length > 2
      ? (JSON.parse(`[${value.slice(1, -1)}]`) as number[])
      : []
    : (value ?? []).map(Number);

export const toPoolBeat = (row: BeatRow): PoolBeat => ({
  beatId: row.beat_id,
  producerId: row.producer_id,
  producerName: row.producer_name,
  name: row.name,
  prices: row.prices,
  isPrivate: row.is_private,
  crate: row.crate,
  deleted: row.deleted,
  coverArtUrl: row.cover_art_url,
  snippetKey: row.snippet_key,
  genres: row.genres,
  musicalKey: row.musical_key,
  bpm: Number(row.bpm),
  mood: row.mood,
  embedding: parseEmbedding(row.embedding),
});

export const isPlayable = (beat: PoolBeat) => !beat.deleted && !beat.isPrivate && beat.snippetKey !== null;

export class BeatPool {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async get(beatId: string): Promise<PoolBeat | null> {
    const { rows } = await this.db.query<BeatRow>(
      `SELECT ${BEAT_COLUMNS} FROM ${this.s}.beats b WHERE b.beat_id = $1`,
      [beatId],
    );
    return rows[0] ? toPoolBeat(rows[0]) : null;
  }

  /** Beats the player can serve (total_beats). */
  async playableCount(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${this.s}.beats b WHERE ${PLAYABLE}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async entitlements(userId: string | undefined): Promise<Entitlements> {
    if (!userId) return FREE_ENTITLEMENTS;
    const { rows } = await this.db.query<{ entitlements: Entitlements }>(
      `SELECT entitlements FROM ${this.s}.entitlements WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.entitlements ?? FREE_ENTITLEMENTS;
  }
}
