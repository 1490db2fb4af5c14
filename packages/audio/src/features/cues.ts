// What the descriptive rules read: the measured rhythm, timbre, key and loudness brought to 0..1 cues.
import type { Loudness } from '../dna';
import type { KeyEstimate } from './key';
import { clamp01, ramp } from './scoring';
import type { TimbreSummary } from './timbre';

export interface RhythmSummary {
  bpm: number;
  confidence: number;
  subdivision: number;
  beatsPerBar: 3 | 4;
  /** 0..1: share of beats with a kick (1 = four on the floor). */
  kickEveryBeat: number;
  /** Onset strength half-way between beats relative to on the beats (syncopation / off-beat skank). */
  offbeatRatio: number;
  /** Body-band (snare) onsets three quarters into the beat relative to on the beats (dembow's "and-a"). */
  anticipationRatio?: number;
  /** 0..1: how much the kicks gather on one beat of the bar (1 = one kick a bar, the one-drop). */
  kickOneBeat?: number;
}

/** Folds BPM into 60–180 (a half-time 70 counts as 140 for genre rules that expect the faster reading). */
const fold = (bpm: number) => {
  let b = bpm;
  while (b < 60) b *= 2;
  while (b > 180) b /= 2;
  return b;
};

/** What the rules read: measured features brought to 0..1 (bpm folded into 60–180). */
export interface Cues {
  bpm: number;
  pulse: number;
  drums: number;
  swing: number;
  minor: number;
  major: number;
  bright: number;
  loud: number;
  dense: number;
  subBass: number;
  noisy: number;
  lofi: number;
  tonal: number;
  triple: number;
  fourFloor: number;
  offbeat: number;
  anticipation: number;
  oneDrop: number;
  dynamicRange: number;
}

export function cuesOf(
  timbre: TimbreSummary,
  rhythm: RhythmSummary,
  key: KeyEstimate,
  loudness: Loudness,
): Cues {
  const fourFloor = ramp(rhythm.kickEveryBeat, 0.6, 0.95);
  const bright = ramp(timbre.centroidHz, 600, 2200);
  return {
    bpm: fold(rhythm.bpm),
    pulse: clamp01(rhythm.confidence),
    // Drums: a kit leaves broadband "air" (hats, cymbals, snare noise) that pads, pianos and basses do not,
    // and many onsets; a pulse alone is not enough (slow chord changes make one too).
    drums: ramp(timbre.airShare, 0.003, 0.03) * ramp(timbre.onsetsPerSecond, 1, 3),
    swing: rhythm.subdivision === 3 ? 1 : 0,
    minor: key.mode === 'minor' ? key.confidence : 0,
    major: key.mode === 'major' ? key.confidence : 0,
    bright,
    loud: ramp(loudness.integratedLufs, -28, -8),
    dense: ramp(timbre.onsetsPerSecond, 1, 8),
    subBass: ramp(timbre.subBassShare, 0.05, 0.45),
    noisy: ramp(timbre.flatness, 0.15, 0.5),
    lofi: clamp01(1 - ramp(timbre.airShare, 0.002, 0.05)) * (1 - bright),
    tonal: clamp01(key.tonalClarity * 1.5),
    triple: rhythm.beatsPerBar === 3 ? 1 : 0,
    fourFloor,
    offbeat: ramp(rhythm.offbeatRatio, 0.6, 1.2),
    anticipation: ramp(rhythm.anticipationRatio ?? 0, 0.5, 1),
    oneDrop: clamp01(rhythm.kickOneBeat ?? 0) * (1 - fourFloor),
    dynamicRange: ramp(loudness.loudnessRangeLu, 4, 15),
  };
}
