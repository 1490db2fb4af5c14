import { FILTER_KEYS, type FilterGenre } from '@beatmatch/contracts';
import { parseKey } from '../similarity';
import { GENRE_PHRASES, MOOD_PHRASES, NEGATIONS, STYLE_TEMPI, TAG_PHRASES, TEMPO_WORDS } from './vocabulary';

/**
 * What a search text states exactly (issue 25 item 2): a tempo or tempo range, a key, voice or none,
 * genres, moods and sound tags wanted or unwanted. The sentence model reads the rest of the text.
 */
export interface QueryUnderstanding {
  /** The tempo it names ('around 140', '90 bpm', 'slow'). */
  bpm: number | null;
  /** A range it names ('between 120 and 130 bpm', '85-95 bpm'): a filter. */
  bpmRange: [number, number] | null;
  /** A key as the Filters dialog names it ('A minor'). */
  musicalKey: string | null;
  /** A mode without a tonic ('in a minor key', 'major', 'sad minor house'). */
  mode: 'major' | 'minor' | null;
  /** true: with vocals; false: 'no vocals', 'instrumental'. */
  vocals: boolean | null;
  genres: FilterGenre[];
  excludedGenres: FilterGenre[];
  /** DNA moods, subgenres and instrument tags it asks for. */
  words: string[];
  excludedWords: string[];
}

const MIN_BPM = 40;
const MAX_BPM = 220;
const isTempo = (value: number) => value >= MIN_BPM && value <= MAX_BPM;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NEGATION = `(?:${NEGATIONS.map(escape).join('|')})`;

/** A phrase's pattern: the phrase on word boundaries, a negation up to two words before it. */
const phrasePattern = (phrase: string) =>
  new RegExp(`(?:\\b(${NEGATION})\\s+(?:[a-z]+\\s+)?)?(?<![\\w-])${escape(phrase)}(?![\\w-])`, 'g');

/** Each vocabulary's phrases with their patterns, compiled once (not on every query). */
const compiled = <T>(phrases: Array<[string, T]>) =>
  phrases.map(([phrase, value]) => ({ phrase, pattern: phrasePattern(phrase), value }));
const GENRE_PATTERNS = compiled(GENRE_PHRASES);
const WORD_PATTERNS = [...compiled(MOOD_PHRASES), ...compiled(TAG_PHRASES)];
const TEMPO_PATTERNS = compiled(Object.entries(TEMPO_WORDS));

/** Finds each phrase once; `negated` when a negation stands up to two words before it. */
function findPhrases<T>(text: string, patterns: Array<{ phrase: string; pattern: RegExp; value: T }>) {
  const found: Array<{ value: T; negated: boolean }> = [];
  let rest = text;
  for (const { phrase, pattern, value } of patterns) {
    // Most phrases are not in a short text at all: a substring test spares their pattern.
    if (!rest.includes(phrase)) continue;
    for (const match of rest.matchAll(pattern)) found.push({ value, negated: !!match[1] });
    // A longer phrase's words are not read again ('neo soul' is not also 'soul').
    rest = rest.replace(pattern, ' ');
  }
  return found;
}

/** Wanted and unwanted values; one named both ways is unwanted, unless `wantedWins`. */
const split = <T>(found: Array<{ value: T; negated: boolean }>, wantedWins = false) => {
  const wanted = new Set(found.filter((f) => !f.negated).map((f) => f.value));
  const unwanted = new Set(found.filter((f) => f.negated).map((f) => f.value));
  for (const value of wantedWins ? wanted : unwanted) (wantedWins ? unwanted : wanted).delete(value);
  return { wanted: [...wanted], unwanted: [...unwanted] };
};

/** The tonic spelled as the Filters dialog spells it in that mode ('A# minor' → 'Bb minor'). */
function dialogKeyName(tonic: string, mode: string): string | null {
  const parsed = parseKey(`${tonic} ${mode}`);
  if (!parsed) return null;
  return FILTER_KEYS.find((name) => {
    const candidate = parseKey(name)!;
    return candidate.tonic === parsed.tonic && candidate.minor === parsed.minor;
  })!;
}

/**
 * 'in a minor key', 'a major scale': the article 'a', not the tonic A (written in lower case, with
 * key, scale or mode after it); the capital in 'A minor key' names the tonic.
 */
