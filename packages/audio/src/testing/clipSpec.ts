// What a synthesised clip is asked to be (the synthesiser's input), and the bar grid it is played on.
import type { TimbreSetName } from './timbres';

export type Feel = 'straight' | 'swing' | 'triplet' | 'halfTime';
export type Mode = 'major' | 'minor';

export interface ClipSpec {
  seed: number;
  bpm: number;
  /** Beats per bar: 4 (4/4) or 3 (3/4). */
  beatsPerBar: 3 | 4;
  feel: Feel;
  /** Tonic pitch class, 0 = C. */
  tonic: number;
  mode: Mode;
  timbre: TimbreSetName;
  seconds: number;
  sampleRate?: number;
  /** Signal-to-noise ratio of added white noise, dB (undefined: none). */
  snrDb?: number;
  /** Peak level of the mix, dBFS. */
  peakDb?: number;
  drums?: boolean;
  harmony?: boolean;
  /** Hi-hat subdivision per beat for straight/half-time feels. */
  hatsPerBeat?: 2 | 4;
  /** Index into the mode's progression list (default: drawn from the seed). Minor 1 = i iv V i. */
  progression?: number;
  /** Concert pitch of A4 in Hz (default 440). */
  tuningHz?: number;
  /** n ≥ 1: the progression is rotated to start at its n-th bar (cyclically) whose chord is NOT the tonic,
   * so the clip opens elsewhere (bench: a key estimator must not lean on the opening chord). 0/absent: as written. */
  openingOffset?: number;
  /** A genre-typed 4/4 drum pattern instead of the feel's own (house, dembow, one-drop reggae). */
  pattern?: 'fourOnFloor' | 'dembow' | 'oneDrop';
}

/** Where the clip's beats and bars fall, in seconds, and how many bars it spans (the last one cut short). */
export interface BarGrid {
  beatSeconds: number;
  barSeconds: number;
  bars: number;
}
