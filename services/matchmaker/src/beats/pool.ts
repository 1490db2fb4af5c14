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
  -- The pool's version: bumped by every change of a beat, which carries the version that changed it
  -- (the row lock orders the bumps as the transactions commit), so a process's in-memory pool reads
  -- only the beats changed since the version it holds (BeatPool.refresh).
  ALTER TABLE ${s}.beats ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0;
  CREATE INDEX IF NOT EXISTS beats_version ON ${s}.beats (version);
  CREATE TABLE IF NOT EXISTS ${s}.pool_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
  );
  INSERT INTO ${s}.pool_version (id, version) VALUES (true, 0) ON CONFLICT (id) DO NOTHING;
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

/** Bumps the pool's version in the projection's transaction; the beat it changes carries the new one. */
async function bumpVersion(tx: SqlExecutor, s: string, changed?: (version: number) => void) {
  const { rows } = await tx.query<{ version: string }>(
    `UPDATE ${s}.pool_version SET version = version + 1 RETURNING version`,
  );
  const version = Number(rows[0]!.version);
  changed?.(version);
  return version;
}

/**
 * `changed`: told the version each beat change writes (before its transaction commits), so this
 * process's in-memory pool reads it on its next use (BeatPool.awaitVersion).
 */
export function beatPoolHandlers(s: string, changed?: (version: number) => void) {
  const update = async (tx: SqlExecutor, beatId: string, column: string, value: unknown) => {
    const version = await bumpVersion(tx, s, changed);
    await tx.query(`UPDATE ${s}.beats SET ${column} = $2, version = $3 WHERE beat_id = $1`, [
      beatId,
      value,
      version,
    ]);
  };
  return [
    on(beatPublishedV1, async (event, tx) => {
      const p = event.payload;
      const version = await bumpVersion(tx, s, changed);
      await tx.query(
        `INSERT INTO ${s}.beats (beat_id, producer_id, producer_name, name, prices, is_private, crate, cover_art_url,
           snippet_key, genres, musical_key, bpm, mood, embedding, published_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (beat_id) DO UPDATE SET producer_id = EXCLUDED.producer_id,
           producer_name = EXCLUDED.producer_name, name = EXCLUDED.name, prices = EXCLUDED.prices,
           is_private = EXCLUDED.is_private, crate = EXCLUDED.crate, cover_art_url = EXCLUDED.cover_art_url,
           snippet_key = EXCLUDED.snippet_key, genres = EXCLUDED.genres, musical_key = EXCLUDED.musical_key,
           bpm = EXCLUDED.bpm, mood = EXCLUDED.mood, embedding = EXCLUDED.embedding,
           published_at = EXCLUDED.published_at, version = EXCLUDED.version
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
          version,
        ],
      );
    }),
    on(beatPricedV1, (event, tx) =>
      update(tx, event.payload.beatId, 'prices', JSON.stringify(event.payload.prices)),
    ),
    on(beatRenamedV1, (event, tx) => update(tx, event.payload.beatId, 'name', event.payload.name)),
    on(beatCoverChangedV1, (event, tx) =>
      update(tx, event.payload.beatId, 'cover_art_url', event.payload.coverArtUrl),
    ),
    on(beatPrivacyChangedV1, (event, tx) =>
      update(tx, event.payload.beatId, 'is_private', event.payload.isPrivate),
    ),
    on(beatCrateChangedV1, (event, tx) => update(tx, event.payload.beatId, 'crate', event.payload.crate)),
    on(beatDeletedV1, (event, tx) => update(tx, event.payload.beatId, 'deleted', true)),
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

export interface BeatPoolOptions {
  /**
   * How old the pool may get before a call checks for beats changed by another process (a projection
   * in another replica); the check runs in the background, the call is not held. Default 500 ms.
   */
  refreshMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

/**
 * The beat pool in memory, read from the projection: every beat (Match Lists name deleted and private
 * ones) and the playable beats of the active crate, which the player chooses from without asking
 * PostgreSQL. It stays current by reading only the beats whose version is newer than the one it holds:
 * - this process's projection tells it the version a change writes (`awaitVersion`), so the first use
 *   after that change committed reads it before answering (nothing of its own is ever missed);
 * - any use more than `refreshMs` after the last check reads the changes of other processes (other
 *   replicas of the matchmaker share one consumer group, so only one of them projects each event) in
 *   the background: a replica converges within `refreshMs` of its next call.
 * About 1 KB per beat (a 64-dimension embedding): 100,000 beats ≈ 100 MB.
 */
export class BeatPool {
  private readonly beats = new Map<string, PoolBeat>();
  /** Playable beats of the active crate: the player's candidates. */
  private active: PoolBeat[] = [];
  private playable = 0;
  /** The pool version the memory holds (-1: nothing read yet). */
  private version = -1;
  /** The newest version this process's projection wrote, and when. */
  private awaited = 0;
  private awaitedAt = 0;
  private checkedAt = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
    options: BeatPoolOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** The projection wrote `version` (its transaction may not have committed yet). */
  awaitVersion(version: number): void {
    if (version > this.awaited) {
      this.awaited = version;
      this.awaitedAt = this.now();
    }
  }

  /**
   * Makes sure the memory holds every change this process projected, and starts a background read of
   * other processes' changes when the last one is older than `refreshMs`.
   */
  async current(): Promise<void> {
    if (this.version < this.awaited && this.version >= 0 && this.now() - this.awaitedAt > 10_000) {
      // A projection transaction that rolled back: its version never appears (the next change reuses it).
      this.awaited = this.version;
    }
    if (this.version < 0 || this.version < this.awaited) {
      await this.refresh();
      return;
    }
    if (this.now() - this.checkedAt >= this.refreshMs) void this.refresh().catch(() => undefined);
  }

  /** Reads the beats changed since the version held; a call during a read waits for one after it. */
  refresh(): Promise<void> {
    if (!this.running) {
      this.running = this.load().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.refresh();
      });
    return this.queued;
  }

  private async load(): Promise<void> {
    this.checkedAt = this.now();
    // One statement, one snapshot: the version and exactly the beats changed up to it.
    const { rows } = await this.db.query<Partial<BeatRow> & { pool_version: string }>(
      `SELECT pv.version AS pool_version, ${BEAT_COLUMNS}
         FROM ${this.s}.pool_version pv LEFT JOIN ${this.s}.beats b ON b.version > $1`,
      [this.version],
    );
    const version = Number(rows[0]?.pool_version ?? 0);
    let changed = false;
    for (const row of rows) {
      if (!row.beat_id) continue;
      this.beats.set(row.beat_id, toPoolBeat(row as BeatRow));
      changed = true;
    }
    if (changed || this.version < 0) {
      const active: PoolBeat[] = [];
      let playable = 0;
      for (const beat of this.beats.values()) {
        if (!isPlayable(beat)) continue;
        playable++;
        if (beat.crate === 'active') active.push(beat);
      }
      this.active = active;
      this.playable = playable;
    }
    this.version = Math.max(this.version, version);
  }

  /** A beat (playable or not), or null. */
  async get(beatId: string): Promise<PoolBeat | null> {
    await this.current();
    const beat = this.beats.get(beatId);
    if (beat) return beat;
    // Projected by another process since the last read: from the table, and the pool catches up.
    const { rows } = await this.db.query<BeatRow>(
      `SELECT ${BEAT_COLUMNS} FROM ${this.s}.beats b WHERE b.beat_id = $1`,
      [beatId],
    );
    if (!rows[0]) return null;
    void this.refresh().catch(() => undefined);
    return toPoolBeat(rows[0]);
  }

  /** The playable beats of the active crate (the caller must not change the array). */
  async activePlayable(): Promise<readonly PoolBeat[]> {
    await this.current();
    return this.active;
  }

  /** Beats held in memory (after `current()`), for the listener's taste; no table read. */
  known(beatId: string): PoolBeat | undefined {
    return this.beats.get(beatId);
  }

  /** Beats the player can serve (total_beats). */
  async playableCount(): Promise<number> {
    await this.current();
    return this.playable;
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
