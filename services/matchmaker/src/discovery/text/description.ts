import { genreDisplayName } from '@beatmatch/contracts';
import type { PoolBeat } from '../../beats/beat';
import { parseKey } from '../similarity';
import { ARTIST_WORDS, tempoWords } from './artistWords';

/** The artist's words for the beat's DNA tags, each said once, in the DNA's order (strongest first). */
function artistWordsOf(beat: PoolBeat): string[] {
  const said = [...beat.genres, ...beat.tags, ...beat.moods]
    .map((tag) => ARTIST_WORDS[tag])
    .filter((words): words is string => !!words);
  return [...new Set(said)];
}

/**
 * The text a beat is found by: its name and the DNA's own description of the sound (mood, style, key,
 * tempo, instruments, energy, voice), then the words an artist would use for its DNA (a tempo's feel,
 * the mode, the styles and feels by their common names), then its genres, moods and tags as the DNA
 * names them. Beats published before the caption was kept are described from the facts the pool holds.
 */
export function describeBeat(beat: PoolBeat): string {
  const caption =
    beat.caption ||
    `A ${[beat.mood, 'beat'].filter(Boolean).join(' ')} in ${beat.musicalKey} at ${Math.round(beat.bpm)} BPM.`;
  const key = parseKey(beat.musicalKey);
  const feel = [
    tempoWords(beat.bpm),
    key ? (key.minor ? 'minor key' : 'major key') : '',
    beat.hasVoice === false ? 'instrumental' : '',
    ...artistWordsOf(beat),
  ].filter(Boolean);
  const words = [...beat.genres.map(genreDisplayName), ...beat.moods, ...beat.tags];
  return `${beat.name}. ${caption} ${feel.join(', ')}. ${words.join(', ')}.`;
}
