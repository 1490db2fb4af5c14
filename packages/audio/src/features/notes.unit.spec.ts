// Notes from basic-pitch (the real ONNX model, fetched and verified on first use): the half-band
// interpolator and the retuning onto A440, the pitch-class summary, a rendered chord over a bass note, a
// detuned chord, and the key with notes.
import { decodeWav } from '../decode/wav';
import { renderClip } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';
import { estimateKey } from './key';
import { chromaFrames } from './spectral';
import {
  estimateNotes,
  LOWEST_MIDI,
  NOTE_RATE,
  noteProfile,
  NOTE_WINDOW,
  retunedWindow,
  upsampleTwice,
  type NoteProfile,
} from './notes';

const ANALYSIS = NOTE_RATE / 2;
const sine = (hz: number, rate: number, n: number, phase = 0) =>
  Float32Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate + phase));
const topPitchClasses = (profile: number[], count: number) =>
  profile
    .map((v, pc) => [v, pc] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, count)
    .map(([, pc]) => pc)
    .sort((a, b) => a - b);

describe('upsampleTwice', () => {
  it('doubles the rate of a 3 kHz sine within 1 % (away from the edges)', () => {
    const x = sine(3000, ANALYSIS, 2000);
    const out = new Float32Array(4000);
    upsampleTwice(x, 0, 2000, out);
    const expected = sine(3000, NOTE_RATE, 4000);
    let worst = 0;
    for (let i = 200; i < 3800; i++) worst = Math.max(worst, Math.abs(out[i]! - expected[i]!));
    expect(worst).toBeLessThan(0.01);
  });
});

/** Frequency of a sine from its upward zero crossings over out[from, to). */
function zeroCrossingHz(out: Float32Array, rate: number, from: number, to: number): number {
  const crossings: number[] = [];
  for (let i = from; i < to; i++)
    if (out[i - 1]! < 0 && out[i]! >= 0) crossings.push(i - 1 + out[i - 1]! / (out[i - 1]! - out[i]!));
  return ((crossings.length - 1) * rate) / (crossings.at(-1)! - crossings[0]!);
}

describe('retunedWindow', () => {
  const semitones = 0.4; // A4 = 450.3 Hz
  const sharpA = 440 * 2 ** (semitones / 12);

  it('reads a recording tuned 40 cents sharp back onto A440 (its A4 comes out at 440 Hz)', () => {
    const x = sine(sharpA, ANALYSIS, 2 * ANALYSIS);
    const out = new Float32Array(NOTE_RATE);
    retunedWindow(x, 0, semitones, out);
    expect(zeroCrossingHz(out, NOTE_RATE, 500, NOTE_RATE - 500)).toBeCloseTo(440, 0);
    retunedWindow(x, 0, -semitones, out); // the other way: further away
    expect(zeroCrossingHz(out, NOTE_RATE, 500, NOTE_RATE - 500)).toBeGreaterThan(460);
  });

  it('leaves a recording within 5 cents of A440 as upsampleTwice gives it', () => {
    const x = sine(441, ANALYSIS, 4000);
    const retuned = new Float32Array(6000);
    const doubled = new Float32Array(6000);
    retunedWindow(x, 100, 0.03, retuned);
    upsampleTwice(x, 100, 3000, doubled);
    expect(retuned).toEqual(doubled);
  });
});

describe('noteProfile', () => {
  it('sums sounding keys by pitch class and takes the lowest one below middle C as the bass', () => {
    const frames = 40;
    const notes = new Float32Array(frames * 88);
    for (let f = 0; f < frames; f++) {
      notes[f * 88 + (45 - LOWEST_MIDI)] = 0.8; // A2
      notes[f * 88 + (60 - LOWEST_MIDI)] = 0.6; // C4
      notes[f * 88 + (64 - LOWEST_MIDI)] = 0.6; // E4
      notes[f * 88 + (67 - LOWEST_MIDI)] = 0.2; // G4, below the threshold
    }
    const profile = noteProfile(notes, frames);
    expect(profile.frames).toBe(frames - 16);
    expect(profile.soundingFrames).toBe(frames - 16);
    expect(topPitchClasses(profile.chroma, 3)).toEqual([0, 4, 9]);
    expect(profile.chroma[7]).toBe(0);
    expect(topPitchClasses(profile.bass, 1)).toEqual([9]);
    expect(profile.bass[0]).toBe(0);
  });
});

