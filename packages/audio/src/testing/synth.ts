// The project's own deterministic beat synthesiser, for unit tests and the DNA bench.
// A clip = a drum pattern at a known tempo and meter + bass and chords of a progression in a known key,
// rendered with one of several timbre sets, plus noise and a loudness change. Same spec + seed → same samples.

export type Feel = 'straight' | 'swing' | 'triplet' | 'halfTime';
export type Mode = 'major' | 'minor';
export type TimbreSetName = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';
/**
 * The bench's default timbre sets. A–D were used while setting the engine's weights; E was added
 * afterwards as a held-out check and is never used to set weights.
 */
export const TIMBRE_SETS: readonly TimbreSetName[] = ['A', 'B', 'C', 'D', 'E'];
/**
 * F: a tuning set for short, overtone-heavy instruments over a kit with a pitched drum (clavinet-like
 * plucks whose third harmonic is louder than the fundamental, a growling bass whose octave is the loudest
 * partial, a tom-like snare tuned near 300 Hz), distinct from E; not in the default draw (--timbres F).
 */
export const EXTRA_TIMBRE_SETS: readonly TimbreSetName[] = ['F', 'G', 'H'];
/*
 * G and H (issue 11, fourth round): tuning sets rendered by other synthesis methods than the wavetables of
 * A–F, so that the key can be tuned for bright, short and inharmonic instruments without looking at E.
 * G: two-operator FM bell chords (modulator at 1.4× or 3.5× the carrier, a decaying index: inharmonic
 * partials), a 25%-pulse bass, a high tuned kick and a tuned tom-snare at a random pitch. H: Karplus–Strong
 * plucked-string chords, an FM bass (1:1, bright attack), a boomy 808 tuned to a random pitch, a long
 * shaker.
 */

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

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const midiToHz = (midi: number, tuningHz = 440) => tuningHz * 2 ** ((midi - 69) / 12);

interface Timbre {
  /** Harmonic amplitudes of the chord instrument (index 0 = fundamental). */
  chordHarmonics: number[];
  chordAttack: number;
  chordDecay: number; // seconds to -60 dB; Infinity = sustained
  chordStabs: boolean;
  bassHarmonics: number[];
  bassDecay: number;
  kickStartHz: number;
  kickEndHz: number;
  kickDecay: number;
  snareToneHz: number;
  snareDecay: number;
  clap: boolean;
  hatDecay: number;
  hatBright: number; // 1 = very bright
  chordLevel: number;
  bassLevel: number;
  /** Other synthesis methods than the wavetable (tuning sets G and H). */
  chordSynth?: Synth;
  bassSynth?: Synth;
}

/** FM: one modulator at `ratio` × the carrier, index falling from `index` to a fifth of it over `decay`. */
type Synth = { kind: 'fm'; ratio: number; index: number } | { kind: 'pluck'; brightness: number };

