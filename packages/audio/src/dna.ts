// The DNA of a beat: the shape the catalog stores, the View DNA dialog shows and the matchmaker filters on.
// Field names follow the producer-side spec ("View DNA dialog"); genre ids and key names follow the
// artist-side spec's filter lists exactly.

/** The filter dialog's 17 genres (besides 'all'), in the spec's order: the catalog's one list. */
import type { Genre } from '@beatmatch/contracts';
export { GENRES, type Genre } from '@beatmatch/contracts';

/** Minor key tonics in the spec's order (circle of fifths from A). */
export const MINOR_KEY_TONICS = ['A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'Bb', 'F', 'C', 'G', 'D'] as const;
/** Major key tonics in the spec's order (circle of fifths from C). */
export const MAJOR_KEY_TONICS = ['C', 'G', 'D', 'A', 'E', 'B', 'F#', 'Db', 'Ab', 'Eb', 'Bb', 'F'] as const;
export type MinorKeyTonic = (typeof MINOR_KEY_TONICS)[number];
export type MajorKeyTonic = (typeof MAJOR_KEY_TONICS)[number];
export type KeyMode = 'major' | 'minor';
export type KeyName = `${MinorKeyTonic} minor` | `${MajorKeyTonic} major`;

/** The 24 keys as the filter lists them: the 12 minor keys, then the 12 major keys. */
export const KEY_NAMES: readonly KeyName[] = [
  ...MINOR_KEY_TONICS.map((tonic) => `${tonic} minor` as const),
  ...MAJOR_KEY_TONICS.map((tonic) => `${tonic} major` as const),
];

/** Spec spelling of the tonic for each pitch class (0 = C) and mode. */
const MINOR_SPELLING: readonly MinorKeyTonic[] = [
  'C',
  'C#',
  'D',
  'D#',
  'E',
  'F',
  'F#',
  'G',
  'G#',
  'A',
  'Bb',
  'B',
];
const MAJOR_SPELLING: readonly MajorKeyTonic[] = [
  'C',
  'Db',
  'D',
  'Eb',
  'E',
  'F',
  'F#',
  'G',
  'Ab',
  'A',
  'Bb',
  'B',
];

export function keyNameOf(pitchClass: number, mode: KeyMode): KeyName {
  const pc = ((pitchClass % 12) + 12) % 12;
  return mode === 'minor' ? `${MINOR_SPELLING[pc]!} minor` : `${MAJOR_SPELLING[pc]!} major`;
}

const PITCH_CLASS_OF_NAME: Record<string, number> = {
  C: 0,
  'C#': 1,
  Db: 1,
  D: 2,
  'D#': 3,
  Eb: 3,
  E: 4,
  F: 5,
  'F#': 6,
  Gb: 6,
  G: 7,
  'G#': 8,
  Ab: 8,
  A: 9,
  'A#': 10,
  Bb: 10,
  B: 11,
};

/** Parses 'A minor' / 'Db major' (any enharmonic spelling) into pitch class and mode. */
export function parseKeyName(name: string): { pitchClass: number; mode: KeyMode } | undefined {
  const match = /^([A-G][#b]?)\s+(major|minor)$/.exec(name.trim());
  if (!match) return undefined;
  const pitchClass = PITCH_CLASS_OF_NAME[match[1]!];
  return pitchClass === undefined ? undefined : { pitchClass, mode: match[2] as KeyMode };
}

/** A descriptive tag with a score in [0, 1]; lists are sorted by score, best first. */
export interface ScoredTag<T extends string = string> {
  tag: T;
  score: number;
}

export type TimeSignature = '4/4' | '3/4';

export interface KeyPrediction {
  /** One of KEY_NAMES, e.g. 'A minor'. */
  value: KeyName;
  tonic: MinorKeyTonic | MajorKeyTonic;
  mode: KeyMode;
  /** 0..1: margin of the best key profile over the runner-up, scaled by how tonal the audio is. */
  confidence: number;
}

export interface BeatGrid {
  /** Seconds from the start of the audio to each detected beat (at most the analysed span). */
  beats: number[];
  /** Seconds of the beats that start a bar, given the detected time signature. */
  downbeats: number[];
  /** The mean inter-beat interval, seconds. */
  periodSeconds: number;
}

export interface Loudness {
  /** Integrated loudness, ITU-R BS.1770-style gated K-weighted (approximate: computed on the mono mix, band-limited). */
  integratedLufs: number;
  /** Spread of short-term (3 s) loudness, 10th to 95th percentile, in LU (EBU R128 LRA-style). */
  loudnessRangeLu: number;
  peakDbfs: number;
  rmsDbfs: number;
}

export interface Dna {
  /** Version of the analysis; stored DNA with another version should be recomputed before comparing embeddings. */
  version: typeof DNA_VERSION;

  // ── The View DNA dialog's fields ──
  genreTags: ScoredTag<Genre>[];
  subgenreTags: ScoredTag[];
  /** One sentence built from the tags (a template, not a learned captioning model). */
  transformerCaption: string;
  /** Tempo folded into 60–180 BPM by octaves. */
  bpmRangeAdjusted: number;
  moodTags: ScoredTag[];
  moodAdvancedTags: ScoredTag[];
  emotionalDynamics: ScoredTag[];
  movementTags: ScoredTag[];
  /** 0 (negative) .. 1 (positive). */
  valence: number;
  /** 0 (calm) .. 1 (excited). */
  arousal: number;
  energyDynamics: ScoredTag[];
  /** 0 (quiet, sparse) .. 1 (loud, dense). */
  energyLevel: number;
  musicalEraTag: ScoredTag[];
  instrumentTags: ScoredTag[];
  characterTags: ScoredTag[];
  keyPrediction: KeyPrediction;
  timeSignature: TimeSignature;
  classicalEpochTags: ScoredTag[];
  voiceTags: ScoredTag[];

  // ── Measurements behind them ──
  bpm: { value: number; confidence: number };
  timeSignatureConfidence: number;
  beatGrid: BeatGrid;
  loudness: Loudness;
  /** Fixed length (EMBEDDING_DIMENSIONS), L2-normalised: cosine similarity = dot product. */
  embedding: number[];
  source: {
    format: 'wav' | 'mp3';
    sampleRate: number;
    channels: number;
    durationSeconds: number;
    /** The engine analyses at most MAX_ANALYSED_SECONDS from the start. */
    analysedSeconds: number;
  };
  /** 0..1: low for noise, near-silence or audio without a clear pulse or tonal centre. */
  confidence: number;
  /** Human-readable notes such as a truncated file or a capped duration. */
  warnings: string[];
}

export const DNA_VERSION = 'dna-1' as const;
export const EMBEDDING_DIMENSIONS = 64;
export const MAX_ANALYSED_SECONDS = 360;
