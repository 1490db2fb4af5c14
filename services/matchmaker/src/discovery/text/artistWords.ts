/*
 * The words an artist would use for what a beat's DNA names: the description a beat is found by says
 * 'one drop riddim' where the DNA says 'roots reggae', 'hard' where it says 'tense' (issue 25). These
 * are the common names of each style and feel, not words taken from any query set.
 */

/** DNA subgenre, genre or character tag → the artist's words for it. */
export const ARTIST_WORDS: Readonly<Record<string, string>> = {
  // subgenres
  trap: 'trap, hard 808s and rolling hi-hats',
  drill: 'drill, sliding 808s',
  'boom bap': 'boom bap, old school hip hop with dusty drums',
  'lo-fi hip hop': 'lofi, chill hop, study beat',
  'swing jazz': 'jazzy, swung drums, jazz chords',
  'neo soul': 'neo soul, soulful, warm keys',
  soul: 'soulful',
  'r&b slow jam': 'r&b slow jam, smooth',
  house: 'house music, four on the floor, club dance track',
  techno: 'techno, club',
  'drum and bass': 'drum and bass, dnb',
  dubstep: 'dubstep, wobble bass',
  electro: 'electronic',
  'pop ballad': 'ballad',
  reggaeton: 'reggaeton, dembow, perreo, latin urbano',
  dancehall: 'dancehall riddim',
  'roots reggae': 'roots reggae, one drop riddim, island skank',
  waltz: 'waltz in 3/4 time, ballad',
  shuffle: 'shuffle groove',
  // genres
  latin: 'latin, urbano',
  reggae: 'reggae riddim',
  rnb: 'r&b, soul',
  jazz: 'jazzy',
  electronicDance: 'edm, dance music',
  rapHipHop: 'hip hop, rap',
  // character, movement and finer moods
  tense: 'hard, intense',
  menacing: 'menacing, sinister, evil',
  anxious: 'uneasy',
  driving: 'driving, hard-hitting',
  punchy: 'punchy drums',
  'laid-back': 'laid back, relaxed',
  swaying: 'swaying, easy',
  danceable: 'danceable, party',
  bouncy: 'bouncy',
  sensual: 'sensual, sexy',
  melancholic: 'melancholic, emotional',
  bittersweet: 'bittersweet',
  euphoric: 'euphoric, festival',
  triumphant: 'triumphant, anthem',
  peaceful: 'peaceful, calm',
  warm: 'warm',
  nostalgic: 'nostalgic, vintage',
};

/** How an artist names a tempo: what a beat at this BPM feels like. */
export function tempoWords(bpm: number): string {
  if (!(bpm > 0)) return '';
  if (bpm < 85) return 'slow';
  if (bpm < 110) return 'mid-tempo';
  if (bpm < 130) return 'upbeat';
  return 'fast';
}
