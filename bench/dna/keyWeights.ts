// Grid search of the key estimator's weights (bass, opening chord, cadence, tonic-chord share) on one
// bench seed: renders the set once, then re-scores every weight choice. `npx tsx bench/dna/keyWeights.ts 1`
// (the tuning seed); pass another seed to check a choice on held-out clips. Prints the best 12 rows
// (overall MIREX, opening on the tonic, opening elsewhere) and the old weights' row.
// `npx tsx bench/dna/keyWeights.ts 1 --notes [--timbres ABCD]` instead keeps those four weights and searches
// the weights of the transcribed notes (basic-pitch: all notes, lowest note), chroma-only (0, 0) included.
// `--variants` also searches how chroma frames are pooled (level weighting, gate), per timbre set (choose on
// seed 1 with A–D and F only); `--measure` prints only the previous and the current weights' rows, for
// held-out seeds and set E. `--no-retune` gives the note model the signal at its own tuning instead of
// retuned to A440 (as before issue 11's fourth round), for before/after rows on the same clips.
import { buildSet, mirexKeyScore } from './run';
import { renderClip, TIMBRE_SETS } from '../../packages/audio/src/testing/synth';
import { encodeWav } from '../../packages/audio/src/testing/wavEncoder';
import { decodeWav } from '../../packages/audio/src/decode/wav';
import { chromaFrames, onsetFrames, CHROMA_HOP } from '../../packages/audio/src/features/spectral';
import { analyseRhythm } from '../../packages/audio/src/analyzeBytes';
import { ANALYSIS_RATE } from '../../packages/audio/src/decode/downsampler';
import { estimateKey, KEY_WEIGHTS, type KeyWeights } from '../../packages/audio/src/features/key';
import { estimateNotes, type NoteProfile } from '../../packages/audio/src/features/notes';
import type { TimbreSetName } from '../../packages/audio/src/testing/synth';

async function main() {
  const seed = Number(process.argv[2] ?? 1);
  const variantsMode = process.argv.includes('--variants');
  const notesMode = process.argv.includes('--notes') || variantsMode || process.argv.includes('--measure');
  const timbreArg = process.argv.indexOf('--timbres');
  const timbres = (
    timbreArg > 0 ? process.argv[timbreArg + 1]!.replace(/,/g, '').split('') : [...TIMBRE_SETS]
  ) as TimbreSetName[];
  const clipsArg = process.argv.indexOf('--clips');
  const clipCount = clipsArg > 0 ? Number(process.argv[clipsArg + 1]) : 120;
  const set = buildSet({
    seed,
    clips: clipCount,
    seconds: 15,
    timbres,
    threeMinute: false,
    verbose: false,
    voiceClips: 0,
    genreClips: 0,
  });
  const prepared: {
    clip: (typeof set)[number];
    chroma: ReturnType<typeof chromaFrames>;
    opening: { from: number; to: number };
    notes?: NoteProfile;
  }[] = [];
  for (const clip of set) {
    const r = renderClip(clip.spec);
    const bytes = encodeWav([r.samples], { sampleRate: r.sampleRate });
    const { signal } = decodeWav(bytes, 1e9, bytes.length);
    let ss = 0;
    for (const v of signal.samples) ss += v * v;
    const scale = 0.1 / Math.sqrt(ss / signal.samples.length);
    const chroma = chromaFrames(signal.samples, scale);
    const rhythm = analyseRhythm(onsetFrames(signal.samples, signal.air, scale), chroma);
    let first = 0,
      max = 0;
    for (let f = 0; f < chroma.frames; f++) max = Math.max(max, chroma.level[f]!);
    while (first < chroma.frames - 1 && chroma.level[first]! < 0.1 * max) first++;
    const bar = Math.max(
      1,
      Math.floor(((60 / rhythm.bpm) * rhythm.beatsPerBar * ANALYSIS_RATE) / CHROMA_HOP),
    );
    // --no-retune: the note model hears the signal as it is (before issue 11's fourth round).
    const tuning = process.argv.includes('--no-retune') ? 0 : chroma.tuningSemitones;
    const notes = notesMode ? await estimateNotes(signal.samples, scale, tuning) : undefined;
    prepared.push({ clip, chroma, opening: { from: first, to: first + bar }, notes });
  }
  if (variantsMode) {
    variants(prepared);
    process.exit(0);
  }
  if (process.argv.includes('--measure')) {
    // Only the two rows: for held-out seeds and timbre sets, where no grid may be looked at.
    console.log(`before ${score(prepared, PREVIOUS_KEY_WEIGHTS).line}`);
    console.log(`current ${score(prepared, KEY_WEIGHTS).line}`);
    process.exit(0);
  }
  const grid: KeyWeights[] = [];
  if (notesMode) {
    for (const notes of [0, 0.25, 0.5, 1, 2, 4])
      for (const noteBass of [0, 0.15, 0.3, 0.6, 1.2]) grid.push({ ...KEY_WEIGHTS, notes, noteBass });
  } else {
    for (const bass of [0.15, 0.3, 0.6])
      for (const opening of [0, 0.15, 0.4, 1])
        for (const cadence of [0, 0.15, 0.3, 0.6])
          for (const tonicShare of [0, 0.1, 0.2, 0.4])
            grid.push({ bass, opening, cadence, tonicShare, notes: 0, noteBass: 0 });
  }
  const rows = grid.map((w) => {
    let t = 0,
      tn = 0,
      o = 0,
      on = 0;
    for (const p of prepared) {
      const k = estimateKey(p.chroma, p.opening, w, p.notes);
      const s = mirexKeyScore(
        { pitchClass: p.clip.spec.tonic, mode: p.clip.spec.mode },
        { pitchClass: k.pitchClass, mode: k.mode },
      );
      if (p.clip.spec.openingOffset) {
        o += s;
        on++;
      } else {
        t += s;
        tn++;
      }
    }
    return { w, all: (t + o) / (tn + on), tonic: t / tn, other: o / on };
  });
  rows.sort((a, b) => b.all - a.all);
  for (const r of rows.slice(0, 12))
    console.log(JSON.stringify(r.w), r.all.toFixed(3), r.tonic.toFixed(3), r.other.toFixed(3));
  const ref = notesMode
    ? rows.find((r) => r.w.notes === 0 && r.w.noteBass === 0)!
    : rows.find((r) => r.w.bass === 0.3 && r.w.opening === 1 && r.w.cadence === 0 && r.w.tonicShare === 0)!;
  console.log(
    notesMode ? 'chroma only' : 'old',
    ref.all.toFixed(3),
    ref.tonic.toFixed(3),
    ref.other.toFixed(3),
  );
  const current = rows.find(
    (r) => r.w.notes === KEY_WEIGHTS.notes && r.w.noteBass === KEY_WEIGHTS.noteBass && notesMode,
  );
  if (current)
    console.log('current', current.all.toFixed(3), current.tonic.toFixed(3), current.other.toFixed(3));
  process.exit(0);
}