function timbreSet(name: TimbreSetName, random: () => number): Timbre {
  const jitter = (x: number, amount = 0.15) => x * (1 + (random() * 2 - 1) * amount);
  switch (name) {
    case 'A': // supersaw-ish pad, sine 808, noise snare
      return {
        chordHarmonics: [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12],
        chordAttack: 0.05,
        chordDecay: Infinity,
        chordStabs: false,
        bassHarmonics: [1, 0.08],
        bassDecay: jitter(0.9),
        kickStartHz: 120,
        kickEndHz: 45,
        kickDecay: jitter(0.6),
        snareToneHz: 190,
        snareDecay: jitter(0.18),
        clap: false,
        hatDecay: jitter(0.04),
        hatBright: 1,
        chordLevel: 0.22,
        bassLevel: 0.5,
      };
    case 'B': // electric-piano stabs, square-ish bass, clap
      return {
        chordHarmonics: [1, 0.6, 0.1, 0.15, 0.05],
        chordAttack: 0.005,
        chordDecay: jitter(0.8),
        chordStabs: true,
        bassHarmonics: [1, 0, 0.33, 0, 0.2, 0, 0.14],
        bassDecay: jitter(0.4),
        kickStartHz: 160,
        kickEndHz: 55,
        kickDecay: jitter(0.3),
        snareToneHz: 220,
        snareDecay: jitter(0.12),
        clap: true,
        hatDecay: jitter(0.03),
        hatBright: 0.8,
        chordLevel: 0.3,
        bassLevel: 0.45,
      };
    case 'C': // piano-like decaying chords, plucked bass, acoustic-ish kit
      return {
        chordHarmonics: [1, 0.7, 0.45, 0.3, 0.22, 0.12, 0.1, 0.06, 0.05],
        chordAttack: 0.003,
        chordDecay: jitter(1.6),
        chordStabs: false,
        bassHarmonics: [1, 0.5, 0.3, 0.15],
        bassDecay: jitter(0.6),
        kickStartHz: 100,
        kickEndHz: 60,
        kickDecay: jitter(0.22),
        snareToneHz: 170,
        snareDecay: jitter(0.22),
        clap: false,
        hatDecay: jitter(0.06),
        hatBright: 0.6,
        chordLevel: 0.28,
        bassLevel: 0.45,
      };
    case 'D': // organ chords, triangle bass, dull lo-fi kit
      return {
        chordHarmonics: [1, 0.8, 0.0, 0.5, 0.0, 0.3, 0.0, 0.2],
        chordAttack: 0.02,
        chordDecay: Infinity,
        chordStabs: true,
        bassHarmonics: [1, 0, 0.11, 0, 0.04],
        bassDecay: jitter(0.5),
        kickStartHz: 90,
        kickEndHz: 50,
        kickDecay: jitter(0.35),
        snareToneHz: 160,
        snareDecay: jitter(0.15),
        clap: random() < 0.5,
        hatDecay: jitter(0.05),
        hatBright: 0.4,
        chordLevel: 0.25,
        bassLevel: 0.5,
      };
    case 'E': // held out: plucked/bell chords, bright reed bass, tight high kick, rim snare, loud shaker
      return {
        chordHarmonics: [1, 0.25, 0.55, 0.1, 0.3, 0.05, 0.15],
        chordAttack: 0.002,
        chordDecay: jitter(0.5),
        chordStabs: random() < 0.5,
        bassHarmonics: [1, 0.7, 0.5, 0.35, 0.25, 0.18],
        bassDecay: jitter(0.35),
        kickStartHz: 200,
        kickEndHz: 75,
        kickDecay: jitter(0.15),
        snareToneHz: 420,
        snareDecay: jitter(0.07),
        clap: false,
        hatDecay: jitter(0.09),
        hatBright: 0.7,
        chordLevel: 0.35,
        bassLevel: 0.35,
      };
    case 'F': // tuning set: short clavinet-like plucks (3rd harmonic loudest), growling bass, tuned tom-snare
      return {
        chordHarmonics: [0.6, 0.45, 1, 0.2, 0.5, 0.35, 0.25, 0.1, 0.15],
        chordAttack: 0.003,
        chordDecay: jitter(0.35),
        chordStabs: random() < 0.5,
        bassHarmonics: [0.7, 1, 0.45, 0.5, 0.2, 0.25],
        bassDecay: jitter(0.3),
        kickStartHz: 140,
        kickEndHz: 50,
        kickDecay: jitter(0.5),
        snareToneHz: jitter(300, 0.1),
        snareDecay: jitter(0.1),
        clap: false,
        hatDecay: jitter(0.08),
        hatBright: 0.9,
        chordLevel: 0.3,
        bassLevel: 0.4,
      };
    case 'G': // tuning set: FM bell chords, pulse bass, high tuned kick, tom-snare at a random pitch
      return {
        chordHarmonics: [1],
        chordAttack: 0.002,
        chordDecay: jitter(0.9),
        chordStabs: random() < 0.6,
        bassHarmonics: [0.71, 0.5, 0.24, 0, 0.14, 0.17, 0.1, 0, 0.08, 0.1],
        bassDecay: jitter(0.45),
        kickStartHz: jitter(230, 0.1),
        kickEndHz: jitter(85, 0.15),
        kickDecay: jitter(0.18),
        snareToneHz: 250 + random() * 250,
        snareDecay: jitter(0.12),
        clap: false,
        hatDecay: jitter(0.05),
        hatBright: 0.85,
        chordLevel: 0.33,
        bassLevel: 0.38,
        chordSynth: { kind: 'fm', ratio: random() < 0.5 ? 1.4 : 3.5, index: jitter(1.6, 0.3) },
      };
    case 'H': // tuning set: Karplus–Strong plucked chords, FM bass, boomy 808 at a random pitch, long shaker
      return {
        chordHarmonics: [1],
        chordAttack: 0.002,
        chordDecay: jitter(1.2),
        chordStabs: random() < 0.5,
        bassHarmonics: [1],
        bassDecay: jitter(0.5),
        kickStartHz: jitter(110, 0.1),
        kickEndHz: 40 + random() * 25,
        kickDecay: jitter(0.8),
        snareToneHz: jitter(200, 0.2),
        snareDecay: jitter(0.15),
        clap: random() < 0.5,
        hatDecay: jitter(0.12),
        hatBright: 0.75,
        chordLevel: 0.32,
        bassLevel: 0.4,
        chordSynth: { kind: 'pluck', brightness: 0.3 + random() * 0.5 },
        bassSynth: { kind: 'fm', ratio: 1, index: jitter(3, 0.3) },
      };
  }
}

