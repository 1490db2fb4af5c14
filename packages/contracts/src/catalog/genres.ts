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
