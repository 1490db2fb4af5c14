// Prints, for each clip of a seed's genre set, the measured quantities the genre rules read (tempo,
// subdivision, meter, pulse, four-on-the-floor and off-beat ratios, onset density, spectral balance,
// loudness range, tonal clarity, note activity) and the top-3 genres, so a rule can be checked against
// what the engine actually measures. `npx tsx bench/dna/genreFeatures.ts 1 [clips] [seconds]`.
import { analyzeBytes, analyseRhythm } from '../../packages/audio/src/analyzeBytes';
import { decodeWav } from '../../packages/audio/src/decode/wav';
import { summariseTimbre } from '../../packages/audio/src/features/timbre';
import { chromaFrames, onsetFrames } from '../../packages/audio/src/features/spectral';
import { measureLoudness } from '../../packages/audio/src/features/loudness';
import { renderClip } from '../../packages/audio/src/testing/synth';
import { encodeWav } from '../../packages/audio/src/testing/wavEncoder';
import { genreSet } from './heldOut';

async function main() {
  const seed = Number(process.argv[2] ?? 1);
  const clips = genreSet({
    seed,
    genreClips: Number(process.argv[3] ?? 32),
    seconds: Number(process.argv[4] ?? 12),
  });
  const f = (x: number, d = 2) => x.toFixed(d);
  for (const { style, spec } of clips) {
    const clip = renderClip(spec);
    const bytes = encodeWav([clip.samples], { sampleRate: clip.sampleRate, encoding: 'pcm16' });
    const { signal } = decodeWav(bytes, 1e9, bytes.length);
    let ss = 0;
    for (const v of signal.samples) ss += v * v;
    const scale = 0.1 / Math.sqrt(ss / signal.samples.length);
    const onsets = onsetFrames(signal.samples, signal.air, scale);
    const chroma = chromaFrames(signal.samples, scale);
    const rhythm = analyseRhythm(onsets, chroma);
    const timbre = summariseTimbre(onsets, signal.air, scale);
    const loudness = measureLoudness(signal.samples, signal.peak);
    const dna = await analyzeBytes(bytes);
    const ranked = [...dna.genreTags].sort((a, b) => b.score - a.score);
    console.log(
      [
        style.name.padEnd(10),
        spec.timbre,
        `bpm=${f(rhythm.bpm, 0)}/${f(spec.bpm, 0)}`,
        `sub=${rhythm.subdivision}`,
        `bpb=${rhythm.beatsPerBar}`,
        `pulse=${f(rhythm.confidence)}`,
        `kick=${f(rhythm.kickEveryBeat)}`,
        `off=${f(rhythm.offbeatRatio)}`,
        `ons=${f(timbre.onsetsPerSecond, 1)}`,
        `cen=${f(timbre.centroidHz, 0)}`,
        `sb=${f(timbre.subBassShare)}`,
        `flat=${f(timbre.flatness)}`,
        `air=${f(timbre.airShare, 4)}`,
        `hi=${f(timbre.highShare, 3)}`,
        `lra=${f(loudness.loudnessRangeLu, 1)}`,
        `ant=${f(rhythm.anticipationRatio ?? 0)}`,
        `k1=${f(rhythm.kickOneBeat ?? 0)}`,
        `key=${dna.keyPrediction.value}`,
        ranked.map((t) => `${t.tag}:${f(t.score)}`).join(' '),
      ].join(' '),
    );
  }
  process.exit(0);
}

void main();