// Progressions as (scale degree semitone offset from tonic, chord quality) per bar.
type Quality = 'maj' | 'min' | 'dim';
type Chord = [number, Quality];
const MAJOR_PROGRESSIONS: Chord[][] = [
  [
    [0, 'maj'],
    [7, 'maj'],
    [9, 'min'],
    [5, 'maj'],
  ], // I V vi IV
  [
    [0, 'maj'],
    [5, 'maj'],
    [7, 'maj'],
    [0, 'maj'],
  ], // I IV V I
  [
    [0, 'maj'],
    [9, 'min'],
    [5, 'maj'],
    [7, 'maj'],
  ], // I vi IV V
  [
    [0, 'maj'],
    [0, 'maj'],
    [5, 'maj'],
    [7, 'maj'],
  ], // I I IV V
  [
    [0, 'maj'],
    [2, 'min'],
    [7, 'maj'],
    [0, 'maj'],
  ], // I ii V I
  [
    [0, 'maj'],
    [4, 'min'],
    [5, 'maj'],
    [7, 'maj'],
  ], // I iii IV V
];
const MINOR_PROGRESSIONS: Chord[][] = [
  [
    [0, 'min'],
    [0, 'min'],
    [8, 'maj'],
    [10, 'maj'],
  ], // i i VI VII
  [
    [0, 'min'],
    [5, 'min'],
    [7, 'maj'],
    [0, 'min'],
  ], // i iv V i (harmonic minor V)
  [
    [0, 'min'],
    [10, 'maj'],
    [8, 'maj'],
    [7, 'maj'],
  ], // i VII VI V (Andalusian)
  [
    [0, 'min'],
    [5, 'min'],
    [0, 'min'],
    [7, 'maj'],
  ], // i iv i V
  [
    [0, 'min'],
    [8, 'maj'],
    [5, 'min'],
    [7, 'maj'],
  ], // i VI iv V
  [
    [0, 'min'],
    [3, 'maj'],
    [10, 'maj'],
    [0, 'min'],
  ], // i III VII i
];
const INTERVALS: Record<Quality, number[]> = { maj: [0, 4, 7], min: [0, 3, 7], dim: [0, 3, 6] };

interface DrumEvent {
  beat: number; // position within the bar, in beats
  voice: 'kick' | 'snare' | 'hat';
  velocity: number;
}

