import type { PoolBeat } from '../../beats/beat';
import { understand } from './understand';
import { EVIDENCE, STYLE_TEMPI } from './vocabulary';

/**
 * The styles and moods a beat's name states in the producer's own words ('Rolling Riddim', 'Hazy
 * Waltz', 'Loco Perreo'), read like a search text; kept per beat object (the pool hands out a new one
 * when a beat changes).
 */
const namedWords = new WeakMap<PoolBeat, readonly string[]>();
export function wordsOfName(beat: PoolBeat): readonly string[] {
  let words = namedWords.get(beat);
  if (!words) {
    const named = understand(beat.name);
    words = [...named.genres, ...named.words];
    namedWords.set(beat, words);
  }
  return words;
}

/**
 * What a style's word is still worth on a beat nowhere near the style's usual tempo: the DNA tags
 * styles loosely (trap beats at 140 come out with the genre 'reggae'), and a style is played at its
 * tempo, so a beat whose tempo belies the style shows it less.
 */
const OFF_TEMPO_STYLE = 0.25;

/**
 * The share of the wanted words the beat shows, each by itself or by one of its evidence tags: in its
 * DNA's genres, tags and moods, or in its name. A style word with a usual tempo counts by how well the
 * beat's tempo fits it (`tempoFitOf`, 0 … 1), from OFF_TEMPO_STYLE up.
 */
export function evidenceShare(
  beat: PoolBeat,
  wanted: readonly string[],
  tempoFitOf: (styleTempo: number) => number,
): number {
  if (!wanted.length) return 0;
  const shows = showsOf(beat);
  const credit = (word: string) => {
    if (!shows(word)) return 0;
    const styleTempo = STYLE_TEMPI[word];
    if (styleTempo === undefined) return 1;
    return OFF_TEMPO_STYLE + (1 - OFF_TEMPO_STYLE) * tempoFitOf(styleTempo);
  };
  return wanted.reduce((sum, word) => sum + credit(word), 0) / wanted.length;
}

/**
 * Whether the beat shows any of the words the text does not want ('no piano', 'not sad'): by the word
 * itself or its evidence ('not sad' also puts a melancholic beat behind).
 */
export const showsAny = (beat: PoolBeat, unwanted: readonly string[]): boolean =>
  unwanted.length > 0 && unwanted.some(showsOf(beat));

/** Whether the beat carries the word, or one of its evidence tags, in its DNA or its name. */
function showsOf(beat: PoolBeat): (word: string) => boolean {
  const carried = new Set<string>([...beat.genres, ...beat.tags, ...beat.moods, ...wordsOfName(beat)]);
  return (word) => carried.has(word) || (EVIDENCE[word] ?? []).some((tag) => carried.has(tag));
}
