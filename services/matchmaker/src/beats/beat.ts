import type { BeatPrices, Crate, FilterGenre } from '@beatmatch/contracts';

/** A beat as the matchmaker knows it (its projection of the catalog's beats, ./projection.ts). */
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
  /** Whether the DNA heard a voice (null: not known, a beat projected before it was kept). */
  hasVoice: boolean | null;
  /** The DNA's mood tags, strongest first. */
  moods: string[];
  /** The DNA's subgenre, instrument, character and movement tags: the words discovery matches on. */
  tags: string[];
  /** The DNA's one-paragraph description of the sound ('' when not known). */
  caption: string;
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
  has_voice: boolean | null;
  moods: string[] | null;
  tags: string[] | null;
  caption: string | null;
  /** Text ('{0.1,0.2}') as BEAT_COLUMNS select it; absent with BEAT_FACTS. */
  embedding?: string | number[] | null;
}

/** The beat columns (alias b) with the embedding as text: node-pg's float8[] parser is slow, JSON.parse is not. */
const BEAT_FACTS = `b.beat_id, b.producer_id, b.producer_name, b.name, b.prices, b.is_private, b.crate, b.deleted,
  b.cover_art_url, b.snippet_key, b.genres, b.musical_key, b.bpm, b.mood,
  b.has_voice, b.moods, b.tags, b.caption`;
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
  hasVoice: row.has_voice ?? null,
  moods: row.moods ?? [],
  tags: row.tags ?? [],
  caption: row.caption ?? '',
});

/**
 * Whether artists may hear the beat: every matchmaker path that serves or loads one (player, `?beat=` link,
 * snippet, Match List full beat, adding to the Match List) keeps to this. An inactive beat (its producer has no
 * subscription) is not heard by artists; the producer's own preview in Manage Beats is the catalog's.
 */
export const isPlayable = (beat: PoolBeat) =>
  !beat.deleted && !beat.isPrivate && beat.snippetKey !== null && beat.crate === 'active';

/** The beat a listener's command names (its producer travels with every event, for per-beat stats). */
export const beatRef = (beat: PoolBeat) => ({ beatId: beat.beatId, producerId: beat.producerId });