function drumPattern(spec: ClipSpec, random: () => number): DrumEvent[] {
  const events: DrumEvent[] = [];
  const add = (voice: DrumEvent['voice'], beats: number[], velocity: number) => {
    for (const beat of beats) events.push({ beat, voice, velocity });
  };
  const hatGrid = (step: number, bars: number, accentEvery: number) => {
    for (let t = 0, i = 0; t < bars - 1e-9; t += step, i++)
      add('hat', [t], i % accentEvery === 0 ? 0.9 : 0.55);
  };
  const variant = Math.floor(random() * 3);
  if (spec.beatsPerBar === 3) {
    add('kick', [0], 1);
    add('snare', variant === 2 ? [2] : [1, 2], 0.6);
    if (variant !== 1) hatGrid(0.5, 3, 2);
    else hatGrid(1, 3, 3);
    return events;
  }
  if (spec.pattern === 'fourOnFloor') {
    add('kick', [0, 1, 2, 3], 1);
    add('snare', [1, 3], 0.7);
    for (let b = 0; b < 4; b++) add('hat', [b + 0.5], 0.9);
    if (variant !== 0) hatGrid(0.25, 4, 4);
    return events;
  }
  if (spec.pattern === 'dembow') {
    add('kick', [0, 1, 2, 3], 1);
    add('snare', [0.75, 1.5, 2.75, 3.5], 0.85);
    hatGrid(0.5, 4, 2);
    return events;
  }
  if (spec.pattern === 'oneDrop') {
    add('kick', [2], 1);
    add('snare', [2], 0.8);
    hatGrid(variant === 0 ? 0.5 : 1 / 3, 4, 2);
    return events;
  }
  switch (spec.feel) {
    case 'straight': {
      const kicks = [
        [0, 2],
        [0, 1.5, 2.5],
        [0, 0.75, 2, 2.5],
      ][variant]!;
      add('kick', kicks, 1);
      add('snare', [1, 3], 0.9);
      hatGrid(1 / (spec.hatsPerBeat ?? 2), 4, spec.hatsPerBeat === 4 ? 4 : 2);
      break;
    }
    case 'swing': {
      add('kick', variant === 0 ? [0, 2] : [0, 2, 2 + 2 / 3], 1);
      add('snare', [1, 3], 0.85);
      for (let b = 0; b < 4; b++) add('hat', [b, b + 2 / 3], b % 2 === 0 ? 0.8 : 0.6);
      break;
    }
    case 'triplet': {
      add('kick', variant === 0 ? [0, 2] : [0, 1 + 2 / 3, 2], 1);
      add('snare', [1, 3], 0.85);
      hatGrid(1 / 3, 4, 3);
      break;
    }
    case 'halfTime': {
      add(
        'kick',
        [
          [0, 2.5],
          [0, 0.75, 2.75],
          [0, 1.5, 3.5],
        ][variant]!,
        1,
      );
      add('snare', [2], 1);
      hatGrid(0.25, 4, 4);
      break;
    }
  }
  return events;
}

function renderOneShot(
  kind: 'kick' | 'snare' | 'hat',
  timbre: Timbre,
  rate: number,
  random: () => number,
): Float32Array {
  const seconds =
    kind === 'kick'
      ? timbre.kickDecay * 1.5
      : kind === 'snare'
        ? timbre.snareDecay * 1.5
        : timbre.hatDecay * 3;
  const n = Math.max(1, Math.round(seconds * rate));
  const out = new Float32Array(n);
  if (kind === 'kick') {
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const f = timbre.kickEndHz + (timbre.kickStartHz - timbre.kickEndHz) * Math.exp(-t / 0.04);
      phase += (2 * Math.PI * f) / rate;
      const click = i < rate * 0.003 ? (random() * 2 - 1) * 0.3 : 0;
      out[i] = (Math.sin(phase) + click) * Math.exp((-6.9 * t) / timbre.kickDecay);
    }
  } else if (kind === 'snare') {
    let lp = 0;
    let previous = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const noise = random() * 2 - 1;
      const hp = noise - previous; // brighten
      previous = noise;
      lp += 0.5 * (hp - lp);
      const burst = timbre.clap ? (t < 0.01 || (t > 0.012 && t < 0.02) || t > 0.024 ? 1 : 0.2) : 1;
      const tone = 0.5 * Math.sin((2 * Math.PI * timbre.snareToneHz * i) / rate) * Math.exp(-t / 0.04);
      out[i] = (0.8 * lp * burst + tone) * Math.exp((-6.9 * t) / timbre.snareDecay);
    }
  } else {
    let x1 = 0;
    let x2 = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const noise = random() * 2 - 1;
      // Second difference: a crude high-pass whose brightness is blended by hatBright.
      const hp = noise - 2 * x1 + x2;
      x2 = x1;
      x1 = noise;
      const value = timbre.hatBright * hp * 0.5 + (1 - timbre.hatBright) * (noise - x2) * 0.5;
      out[i] = value * 0.5 * Math.exp((-6.9 * t) / (timbre.hatDecay * 2));
    }
  }
  return out;
}

