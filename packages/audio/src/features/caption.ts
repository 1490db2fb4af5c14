// The DNA's caption: one or two sentences built from the chosen tags, as a producer might describe a beat.
import type { Genre, ScoredTag } from '../dna';

/** How the caption names each genre id. */
const GENRE_WORDS: Record<Genre, string> = {
  ambient: 'ambient',
  blues: 'blues',
  classical: 'classical',
  country: 'country',
  electronicDance: 'electronic dance',
  folk: 'folk',
  indieAlternative: 'indie/alternative',
  jazz: 'jazz',
  latin: 'latin',
  metal: 'metal',
  pop: 'pop',
  punk: 'punk',
  rapHipHop: 'hip-hop',
  reggae: 'reggae',
  rnb: 'R&B',
  rock: 'rock',
  singerSongwriters: 'singer-songwriter',
};

/** How the caption names instruments (tags are terse; a sentence wants plurals and articles). */
const INSTRUMENT_WORDS: Record<string, string> = {
  kick: 'kicks',
  'snare/clap': 'claps',
  '808/sub bass': '808 bass',
  'keys/chords': 'keys',
  'synth pad': 'synth pads',
  'synth lead': 'a synth lead',
  choir: 'a choir',
};
const DRUM_PARTS = new Set(['kick', 'snare/clap', 'hi-hats']);
const SUBGENRE_WORDS: Record<string, string> = { 'r&b slow jam': 'R&B slow jam', 'neo soul': 'neo-soul' };

const listed = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
const withArticle = (phrase: string) => `${/^([aeiou]|R&B|80|8)/i.test(phrase) ? 'An' : 'A'} ${phrase}`;

/**
 * One or two sentences as a producer might describe the beat: moods, style, key and tempo, what it is
 * built on, feel and energy (and an era when one is heard clearly), and the voice when one was listened
 * for. E.g. "A dark, chill trap beat in F minor at 140 BPM, built on 808 bass, hi-hats and piano.
 * Laid-back, medium energy. No vocals."
 */
export function captionOf(parts: {
  genreTags: ScoredTag<Genre>[];
  subgenreTags: ScoredTag[];
  moodTags: ScoredTag[];
  movementTags: ScoredTag[];
  instrumentTags: ScoredTag[];
  musicalEraTag: ScoredTag[];
  /** Only when a voice model listened. */
  voiceTags?: ScoredTag[];
  energyLevel: number;
  bpm: number;
  key: string;
}): string {
  const [mood, secondMood] = parts.moodTags;
  const moods = [mood, secondMood]
    .filter((m): m is ScoredTag => !!m && m.score >= 0.85 * (mood?.score ?? 0))
    .map((m) => m.tag);
  const [genre, secondGenre] = parts.genreTags;
  const subgenre = parts.subgenreTags[0];
  let style =
    subgenre && subgenre.score >= 0.3
      ? (SUBGENRE_WORDS[subgenre.tag] ?? subgenre.tag)
      : GENRE_WORDS[genre?.tag ?? 'rapHipHop'];
  if (!(subgenre && subgenre.score >= 0.3) && genre && secondGenre && secondGenre.score >= 0.9 * genre.score)
    style = `${style}/${GENRE_WORDS[secondGenre.tag]}`;
  const opening = withArticle(`${moods.length ? `${moods.join(', ')} ` : ''}${style} beat`);
  const tags = parts.instrumentTags.map((t) => t.tag);
  const hasDrums = tags.includes('drums');
  const instruments = tags
    .filter((tag) => !(hasDrums && DRUM_PARTS.has(tag)))
    .slice(0, 3)
    .map((tag) => INSTRUMENT_WORDS[tag] ?? tag);
  const builtOn = instruments.length ? `, built on ${listed(instruments)}` : '';
  const first = `${opening} in ${parts.key} at ${Math.round(parts.bpm)} BPM${builtOn}.`;

  const energy = parts.energyLevel > 0.66 ? 'high' : parts.energyLevel > 0.33 ? 'medium' : 'low';
  const movement = parts.movementTags[0]?.tag;
  const era = parts.musicalEraTag[0];
  const eraWord = era && era.score >= 0.55 ? `, with a ${era.tag.replace(/^19/, '')} feel` : '';
  const feel = movement
    ? `${movement[0]!.toUpperCase()}${movement.slice(1)}, ${energy} energy${eraWord}.`
    : `${energy[0]!.toUpperCase()}${energy.slice(1)} energy${eraWord}.`;

  let voiceWords = '';
  const [voiceTag, who] = parts.voiceTags ?? [];
  if (voiceTag?.tag === 'vocals') {
    const singer = who ? `${who.tag.replace(/ vocals$/, '')} ` : '';
    voiceWords =
      voiceTag.score >= 0.75 ? ` A ${singer}voice carries it.` : ` There may be a ${singer}voice in it.`;
  } else if (voiceTag?.tag === 'instrumental' && voiceTag.score >= 0.75) voiceWords = ' No vocals.';
  return `${first} ${feel}${voiceWords}`;
}
