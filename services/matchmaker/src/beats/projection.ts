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
  type BeatDna,
  type FilterGenre,
} from '@beatmatch/contracts';
import { on, type SqlExecutor } from '@beatmatch/platform';

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
  -- What discovery (issue 25) matches on besides the embedding: voice, moods, descriptive tags, caption.
  ALTER TABLE ${s}.beats ADD COLUMN IF NOT EXISTS has_voice boolean;
  ALTER TABLE ${s}.beats ADD COLUMN IF NOT EXISTS moods text[];
  ALTER TABLE ${s}.beats ADD COLUMN IF NOT EXISTS tags text[];
  ALTER TABLE ${s}.beats ADD COLUMN IF NOT EXISTS caption text;
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
export function moodOf(dna: BeatDna): string {
  const top = (tags: { tag: string; score: number }[]) =>
    [...tags].sort((a, b) => b.score - a.score)[0]?.tag ?? '';
  return [top(dna.moodTags), top(dna.subgenreTags) || top(dna.genreTags)].filter(Boolean).join(' ');
}

const tagNames = (tags: { tag: string; score: number }[], limit: number) =>
  [...tags]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ tag }) => tag);

/** Whether the DNA's strongest voice tag is a voice (null when the DNA has no voice tags). */
export const hasVoiceOf = (dna: BeatDna): boolean | null =>
  dna.voiceTags.length ? tagNames(dna.voiceTags, 1)[0] === 'vocals' : null;

/** The DNA's descriptive tags discovery matches words and shared tags on (a few of each kind). */
export const discoveryTagsOf = (dna: BeatDna): string[] => [
  ...new Set([
    ...tagNames(dna.subgenreTags, 2),
    ...tagNames(dna.instrumentTags, 5),
    ...tagNames(dna.characterTags, 3),
    ...tagNames(dna.movementTags, 2),
    ...tagNames(dna.moodAdvancedTags, 3),
  ]),
];

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
           snippet_key, genres, musical_key, bpm, mood, embedding, published_at, version,
           has_voice, moods, tags, caption)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         ON CONFLICT (beat_id) DO UPDATE SET producer_id = EXCLUDED.producer_id,
           producer_name = EXCLUDED.producer_name, name = EXCLUDED.name, prices = EXCLUDED.prices,
           is_private = EXCLUDED.is_private, crate = EXCLUDED.crate, cover_art_url = EXCLUDED.cover_art_url,
           snippet_key = EXCLUDED.snippet_key, genres = EXCLUDED.genres, musical_key = EXCLUDED.musical_key,
           bpm = EXCLUDED.bpm, mood = EXCLUDED.mood, embedding = EXCLUDED.embedding,
           published_at = EXCLUDED.published_at, version = EXCLUDED.version, has_voice = EXCLUDED.has_voice,
           moods = EXCLUDED.moods, tags = EXCLUDED.tags, caption = EXCLUDED.caption
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
          hasVoiceOf(p.dna),
          tagNames(p.dna.moodTags, 3),
          discoveryTagsOf(p.dna),
          p.dna.transformerCaption,
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