const TABLE_SIZE = 4096;
function wavetable(harmonics: number[]): Float32Array {
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

/**
 * One note: a wavetable tone (`voice` a table) or another synthesis method (FM or Karplus–Strong), with
 * one attack–decay envelope and a release over its last 30 ms (at most a quarter of the note).
 */
function addNote(
  out: Float32Array,
  rate: number,
  voice: Float32Array | Synth,
  hz: number,
  start: number,
  duration: number,
  level: number,
  attack: number,
  decay: number,
  random: () => number,
) {
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
  if (voice instanceof Float32Array) {
    const table = voice;
    const increment = (hz * TABLE_SIZE) / rate;
    let phase = random() * TABLE_SIZE;
    for (let i = first; i < last; i++) {
      const envelope = envelopeAt(i);
      const index = phase | 0;
      const frac = phase - index;
      out[i]! += level * envelope * (table[index]! + (table[index + 1]! - table[index]!) * frac);
      phase += increment;
      if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
    }
    return;
  }
  const synth = voice;
  if (synth.kind === 'fm') {
    let carrier = random() * 2 * Math.PI;
    let modulator = 0;
    const indexRate = Number.isFinite(decay) ? 1.6 / decay : 0;
    for (let i = first; i < last; i++) {
      const t = (i - first) / rate;
      const envelope = envelopeAt(i);
      const index = synth.index * (0.2 + 0.8 * Math.exp(-indexRate * t));
      out[i]! += level * envelope * Math.sin(carrier + index * Math.sin(modulator));
      carrier += (2 * Math.PI * hz) / rate;
      modulator += (2 * Math.PI * hz * synth.ratio) / rate;
    }
    return;
  }
  // Karplus–Strong: a noise burst in a delay line of one period, averaged (low-passed) at every pass;
  // the fractional part of the period by linear interpolation of the read position.
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

export interface RenderedClip {
  samples: Float32Array;
  sampleRate: number;
}

export function renderClip(spec: ClipSpec): RenderedClip {
  const rate = spec.sampleRate ?? 44100;
  const random = createRandom(spec.seed);
  const timbre = timbreSet(spec.timbre, random);
  const out = new Float32Array(Math.round(spec.seconds * rate));
  const beatSeconds = 60 / spec.bpm;
  const barSeconds = beatSeconds * spec.beatsPerBar;
  const bars = Math.ceil(spec.seconds / barSeconds);
  // Small human timing jitter (±4 ms) so onsets are not sample-exact.
  const humanise = () => (random() * 2 - 1) * 0.004;

  if (spec.drums !== false) {
    const shots = {
      kick: renderOneShot('kick', timbre, rate, random),
      snare: renderOneShot('snare', timbre, rate, random),
      hat: renderOneShot('hat', timbre, rate, random),
    };
    const pattern = drumPattern(spec, random);
    const levels = { kick: 0.9, snare: 0.6, hat: 0.35 };
    for (let bar = 0; bar < bars; bar++) {
      for (const event of pattern) {
        const start = Math.round((bar * barSeconds + event.beat * beatSeconds + humanise()) * rate);
        if (start < 0 || start >= out.length) continue;
        const shot = shots[event.voice];
        const gain = levels[event.voice] * event.velocity * (0.9 + 0.2 * random());
        const end = Math.min(out.length, start + shot.length);
        for (let i = start; i < end; i++) out[i]! += shot[i - start]! * gain;
      }
    }
  }

  if (spec.harmony !== false) {
    const progressions = spec.mode === 'major' ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS;
    const drawn = Math.floor(random() * progressions.length);
    const progression = progressions[(spec.progression ?? drawn) % progressions.length]!;
    const chordTable = wavetable(timbre.chordHarmonics);
    const bassTable = wavetable(timbre.bassHarmonics);
    const play = (
      voice: Float32Array | Synth,
      ...note: Parameters<typeof addNote> extends [unknown, unknown, unknown, ...infer R] ? R : never
    ) => addNote(out, rate, voice, ...note);
    const register = 55 + Math.floor(random() * 6); // chord voicings around G3..C4 and up
    const offTonic = progression.flatMap(([offset], i) => (offset === 0 ? [] : [i]));
    const rotation = spec.openingOffset ? offTonic[(spec.openingOffset - 1) % offTonic.length]! : 0;
    for (let bar = 0; bar < bars; bar++) {
      const [offset, quality] = progression[(bar + rotation) % progression.length]!;
      const root = spec.tonic + offset;
      // Voice the triad inside [register, register + 12) for smooth voice leading.
      const notes = INTERVALS[quality].map((interval) => {
        let midi = root + interval;
        while (midi < register) midi += 12;
        while (midi >= register + 12) midi -= 12;
        return midi;
      });
      const barStart = bar * barSeconds;
      const hits = timbre.chordStabs
        ? Array.from({ length: spec.beatsPerBar }, (_, b) => b).filter((b) =>
            spec.beatsPerBar === 3 ? b > 0 : true,
          )
        : [0];
      for (const hit of hits) {
        const length = timbre.chordStabs ? beatSeconds * 0.8 : barSeconds;
        for (const midi of notes) {
          play(
            timbre.chordSynth ?? chordTable,
            midiToHz(midi, spec.tuningHz),
            barStart + hit * beatSeconds,
            length,
            timbre.chordLevel / 3,
            timbre.chordAttack,
            timbre.chordDecay,
            random,
          );
        }
      }
      // Bass: the chord root (octave 2) on beat 1, and on beat 3 (4/4) with the fifth now and then.
      let bassMidi = (((root % 12) + 12) % 12) + 36;
      if (bassMidi > 45) bassMidi -= 12;
      const bassHits = spec.beatsPerBar === 3 ? [0] : [0, 2];
      for (const hit of bassHits) {
        const midi = hit > 0 && random() < 0.25 ? bassMidi + 7 : bassMidi;
        play(
          timbre.bassSynth ?? bassTable,
          midiToHz(midi, spec.tuningHz),
          barStart + hit * beatSeconds,
          beatSeconds * (spec.beatsPerBar === 3 ? 2.8 : 1.9),
          timbre.bassLevel,
          0.005,
          timbre.bassDecay,
          random,
        );
      }
    }
  }

  // Noise at the requested SNR, then the requested peak level.
  if (spec.snrDb !== undefined) {
    let power = 0;
    for (let i = 0; i < out.length; i++) power += out[i]! * out[i]!;
    const rms = Math.sqrt(power / Math.max(1, out.length));
    const noiseRms = rms / 10 ** (spec.snrDb / 20);
    const scale = noiseRms * Math.sqrt(3);
    for (let i = 0; i < out.length; i++) out[i]! += (random() * 2 - 1) * scale;
  }
  let peak = 0;
  for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i]!));
  const target = 10 ** ((spec.peakDb ?? -1) / 20);
  const gain = peak > 0 ? target / peak : 1;
  for (let i = 0; i < out.length; i++) out[i]! *= gain;
  return { samples: out, sampleRate: rate };
}

/** A click track: a short 1 kHz blip on every beat (accented downbeat every `beatsPerBar`). */
export function renderClickTrack(
  bpm: number,
  seconds: number,
  sampleRate = 44100,
  beatsPerBar = 4,
): RenderedClip {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const period = 60 / bpm;
  for (let beat = 0; beat * period < seconds; beat++) {
    const start = Math.round(beat * period * sampleRate);
    const level = beat % beatsPerBar === 0 ? 0.9 : 0.5;
    for (let i = 0; i < sampleRate * 0.02 && start + i < out.length; i++) {
      out[start + i] =
        level * Math.sin((2 * Math.PI * 1000 * i) / sampleRate) * Math.exp(-i / (sampleRate * 0.004));
    }
  }
  return { samples: out, sampleRate };
}