describe('estimateNotes (basic-pitch)', () => {
  it('hears a C major triad in organ-like tones over an A1 bass as C, E, G with A in the bass', async () => {
    const n = 6 * ANALYSIS;
    const x = new Float32Array(n);
    for (const [midi, level] of [
      [33, 0.5],
      [60, 0.25],
      [64, 0.25],
      [67, 0.25],
    ] as const) {
      const hz = 440 * 2 ** ((midi - 69) / 12);
      for (let h = 1; h <= 3; h++) {
        const partial = sine(hz * h, ANALYSIS, n, h);
        for (let i = 0; i < n; i++) x[i]! += (level / h) * partial[i]!;
      }
    }
    const profile = await estimateNotes(x, 0.3);
    expect(profile.soundingFrames).toBeGreaterThan(profile.frames * 0.8);
    expect(topPitchClasses(profile.chroma, 4)).toEqual([0, 4, 7, 9]);
    expect(topPitchClasses(profile.bass, 1)).toEqual([9]);
  }, 60_000);

  it('hears a triad tuned 45 cents sharp as C, E, G once told the tuning', async () => {
    const n = 6 * ANALYSIS;
    const x = new Float32Array(n);
    for (const midi of [48, 60, 64, 67]) {
      const hz = 440 * 2 ** ((midi + 0.45 - 69) / 12);
      for (let h = 1; h <= 3; h++) {
        const partial = sine(hz * h, ANALYSIS, n, h);
        for (let i = 0; i < n; i++) x[i]! += (0.25 / h) * partial[i]!;
      }
    }
    const retuned = await estimateNotes(x, 0.3, 0.45);
    expect(topPitchClasses(retuned.chroma, 3)).toEqual([0, 4, 7]);
    expect(topPitchClasses(retuned.bass, 1)).toEqual([0]);
    // Unretuned, the model hears C# beside C and loses the G (what key.ts was given before).
    const asIs = await estimateNotes(x, 0.3);
    expect(asIs.chroma[1]).toBeGreaterThan(0.5 * asIs.chroma[0]!);
    expect(asIs.chroma[7]).toBeLessThan(0.1 * asIs.chroma[0]!);
  }, 60_000);

  it('hears no notes in white noise', async () => {
    let state = 7;
    const x = Float32Array.from({ length: NOTE_WINDOW }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 30 - 1;
    });
    const profile = await estimateNotes(x, 0.3);
    expect(profile.soundingFrames).toBeLessThan(profile.frames * 0.1);
  }, 60_000);
});

describe('estimateKey with notes', () => {
  it('lets a clear A minor note profile decide when the chroma alone is flat', () => {
    const clip = renderClip({
      seed: 3,
      bpm: 100,
      beatsPerBar: 4,
      feel: 'straight',
      tonic: 0,
      mode: 'major',
      timbre: 'A',
      seconds: 8,
      harmony: false,
    });
    const bytes = encodeWav([clip.samples], { sampleRate: clip.sampleRate });
    const frames = chromaFrames(decodeWav(bytes, 1e9, bytes.length).signal.samples, 1);
    // A natural-minor melody and an A/E bass line, as the model would report them.
    const notes: NoteProfile = {
      chroma: [3, 0, 2, 0, 3, 1, 0, 1, 0, 4, 0, 1],
      bass: [0, 0, 0, 0, 2, 0, 0, 0, 0, 5, 0, 0],
      soundingFrames: 200,
      frames: 200,
    };
    const withNotes = estimateKey(
      frames,
      undefined,
      { bass: 0.3, opening: 0, cadence: 0, tonicShare: 0, notes: 4, noteBass: 2 },
      notes,
    );
    expect(withNotes.value).toBe('A minor');
  });
});