const MODE_WITH_ARTICLE = /(?<![\w#])a\s+((?:major|minor))(?=\s+(?:key|scale|mode)\b)/g;

/** A mode the text names without a tonic: 'minor key', 'in minor', 'dark minor house'. */
function modeOf(text: string, key: string | null): 'major' | 'minor' | null {
  if (key) return null;
  const mode = /\b(major|minor)\b/.exec(text);
  return mode ? (mode[1] as 'major' | 'minor') : null;
}

export function keyOf(text: string, original: string): string | null {
  const spelled = /\b([a-g])\s*(#|♯|♭|b|sharp|flat)?\s*(major|minor|maj|min)\b/.exec(text);
  if (spelled) {
    const accidental = { sharp: '#', flat: 'b' }[spelled[2] ?? ''] ?? spelled[2] ?? '';
    const mode = spelled[3]!.startsWith('min') ? 'minor' : 'major';
    return dialogKeyName(`${spelled[1]!.toUpperCase()}${accidental}`, mode);
  }
  // 'Am', 'F#m', 'Bbm' as written (case matters: 'am' is a word).
  const short = /(?<![\w#])([A-G])([#b]?)m(?![\w#])/.exec(original);
  if (short) return dialogKeyName(`${short[1]}${short[2]}`, 'minor');
  const keyOfTonic = /\bkey of ([a-g])(#|b)?\b/.exec(text);
  return keyOfTonic ? dialogKeyName(`${keyOfTonic[1]!.toUpperCase()}${keyOfTonic[2] ?? ''}`, 'major') : null;
}

export function tempoOf(text: string): Pick<QueryUnderstanding, 'bpm' | 'bpmRange'> {
  const range = /\b(?:between\s+)?(\d{2,3})\s*(?:-|–|to|and)\s*(\d{2,3})\s*(?:bpm|beats per minute)?\b/.exec(
    text,
  );
  if (range && (/between|bpm|beats per minute|-|–/.test(range[0]) || /\btempo\b/.test(text))) {
    const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
    if (isTempo(low) && isTempo(high)) return { bpm: Math.round((low + high) / 2), bpmRange: [low, high] };
  }
  // A number with bpm, or a bare 2–3 digit number that is not a decade ('90s') or a count ('808').
  const numbers = [...text.matchAll(/(?<![\w.])(\d{2,3}(?:\.\d+)?)(?!\d|'?s\b|\.\d|\s*%)\s*(bpm)?/g)];
  const named = numbers.find((match) => match[2]) ?? numbers.find((match) => match[1] !== '808');
  if (named && isTempo(Number(named[1]))) return { bpm: Number(named[1]), bpmRange: null };
  const withoutSlowJam = text.replace(/\bslow jams?\b/g, ' ');
  // 'not too fast' leans nowhere: a negated tempo word is not a tempo.
  const lean = findPhrases(withoutSlowJam, TEMPO_PATTERNS).find((found) => !found.negated);
  return { bpm: lean?.value ?? null, bpmRange: null };
}

function vocalsOf(text: string): boolean | null {
  if (
    /\binstrumental\b/.test(text) ||
    new RegExp(`\\b${NEGATION}\\s+(?:\\w+\\s+)?(?:vocals?|voice|singing|vox)\\b`).test(text)
  )
    return false;
  if (/\b(?:vocals?|voice|singing|singer|vox|sung)\b/.test(text)) return true;
  return null;
}

/** What the text states, read case-insensitively (keys like 'Am' by their capital). */
export function understand(original: string): QueryUnderstanding {
  const withoutArticles = original.replace(MODE_WITH_ARTICLE, '$1');
  const text = withoutArticles.toLowerCase().replace(/[’‘]/g, "'");
  // 'lofi, not trap': the unwanted style's genre is the wanted one's too, and stays wanted.
  const genres = split(findPhrases(text, GENRE_PATTERNS), true);
  const words = split(findPhrases(text, WORD_PATTERNS));
  const musicalKey = keyOf(text, withoutArticles);
  const tempo = tempoOf(text);
  // No tempo stated: the usual tempo of the first style named.
  const styleTempo = [...words.wanted, ...genres.wanted]
    .map((word) => STYLE_TEMPI[word])
    .find((bpm) => bpm !== undefined);
  return {
    ...tempo,
    bpm: tempo.bpm ?? styleTempo ?? null,
    musicalKey,
    mode: modeOf(text, musicalKey),
    vocals: vocalsOf(text),
    genres: genres.wanted,
    excludedGenres: genres.unwanted,
    words: words.wanted,
    excludedWords: words.unwanted,
  };
}
