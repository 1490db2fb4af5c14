// The synthesiser's harmony: a chord progression in the clip's key, played bar by bar as voiced triads
// (held or as stabs) over a bass line on the chord roots.
import type { BarGrid, ClipSpec } from './clipSpec';
import type { Timbre } from './timbres';
import { addNote, wavetable } from './tones';

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

const midiToHz = (midi: number, tuningHz = 440) => tuningHz * 2 ** ((midi - 69) / 12);

/** The triad's notes inside [register, register + 12), for smooth voice leading. */
function voiceTriad(root: number, quality: Quality, register: number): number[] {
  return INTERVALS[quality].map((interval) => {
    let midi = root + interval;
    while (midi < register) midi += 12;
    while (midi >= register + 12) midi -= 12;
    return midi;
  });
}

/** Adds the progression's chords and bass line, bar by bar, to `out`. */
export function addHarmony(
  out: Float32Array,
  rate: number,
  spec: ClipSpec,
  grid: BarGrid,
  timbre: Timbre,
  random: () => number,
): void {
  const { beatSeconds, barSeconds, bars } = grid;
  const progressions = spec.mode === 'major' ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS;
  const drawn = Math.floor(random() * progressions.length);
  const progression = progressions[(spec.progression ?? drawn) % progressions.length]!;
  const chordTable = wavetable(timbre.chordHarmonics);
  const bassTable = wavetable(timbre.bassHarmonics);
  const register = 55 + Math.floor(random() * 6); // chord voicings around G3..C4 and up
  const offTonic = progression.flatMap(([offset], i) => (offset === 0 ? [] : [i]));
  const rotation = spec.openingOffset ? offTonic[(spec.openingOffset - 1) % offTonic.length]! : 0;
  for (let bar = 0; bar < bars; bar++) {
    const [offset, quality] = progression[(bar + rotation) % progression.length]!;
    const root = spec.tonic + offset;
    const notes = voiceTriad(root, quality, register);
    const barStart = bar * barSeconds;
    const hits = timbre.chordStabs
      ? Array.from({ length: spec.beatsPerBar }, (_, b) => b).filter((b) =>
          spec.beatsPerBar === 3 ? b > 0 : true,
        )
      : [0];
    for (const hit of hits) {
      const length = timbre.chordStabs ? beatSeconds * 0.8 : barSeconds;
      for (const midi of notes) {
        const note = {
          hz: midiToHz(midi, spec.tuningHz),
          start: barStart + hit * beatSeconds,
          duration: length,
          level: timbre.chordLevel / 3,
          attack: timbre.chordAttack,
          decay: timbre.chordDecay,
        };
        addNote(out, rate, timbre.chordSynth ?? chordTable, note, random);
      }
    }
    // Bass: the chord root (octave 2) on beat 1, and on beat 3 (4/4) with the fifth now and then.
    let bassMidi = (((root % 12) + 12) % 12) + 36;
    if (bassMidi > 45) bassMidi -= 12;
    const bassHits = spec.beatsPerBar === 3 ? [0] : [0, 2];
    for (const hit of bassHits) {
      const midi = hit > 0 && random() < 0.25 ? bassMidi + 7 : bassMidi;
      const note = {
        hz: midiToHz(midi, spec.tuningHz),
        start: barStart + hit * beatSeconds,
        duration: beatSeconds * (spec.beatsPerBar === 3 ? 2.8 : 1.9),
        level: timbre.bassLevel,
        attack: 0.005,
        decay: timbre.bassDecay,
      };
      addNote(out, rate, timbre.bassSynth ?? bassTable, note, random);
    }
  }
}
