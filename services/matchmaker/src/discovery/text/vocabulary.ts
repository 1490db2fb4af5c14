import {
  ADVANCED_MOODS,
  GENRE_DISPLAY_NAMES,
  GENRES,
  MOODS,
  SUBGENRES,
  type FilterGenre,
} from '@beatmatch/contracts';

/*
 * The words an artist writes and what the DNA calls them: genres (the Filters dialog's), the DNA's
 * subgenres, moods and instrument tags. Phrases are matched on word boundaries, longest first.
 */

/** Phrase → genre, beyond the genres' own display names. */
const GENRE_WORDS: Record<string, FilterGenre> = {
  'hip hop': 'rapHipHop',
  'hip-hop': 'rapHipHop',
  hiphop: 'rapHipHop',
  rap: 'rapHipHop',
  trap: 'rapHipHop',
  drill: 'rapHipHop',
  'boom bap': 'rapHipHop',
  'boom-bap': 'rapHipHop',
  'lo-fi': 'rapHipHop',
  lofi: 'rapHipHop',
  'lo fi': 'rapHipHop',
  'r&b': 'rnb',
  'r and b': 'rnb',
  rnb: 'rnb',
  soul: 'rnb',
  'neo soul': 'rnb',
  'slow jam': 'rnb',
  edm: 'electronicDance',
  electronic: 'electronicDance',
  dance: 'electronicDance',
  house: 'electronicDance',
  techno: 'electronicDance',
  club: 'electronicDance',
  dubstep: 'electronicDance',
  'drum and bass': 'electronicDance',
  dnb: 'electronicDance',
  reggaeton: 'latin',
  dembow: 'latin',
  perreo: 'latin',
  dancehall: 'reggae',
  'one drop': 'reggae',
  roots: 'reggae',
  ballad: 'pop',
  indie: 'indieAlternative',
  alternative: 'indieAlternative',
  'singer songwriter': 'singerSongwriters',
  'singer-songwriter': 'singerSongwriters',
  soulful: 'rnb',
  riddim: 'reggae',
  dub: 'reggae',
  skank: 'reggae',
  rasta: 'reggae',
  jamaican: 'reggae',
  island: 'reggae',
  urbano: 'latin',
  jazzy: 'jazz',
  'four on the floor': 'electronicDance',
  'four to the floor': 'electronicDance',
};

/** Phrase → the DNA's subgenre or instrument tag it names. */
const TAG_WORDS: Record<string, string> = {
  lofi: 'lo-fi hip hop',
  'lo-fi': 'lo-fi hip hop',
  'lo fi': 'lo-fi hip hop',
  'boom-bap': 'boom bap',
  dembow: 'reggaeton',
  perreo: 'reggaeton',
  'one drop': 'roots reggae',
  roots: 'roots reggae',
  ballad: 'pop ballad',
  'slow jam': 'r&b slow jam',
  '808': '808/sub bass',
  '808s': '808/sub bass',
  'sub bass': '808/sub bass',
  bass: 'bass',
  bassline: 'bass',
  piano: 'keys/chords',
  keys: 'keys/chords',
  chords: 'keys/chords',
  rhodes: 'keys/chords',
  pads: 'synth pad',
  pad: 'synth pad',
  synth: 'synth lead',
  synths: 'synth lead',
  hats: 'hi-hats',
  'hi hats': 'hi-hats',
  'hi-hats': 'hi-hats',
  drums: 'drums',
  kick: 'kick',
  claps: 'snare/clap',
  snare: 'snare/clap',
  guitar: 'guitar',
  'distorted guitar': 'distorted guitar',
  strings: 'strings',
  jazz: 'swing jazz',
  jazzy: 'swing jazz',
  swing: 'swing jazz',
  'chill hop': 'lo-fi hip hop',
  chillhop: 'lo-fi hip hop',
  'four on the floor': 'house',
  'four to the floor': 'house',
  '3/4': 'waltz',
  'waltz time': 'waltz',
};

/** Phrase → the DNA mood it means (the moods and finer moods name themselves too). */
const MOOD_WORDS: Record<string, string> = {
  angry: 'aggressive',
  anger: 'aggressive',
  mad: 'aggressive',
  rage: 'aggressive',
  hard: 'aggressive',
  heavy: 'aggressive',
  gritty: 'aggressive',
  'hard hitting': 'aggressive',
  'hard-hitting': 'aggressive',
  intense: 'aggressive',
  cold: 'dark',
  tender: 'romantic',
  easy: 'chill',
  evil: 'dark',
  sinister: 'dark',
  spooky: 'dark',
  gloomy: 'dark',
  moody: 'dark',
  sadness: 'sad',
  melancholy: 'sad',
  emotional: 'sad',
  heartbreak: 'sad',
  crying: 'sad',
  joyful: 'happy',
  cheerful: 'happy',
  fun: 'happy',
  sunny: 'happy',
  summer: 'happy',
  relaxed: 'chill',
  relaxing: 'chill',
  'laid back': 'chill',
  'laid-back': 'chill',
  mellow: 'chill',
  smooth: 'chill',
  chilled: 'chill',
  ethereal: 'dreamy',
  spacey: 'dreamy',
  atmospheric: 'dreamy',
  love: 'romantic',
  sexy: 'romantic',
  cinematic: 'epic',
  hype: 'energetic',
  bouncy: 'energetic',
  upbeat: 'energetic',
  party: 'energetic',
  inspiring: 'uplifting',
  motivational: 'uplifting',
  quiet: 'calm',
  soft: 'calm',
  gentle: 'calm',
};

