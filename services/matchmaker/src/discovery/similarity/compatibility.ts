/**
 * Musical compatibility of a beat with a reference sound (issue 25 item 1): tempo within a ratio,
 * counting half and double time; keys by their place on the circle of fifths (relative keys share a
 * place); voice present or not. Every score is in [0, 1]; `null` means the reference does not say.
 */

/** Tempi within this ratio of each other still fit (±12 %, a DJ's pitch range and a little more). */
export const TEMPO_TOLERANCE = 1.12;
/** Half or double time fits, a little less than the same tempo. */
export const HALF_DOUBLE_TIME = 0.85;

export type TempoRelation = 'same' | 'close' | 'half' | 'double' | 'far';

const LN2 = Math.LN2;
const LOG_TOLERANCE = Math.log(TEMPO_TOLERANCE);

/**
 * The tempo score from the log of the tempo ratio (ln(bpm / reference)): the scan's form, one
 * subtraction per candidate and no allocation. The three windows (same, double, half time) do not
 * overlap (ln 2 > 2 · ln 1.12), so at most one is worked out; 0 outside them and for an unknown tempo.
 */
export function tempoScoreOfLogRatio(logRatio: number): number {
  const same = Math.abs(logRatio);
  if (same < LOG_TOLERANCE) return 1 - same / LOG_TOLERANCE;
  const double = Math.abs(logRatio - LN2);
  if (double < LOG_TOLERANCE) return (1 - double / LOG_TOLERANCE) * HALF_DOUBLE_TIME;
  const half = Math.abs(logRatio + LN2);
  if (half < LOG_TOLERANCE) return (1 - half / LOG_TOLERANCE) * HALF_DOUBLE_TIME;
  return 0;
}

/** How `bpm` relates to `reference`: the nearest of ×1, ×½, ×2, and how well it fits. */
export function tempoFit(bpm: number, reference: number): { score: number; relation: TempoRelation } {
  if (!(bpm > 0) || !(reference > 0)) return { score: 0, relation: 'far' };
  const ratio = bpm / reference;
  const tolerance = Math.log(TEMPO_TOLERANCE);
  let best: { score: number; relation: TempoRelation } = { score: 0, relation: 'far' };
  for (const [multiple, relation, weight] of [
    [1, 'same', 1],
    [0.5, 'double', HALF_DOUBLE_TIME],
    [2, 'half', HALF_DOUBLE_TIME],
  ] as const) {
    const deviation = Math.abs(Math.log(ratio * multiple));
    const score = Math.max(0, 1 - deviation / tolerance) * weight;
    if (score > best.score) {
      best = { score, relation: relation === 'same' && Math.abs(ratio - 1) > 0.02 ? 'close' : relation };
    }
  }
  return best;
}

/** Places of the twelve tonics on the circle of fifths (C = 0, G = 1, …), enharmonic spellings alike. */
const FIFTHS: Record<string, number> = {
  C: 0, G: 1, D: 2, A: 3, E: 4, B: 5, 'F#': 6, Gb: 6, 'C#': 7, Db: 7, 'G#': 8, Ab: 8,
  'D#': 9, Eb: 9, 'A#': 10, Bb: 10, F: 11, 'E#': 11, Cb: 5, 'B#': 0,
}; // prettier-ignore

export interface ParsedKey {
  /** The tonic's place on the circle of fifths. */
  tonic: number;
  minor: boolean;
  /** The key's place on the circle: a minor key sits with its relative major (A minor with C major). */
  place: number;
}

const parsedKeys = new Map<string, ParsedKey | null>();

/** 'A minor', 'F# major', 'Bbm' → its places; null for anything else. */
export function parseKey(name: string | null | undefined): ParsedKey | null {
  if (!name) return null;
  const cached = parsedKeys.get(name);
  if (cached !== undefined) return cached;
  const match = /^\s*([A-Ga-g])([#b♯♭]?)\s*(major|minor|maj|min|m)?\s*$/i.exec(name);
  let parsed: ParsedKey | null = null;
  if (match) {
    const accidental = match[2]!.replace('♯', '#').replace('♭', 'b');
    const tonic = FIFTHS[`${match[1]!.toUpperCase()}${accidental}`];
    const mode = (match[3] ?? 'major').toLowerCase();
    const minor = mode === 'minor' || mode === 'min' || match[3] === 'm';
    if (tonic !== undefined) parsed = { tonic, minor, place: minor ? (tonic + 9) % 12 : tonic };
  }
  if (parsedKeys.size < 1000) parsedKeys.set(name, parsed);
  return parsed;
}

export type KeyRelation = 'same' | 'relative' | 'fifth' | 'parallel' | 'neighbour' | 'far';

/** Scores of each key relation, as a DJ mixing in key would rank them. */
export const KEY_SCORES: Record<KeyRelation, number> = {
  same: 1,
  relative: 0.9,
  fifth: 0.8,
  parallel: 0.5,
  neighbour: 0.45,
  far: 0,
};

const circleDistance = (a: number, b: number) => Math.min((a - b + 12) % 12, (b - a + 12) % 12);

/** How a beat's key relates to the reference's. */
export function keyRelation(beat: ParsedKey, reference: ParsedKey): KeyRelation {
  const distance = circleDistance(beat.place, reference.place);
  const sameMode = beat.minor === reference.minor;
  if (distance === 0) return sameMode ? 'same' : 'relative';
  if (beat.tonic === reference.tonic) return 'parallel';
  if (distance === 1) return sameMode ? 'fifth' : 'neighbour';
  if (distance === 2 && sameMode) return 'neighbour';
  return 'far';
}

export const keyFit = (beat: ParsedKey | null, reference: ParsedKey | null): number =>
  beat && reference ? KEY_SCORES[keyRelation(beat, reference)] : 0;

/** 1 when the beat's voice matches the reference's, 0 when not, ½ when the beat's is unknown. */
export const voiceFit = (beat: boolean | null, reference: boolean): number =>
  beat === null ? 0.5 : beat === reference ? 1 : 0;
