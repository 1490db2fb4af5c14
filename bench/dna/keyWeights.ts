// Grid search of the key estimator's weights (bass, opening chord, cadence, tonic-chord share) on one
// bench seed: renders the set once, then re-scores every weight choice. `npx tsx bench/dna/keyWeights.ts 1`
// (the tuning seed); pass another seed to check a choice on held-out clips. Prints the best 12 rows
// (overall MIREX, opening on the tonic, opening elsewhere) and the old weights' row.
import { buildSet, mirexKeyScore } from './run';
import { renderClip, TIMBRE_SETS } from '../../packages/audio/src/testing/synth';
import { encodeWav } from '../../packages/audio/src/testing/wavEncoder';
import { decodeWav } from '../../packages/audio/src/decode/wav';
import { chromaFrames, onsetFrames, CHROMA_HOP } from '../../packages/audio/src/features/spectral';
import { analyseRhythm } from '../../packages/audio/src/analyzeBytes';
import { ANALYSIS_RATE } from '../../packages/audio/src/decode/downsampler';
import { estimateKey, type KeyWeights } from '../../packages/audio/src/features/key';
const seed = Number(process.argv[2] ?? 1);
const set = buildSet({
  seed,
  clips: 120,
  seconds: 15,
  timbres: [...TIMBRE_SETS],
  threeMinute: false,
  verbose: false,
  voiceClips: 0,
  genreClips: 0,
});
const prepared = set.map((clip) => {
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
  const bar = Math.max(1, Math.floor(((60 / rhythm.bpm) * rhythm.beatsPerBar * ANALYSIS_RATE) / CHROMA_HOP));
  return { clip, chroma, opening: { from: first, to: first + bar } };
});
const grid: KeyWeights[] = [];
for (const bass of [0.15, 0.3, 0.6])
  for (const opening of [0, 0.15, 0.4, 1])
    for (const cadence of [0, 0.15, 0.3, 0.6])
      for (const tonicShare of [0, 0.1, 0.2, 0.4]) grid.push({ bass, opening, cadence, tonicShare });
const rows = grid.map((w) => {
  let t = 0,
    tn = 0,
    o = 0,
    on = 0;
  for (const p of prepared) {
    const k = estimateKey(p.chroma, p.opening, w);
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
const ref = rows.find(
  (r) => r.w.bass === 0.3 && r.w.opening === 1 && r.w.cadence === 0 && r.w.tonicShare === 0,
)!;
console.log('old', ref.all.toFixed(3), ref.tonic.toFixed(3), ref.other.toFixed(3));
