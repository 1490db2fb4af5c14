// The synthesiser's pitched notes: a wavetable tone, two-operator FM or a Karplus–Strong plucked string,
// each with one attack–decay envelope and a short release.
import type { Synth } from './timbres';

const TABLE_SIZE = 4096;

/** One cycle of the given harmonics (index 0 = fundamental), peak-normalised, plus a guard sample. */
export function wavetable(harmonics: number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  let peak = 0;
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let v = 0;
    for (let h = 0; h < harmonics.length; h++)
      v += harmonics[h]! * Math.sin((2 * Math.PI * (h + 1) * i) / TABLE_SIZE);
    table[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  for (let i = 0; i <= TABLE_SIZE; i++) table[i]! /= peak || 1;
  return table;
}

/** Where a note lies in the output (samples [first, last)) and its envelope there. */
interface NoteSpan {
  first: number;
  last: number;
  /** Seconds of the closing fade. */
  release: number;
  /** Envelope decay per second (0 for a sustained note). */
  decayRate: number;
  envelopeAt: (i: number) => number;
}

function addWavetableTone(
  out: Float32Array,
  rate: number,
  table: Float32Array,
  hz: number,
  span: NoteSpan,
  level: number,
  random: () => number,
) {
  const increment = (hz * TABLE_SIZE) / rate;
  let phase = random() * TABLE_SIZE;
  for (let i = span.first; i < span.last; i++) {
    const envelope = span.envelopeAt(i);
    const index = phase | 0;
    const frac = phase - index;
    out[i]! += level * envelope * (table[index]! + (table[index + 1]! - table[index]!) * frac);
    phase += increment;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
  }
}

function addFmTone(
  out: Float32Array,
  rate: number,
  synth: Synth & { kind: 'fm' },
  hz: number,
  span: NoteSpan,
  level: number,
  decay: number,
  random: () => number,
) {
  let carrier = random() * 2 * Math.PI;
  let modulator = 0;
  const indexRate = Number.isFinite(decay) ? 1.6 / decay : 0;
  for (let i = span.first; i < span.last; i++) {
    const t = (i - span.first) / rate;
    const envelope = span.envelopeAt(i);
    const index = synth.index * (0.2 + 0.8 * Math.exp(-indexRate * t));
    out[i]! += level * envelope * Math.sin(carrier + index * Math.sin(modulator));
    carrier += (2 * Math.PI * hz) / rate;
    modulator += (2 * Math.PI * hz * synth.ratio) / rate;
  }
}

/**
 * Karplus–Strong: a noise burst in a delay line of one period, averaged (low-passed) at every pass;
 * the fractional part of the period by linear interpolation of the read position. The string decays
 * by itself, so its envelope is a slower exponential than the other tones' and has no attack.
 */
function addPluckedString(
  out: Float32Array,
  rate: number,
  synth: Synth & { kind: 'pluck' },
  hz: number,
  span: NoteSpan,
  level: number,
  random: () => number,
) {
  const { first, last, release, decayRate } = span;
  const period = rate / hz;
  const length = Math.ceil(period) + 2;
  const line = new Float32Array(length);
  let smooth = 0;
  for (let j = 0; j < length; j++) {
    const noise = random() * 2 - 1;
    smooth += synth.brightness * (noise - smooth);
    line[j] = smooth;
  }
  let write = 0;
  let previous = 0;
  for (let i = first; i < last; i++) {
    const t = (i - first) / rate;
    const remaining = (last - i) / rate;
    let envelope = Math.exp(-0.3 * decayRate * t);
    if (remaining < release) envelope *= remaining / release;
    const readAt = write - period;
    const base = Math.floor(readAt);
    const frac = readAt - base;
    const a = line[((base % length) + length) % length]!;
    const b = line[(((base + 1) % length) + length) % length]!;
    const delayed = a + (b - a) * frac;
    const value = 0.5 * (delayed + previous) * 0.998;
    previous = delayed;
    line[write % length] = value;
    write++;
    out[i]! += 2 * level * envelope * value;
  }
}

/** A pitched note: frequency, start and length in seconds, peak level, attack and decay (to -60 dB) times. */
export interface Note {
  hz: number;
  start: number;
  duration: number;
  level: number;
  attack: number;
  /** Seconds to -60 dB; Infinity = sustained. */
  decay: number;
}

/**
 * One note: a wavetable tone (`voice` a table) or another synthesis method (FM or Karplus–Strong), with
 * one attack–decay envelope and a release over its last 30 ms (at most a quarter of the note).
 */
export function addNote(
  out: Float32Array,
  rate: number,
  voice: Float32Array | Synth,
  note: Note,
  random: () => number,
) {
  const { hz, start, duration, level, attack, decay } = note;
  const first = Math.max(0, Math.round(start * rate));
  const last = Math.min(out.length, Math.round((start + duration) * rate));
  const release = Math.min(0.03, duration / 4);
  const decayRate = Number.isFinite(decay) ? 6.9 / decay : 0;
  const envelopeAt = (i: number) => {
    const t = (i - first) / rate;
    const remaining = (last - i) / rate;
    const envelope = t < attack ? t / attack : Math.exp(-decayRate * (t - attack));
    return remaining < release ? envelope * (remaining / release) : envelope;
  };
  const span: NoteSpan = { first, last, release, decayRate, envelopeAt };
  if (voice instanceof Float32Array) addWavetableTone(out, rate, voice, hz, span, level, random);
  else if (voice.kind === 'fm') addFmTone(out, rate, voice, hz, span, level, decay, random);
  else addPluckedString(out, rate, voice, hz, span, level, random);
}