type Prepared = {
  clip: ReturnType<typeof buildSet>[number];
  chroma: ReturnType<typeof chromaFrames>;
  opening: { from: number; to: number };
  notes?: NoteProfile;
};

/** MIREX of one weight choice over the prepared clips: overall and per timbre set. */
function score(prepared: Prepared[], w: KeyWeights) {
  const sum: Record<string, { s: number; n: number }> = {};
  let total = 0;
  for (const p of prepared) {
    const k = estimateKey(p.chroma, p.opening, w, p.notes);
    const s = mirexKeyScore(
      { pitchClass: p.clip.spec.tonic, mode: p.clip.spec.mode },
      { pitchClass: k.pitchClass, mode: k.mode },
    );
    total += s;
    const t = (sum[p.clip.spec.timbre] ??= { s: 0, n: 0 });
    t.s += s;
    t.n++;
  }
  const byTimbre = Object.entries(sum)
    .sort()
    .map(([t, x]) => `${t} ${(x.s / x.n).toFixed(3)}`)
    .join(' ');
  return { all: total / prepared.length, line: `${(total / prepared.length).toFixed(3)} ${byTimbre}` };
}

/**
 * --variants: how the chroma frames are pooled (each frame weighted by its tonal level to a power, frames
 * under a share of the loudest left out) with the note weights; MIREX overall and per timbre set. The
 * choice is made on the tuning seed's sets only (A–D and F, never E). --all prints every row.
 */
function variants(prepared: Prepared[]) {
  const rows: { label: string; all: number; line: string }[] = [];
  for (const levelWeighting of [0, 0.5, 1, 2])
    for (const levelGate of [0.05, 0.15, 0.3])
      for (const notes of [0.5, 1, 1.5, 2, 3])
        for (const noteBass of [0.3, 0.6, 1]) {
          const w: KeyWeights = { ...KEY_WEIGHTS, notes, noteBass, levelWeighting, levelGate };
          rows.push({
            label: JSON.stringify({ levelWeighting, levelGate, notes, noteBass }),
            ...score(prepared, w),
          });
        }
  rows.sort((a, b) => b.all - a.all);
  for (const r of rows.slice(0, process.argv.includes('--all') ? rows.length : 20))
    console.log(`${r.line} ${r.label}`);
  console.log(`before ${score(prepared, PREVIOUS_KEY_WEIGHTS).line}`);
  console.log(`current ${score(prepared, KEY_WEIGHTS).line}`);
}

/** The weights before issue 11's third round (chroma frames alike, notes 0.5). */
const PREVIOUS_KEY_WEIGHTS: KeyWeights = {
  ...KEY_WEIGHTS,
  notes: 0.5,
  noteBass: 0.3,
  levelWeighting: 0,
  levelGate: 0.05,
};

void main();
