// The synthesiser's timbre sets: what the chords, bass and drum kit of a clip sound like. Each set draws
// a little jitter from the clip's random stream, so two clips of one set are not identical.

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

export interface Timbre {
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
export type Synth = { kind: 'fm'; ratio: number; index: number } | { kind: 'pluck'; brightness: number };

/** Scales x by a random factor within ±amount. */
type Jitter = (x: number, amount?: number) => number;

// Each set's parameters in the order the random stream is drawn (object literals evaluate in order).
const TIMBRES: Record<TimbreSetName, (jitter: Jitter, random: () => number) => Timbre> = {
  A: (jitter) => ({
    // supersaw-ish pad, sine 808, noise snare
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
  }),
  B: (jitter) => ({
    // electric-piano stabs, square-ish bass, clap
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
  }),
  C: (jitter) => ({
    // piano-like decaying chords, plucked bass, acoustic-ish kit
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
  }),
  D: (jitter, random) => ({
    // organ chords, triangle bass, dull lo-fi kit
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
  }),
  E: (jitter, random) => ({
    // held out: plucked/bell chords, bright reed bass, tight high kick, rim snare, loud shaker
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
  }),
  F: (jitter, random) => ({
    // tuning set: short clavinet-like plucks (3rd harmonic loudest), growling bass, tuned tom-snare
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
  }),
  G: (jitter, random) => ({
    // tuning set: FM bell chords, pulse bass, high tuned kick, tom-snare at a random pitch
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
  }),
  H: (jitter, random) => ({
    // tuning set: Karplus–Strong plucked chords, FM bass, boomy 808 at a random pitch, long shaker
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
  }),
};

/** The named set's parameters, jittered by draws from `random`. */
export function timbreSet(name: TimbreSetName, random: () => number): Timbre {
  const jitter: Jitter = (x, amount = 0.15) => x * (1 + (random() * 2 - 1) * amount);
  return TIMBRES[name](jitter, random);
}
