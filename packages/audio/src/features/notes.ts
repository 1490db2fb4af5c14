// Notes from a learned transcription model (basic-pitch, Spotify, Apache-2.0; ONNX, run by
// onnxruntime-node): frame-wise activations of the 88 piano keys from 2-s windows at 22,050 Hz. The
// analysis signal (11,025 Hz, band-limited to 4 kHz) is brought to 22,050 Hz by a windowed-sinc half-band
// interpolator; the model then hears fundamentals and their first partials, which is what it needs for
// bass lines and chords. To stay within the speed budget it hears at most WINDOWS windows spread over the
// track. The result is summarised as pitch-class profiles for the key: every sounding note (chords and
// melody) and the lowest sounding note of each frame (the bass line). A recording tuned off A440 (the
// chroma's tuning estimate) is resampled onto the model's A440 keys first. The session is created once per
// analysing thread and reused.
import { BASIC_PITCH, ensureModelFile } from '../models/modelFiles';
import { modelThread } from './modelThread';

export const NOTE_RATE = 22050;
/** basic-pitch's window: 2 s less one hop of 256 samples. */
export const NOTE_WINDOW = 2 * NOTE_RATE - 256;
export const WINDOWS = 6;
/** Activation above which a key counts as sounding (basic-pitch's own default frame threshold). */
export const NOTE_THRESHOLD = 0.3;
/** Lowest MIDI note of the model's 88 keys (A0). */
export const LOWEST_MIDI = 21;
/**
 * Highest key counted (C7, 2.1 kHz): the analysis signal stops at 4 kHz, and above this the model hears
 * no second partial; on white noise it then reports phantom notes near 3 kHz.
 */
export const HIGHEST_MIDI = 96;
/** Frames trimmed at each edge of a window, where the model hears only half a context. */
const EDGE_FRAMES = 8;

const noteModel = modelThread<
  { modelPath: string; windowLength: number; windows: Float32Array },
  { notes: Float32Array; frames: number }
>('notesWorker.cjs', 'Note model', (reply) => !!(reply.notes && reply.frames));

/** How many times this thread's note model session was created (once, unless its helper thread died). */
export function noteModelLoads(): number {
  return noteModel.loads();
}

/** Runs the note model over `count` windows laid end to end; returns count × frames × 88 activations. */
export function runNoteModel(windows: Float32Array): Promise<{ notes: Float32Array; frames: number }> {
  return noteModel.run({ modelPath: ensureModelFile(BASIC_PITCH), windowLength: NOTE_WINDOW, windows });
}

// Half-band interpolation filter: odd output samples are sum_j x[m + j] * TAPS[j + HALF - 1] for
// j = -HALF + 1 … HALF, a Blackman-windowed sinc centred half-way between x[m] and x[m + 1].
const HALF = 16;
const TAPS = Array.from({ length: 2 * HALF }, (_, i) => {
  const t = i - HALF + 0.5; // distance in input samples
  const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
  const u = (i + 0.5) / (2 * HALF);
  const blackman = 0.42 - 0.5 * Math.cos(2 * Math.PI * u) + 0.08 * Math.cos(4 * Math.PI * u);
  return sinc * blackman;
});

/** Doubles the sample rate of `x[start, start + length)` (zero outside the signal) into `out`. */
export function upsampleTwice(x: Float32Array, start: number, length: number, out: Float32Array): void {
  const at = (i: number) => (i >= 0 && i < x.length ? x[i]! : 0);
  for (let m = 0; 2 * m < out.length && m < length; m++) {
    const i = start + m;
    out[2 * m] = at(i);
    if (2 * m + 1 >= out.length) break;
    let acc = 0;
    for (let j = -HALF + 1; j <= HALF; j++) acc += at(i + j) * TAPS[j + HALF - 1]!;
    out[2 * m + 1] = acc;
  }
}

