/*
 * The catalog's tag vocabularies: the genres of the Filters dialog (artist-side spec §3) and of a
 * beat's DNA, and the subgenres and moods the DNA names (the store page's genre, subgenre and mood
 * dropdowns, producer-side spec §2, offer these).
 */

/** The 17 genres (besides 'all'), in the spec's order. */
export const GENRES = [
  'ambient',
  'blues',
  'classical',
  'country',
  'electronicDance',
  'folk',
  'indieAlternative',
  'jazz',
  'latin',
  'metal',
  'pop',
  'punk',
  'rapHipHop',
  'reggae',
  'rnb',
  'rock',
  'singerSongwriters',
] as const;
export type Genre = (typeof GENRES)[number];

/**
 * How a genre is shown (artist-side spec §3: "displayed with spaces and capitalised"): the Filters
 * dialog, the DNA dialog, the marketing pages' example beat. One table, so no page shows camelCase.
 */
export const GENRE_DISPLAY_NAMES: Readonly<Record<Genre | 'all', string>> = {
  all: 'All',
  ambient: 'Ambient',
  blues: 'Blues',
  classical: 'Classical',
  country: 'Country',
  electronicDance: 'Electronic Dance',
  folk: 'Folk',
  indieAlternative: 'Indie Alternative',
  jazz: 'Jazz',
  latin: 'Latin',
  metal: 'Metal',
  pop: 'Pop',
  punk: 'Punk',
  rapHipHop: 'Rap Hip Hop',
  reggae: 'Reggae',
  rnb: 'R&B',
  rock: 'Rock',
  singerSongwriters: 'Singer Songwriters',
};

/** A genre tag as shown; a tag outside the list (an older DNA's) is shown as it came. */
export function genreDisplayName(tag: string): string {
  return Object.hasOwn(GENRE_DISPLAY_NAMES, tag) ? GENRE_DISPLAY_NAMES[tag as Genre] : tag;
}

/** The subgenres a beat's DNA names (subgenreTags), each under one or more of the genres. */
export const SUBGENRES = [
  'trap',
  'boom bap',
  'lo-fi hip hop',
  'drill',
  'r&b slow jam',
  'neo soul',
  'house',
  'techno',
  'drum and bass',
  'dubstep',
  'electro',
  'synth-pop',
  'pop ballad',
  'indie pop',
  'reggaeton',
  'afrobeats',
  'dancehall',
  'roots reggae',
  'waltz',
  'shuffle',
  'swing jazz',
  'ambient drone',
  'hard rock',
  'classic rock',
  'progressive rock',
  'heavy metal',
  'alt rock',
  'indie rock',
  'soul',
  'funk',
] as const;
export type Subgenre = (typeof SUBGENRES)[number];

/** The moods a beat's DNA names (moodTags). */
export const MOODS = [
  'happy',
  'uplifting',
  'energetic',
  'aggressive',
  'dark',
  'sad',
  'chill',
  'dreamy',
  'romantic',
  'epic',
  'calm',
] as const;
export type Mood = (typeof MOODS)[number];

/** The finer moods a beat's DNA names (moodAdvancedTags, which the store lists carry in beatTags). */
export const ADVANCED_MOODS = [
  'euphoric',
  'triumphant',
  'playful',
  'hopeful',
  'confident',
  'nostalgic',
  'bittersweet',
  'melancholic',
  'introspective',
  'menacing',
  'tense',
  'mysterious',
  'peaceful',
  'sensual',
  'anxious',
] as const;
export type AdvancedMood = (typeof ADVANCED_MOODS)[number];