const phrasesOf = <T>(entries: Array<[string, T]>) =>
  entries.sort(([a], [b]) => b.length - a.length || a.localeCompare(b));

/** Phrase → genre, longest first (so 'neo soul' is read before 'soul'). */
export const GENRE_PHRASES = phrasesOf<FilterGenre>([
  ...Object.entries(GENRE_WORDS),
  ...GENRES.map((genre): [string, FilterGenre] => [GENRE_DISPLAY_NAMES[genre].toLowerCase(), genre]),
  ...GENRES.map((genre): [string, FilterGenre] => [genre.toLowerCase(), genre]),
]);

export const TAG_PHRASES = phrasesOf<string>([
  ...Object.entries(TAG_WORDS),
  ...SUBGENRES.map((tag): [string, string] => [tag, tag]),
]);

export const MOOD_PHRASES = phrasesOf<string>([
  ...Object.entries(MOOD_WORDS),
  ...[...MOODS, ...ADVANCED_MOODS].map((mood): [string, string] => [mood, mood]),
]);

/** Words that make the next phrase unwanted ('no', 'without' …). */
export const NEGATIONS = [
  'no',
  'not',
  'without',
  'non',
  'zero',
  'minus',
  'never',
  'avoid',
  "don't want",
  'less',
];

/** Tempo words: a tempo to lean towards when no number is given. */
export const TEMPO_WORDS: Record<string, number> = {
  slow: 75,
  'slowed down': 70,
  'mid tempo': 100,
  'mid-tempo': 100,
  midtempo: 100,
  fast: 145,
  uptempo: 140,
  'up-tempo': 140,
};

/**
 * The tempo a style is usually played at (the common conventions: trap and drill around 140, house
 * and club dance music around 124, reggaeton's dembow around 95, one-drop reggae and lo-fi slower): a
 * text that names the style but no tempo leans towards it, and a beat the DNA tags with the style shows
 * it less the further its tempo is. R&B has none: a slow jam is felt slow anywhere from 60 to 100 BPM.
 */
export const STYLE_TEMPI: Record<string, number> = {
  trap: 140,
  drill: 142,
  'boom bap': 88,
  'lo-fi hip hop': 80,
  house: 124,
  techno: 128,
  dubstep: 140,
  'drum and bass': 172,
  reggaeton: 95,
  dancehall: 98,
  'roots reggae': 76,
  reggae: 76,
  electronicDance: 124,
  afrobeats: 105,
};

/**
 * The DNA tags that also show a wanted mood or style: the DNA names a hard trap beat 'tense' and
 * 'driving' more often than 'aggressive', a swung hip hop beat 'swing jazz' rather than 'lo-fi hip hop'.
 * A beat carrying any of them has what the word asks for (the word itself always counts).
 */
export const EVIDENCE: Readonly<Record<string, readonly string[]>> = {
  aggressive: ['tense', 'menacing', 'punchy', 'driving'],
  bass: ['808/sub bass'],
  dark: ['menacing', 'tense', 'anxious'],
  sad: ['melancholic', 'bittersweet', 'introspective'],
  chill: ['laid-back', 'peaceful', 'calm'],
  calm: ['peaceful', 'laid-back'],
  romantic: ['sensual'],
  happy: ['hopeful', 'playful', 'euphoric'],
  uplifting: ['hopeful', 'triumphant', 'euphoric'],
  energetic: ['driving', 'danceable', 'bouncy'],
  dreamy: ['airy', 'spacious'],
  epic: ['triumphant'],
  'lo-fi hip hop': ['boom bap', 'swing jazz', 'lo-fi'],
  'boom bap': ['lo-fi hip hop', 'swing jazz'],
  'swing jazz': ['jazz', 'neo soul'],
  house: ['techno', 'danceable'],
  'roots reggae': ['dancehall', 'reggae'],
  'r&b slow jam': ['neo soul', 'soul', 'rnb'],
  'neo soul': ['soul', 'r&b slow jam', 'rnb'],
  'pop ballad': ['waltz', 'r&b slow jam', 'rnb'],
  waltz: ['pop ballad'],
  trap: ['drill', 'dubstep'],
  drill: ['trap'],
  reggaeton: ['latin', 'dancehall'],
};