export interface NoteProfile {
  /** Pitch-class profile of every sounding note (activation-weighted frames). */
  chroma: number[];
  /** Pitch-class profile of the lowest sounding note of each frame (below middle C). */
  bass: number[];
  /** Frames with at least one sounding note, and frames heard. */
  soundingFrames: number;
  frames: number;
}

/** Summarises activations (count × frames × 88) as pitch-class profiles. */
export function noteProfile(notes: Float32Array, frames: number): NoteProfile {
  const chroma = new Array<number>(12).fill(0);
  const bass = new Array<number>(12).fill(0);
  const windows = notes.length / (frames * 88);
  let sounding = 0;
  let heard = 0;
  for (let w = 0; w < windows; w++) {
    for (let f = EDGE_FRAMES; f < frames - EDGE_FRAMES; f++) {
      const row = (w * frames + f) * 88;
      heard++;
      let lowest = -1;
      for (let k = 0; k <= HIGHEST_MIDI - LOWEST_MIDI; k++) {
        const a = notes[row + k]!;
        if (a < NOTE_THRESHOLD) continue;
        if (lowest < 0) lowest = k;
        chroma[(k + LOWEST_MIDI) % 12]! += a;
      }
      if (lowest >= 0) {
        sounding++;
        if (lowest + LOWEST_MIDI < 60) bass[(lowest + LOWEST_MIDI) % 12]! += notes[row + lowest]!;
      }
    }
  }
  return { chroma, bass, soundingFrames: sounding, frames: heard };
}

/** Below this deviation from A440 (semitones, 5 cents) the signal is not retuned for the model. */
export const RETUNE_MIN = 0.05;

/**
 * Fills `out` (NOTE_RATE) from the analysis signal at `start`, retuned by `semitones`: the model's 88 keys
 * sit at A440 equal temperament, so a recording tuned off A440 is read back slower or faster (by
 * 2^(−semitones/12)) to bring its notes onto the keys. The signal is first doubled in rate by the half-band
 * interpolator, then read at fractional positions by linear interpolation (the content stops at 4 kHz, a
 * fifth of the doubled rate, where linear interpolation is accurate enough for the model).
 */
export function retunedWindow(
  x: Float32Array,
  start: number,
  semitones: number,
  out: Float32Array,
  inputLength = Math.ceil(out.length / 2),
): void {
  if (Math.abs(semitones) < RETUNE_MIN) {
    upsampleTwice(x, start, inputLength, out);
    return;
  }
  const step = 2 ** (-semitones / 12);
  const doubled = new Float32Array(Math.ceil(out.length * step) + 2);
  upsampleTwice(x, start, Math.ceil(doubled.length / 2), doubled);
  for (let n = 0; n < out.length; n++) {
    const at = n * step;
    const i = Math.floor(at);
    const frac = at - i;
    out[n] = doubled[i]! + (doubled[i + 1]! - doubled[i]!) * frac;
  }
}

/**
 * Transcribes up to WINDOWS windows of the mono analysis signal (11,025 Hz; `scale` brings it to about
 * −20 dBFS RMS). `tuningSemitones` is the recording's deviation from A440 (the chroma's estimate); the
 * windows are retuned to A440 before the model hears them.
 */
export async function estimateNotes(
  samples: Float32Array,
  scale = 1,
  tuningSemitones = 0,
): Promise<NoteProfile> {
  const inputLength = Math.ceil(NOTE_WINDOW / 2); // analysis samples per window
  const count = Math.max(1, Math.min(WINDOWS, Math.floor(samples.length / inputLength)));
  const stride = count > 1 ? (samples.length - inputLength) / (count - 1) : 0;
  const windows = new Float32Array(count * NOTE_WINDOW);
  for (let w = 0; w < count; w++) {
    const out = windows.subarray(w * NOTE_WINDOW, (w + 1) * NOTE_WINDOW);
    retunedWindow(samples, Math.round(w * stride), tuningSemitones, out, inputLength);
  }
  for (let i = 0; i < windows.length; i++) windows[i]! *= scale;
  const { notes, frames } = await runNoteModel(windows);
  return noteProfile(notes, frames);
}
