// Tempo only, fast: the bench's labelled set (same draw as run.ts for the same seed, clips, seconds and
// timbres), through the DNA's own decode → onset envelopes → rhythm analysis, without the models, the
// key or the tags. Prints tempo Acc1/Acc2 per category and every Acc1 miss with what the tempo stage saw.
// The envelopes are cached (--cache DIR) so that changes to features/tempo.ts can be checked quickly.
//   npx tsx bench/dna/tempoCheck.ts 1 --clips 240 --seconds 20 --verbose      (the tuning seed)
//   npx tsx bench/dna/tempoCheck.ts 2 --clips 120 --seconds 15                (held out: measure only)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseRhythm, decode } from '../../packages/audio/src/analyzeBytes';
import {
  chromaFrames,
  onsetFrames,
  type ChromaFrames,
  type OnsetFrames,
} from '../../packages/audio/src/features/spectral';
import { renderClip, TIMBRE_SETS, type TimbreSetName } from '../../packages/audio/src/testing/synth';
import { encodeWav } from '../../packages/audio/src/testing/wavEncoder';
import { buildSet } from './run';

interface Cached {
  onsets: OnsetFrames;
  chroma: ChromaFrames;
}

const within = (estimate: number, reference: number) => Math.abs(estimate - reference) <= 0.04 * reference;

function parse(argv: string[]) {
  const options = {
    seed: Number(argv[0] ?? 1),
    clips: 120,
    seconds: 15,
    timbres: [...TIMBRE_SETS] as TimbreSetName[],
    verbose: false,
    cache: '',
  };
  for (let i = 1; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--clips') options.clips = Number(argv[++i]);
    else if (flag === '--seconds') options.seconds = Number(argv[++i]);
    else if (flag === '--timbres')
      options.timbres = argv[++i]!.split(/[,\s]*/).filter(Boolean) as TimbreSetName[];
    else if (flag === '--verbose') options.verbose = true;
    else if (flag === '--cache') options.cache = argv[++i]!;
    else throw new Error(`Unknown option ${flag}`);
  }
  return options;
}

const ARRAYS = ['low', 'mid', 'high', 'air', 'energy'] as const;

/** Onset envelopes and chroma of one clip, as the DNA computes them (from the cache when there). */
function features(file: string | undefined, bytes: () => Uint8Array): Promise<Cached> | Cached {
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[] | number>;
    const onsets = { frames: saved.frames } as unknown as OnsetFrames;
    for (const name of ARRAYS) onsets[name] = Float32Array.from(saved[name] as number[]);
    const chroma = {
      frames: saved.chromaFrames,
      chroma: Float32Array.from(saved.chroma as number[]),
      bass: Float32Array.from(saved.bass as number[]),
    } as unknown as ChromaFrames;
    return { onsets, chroma };
  }
  return decode(bytes(), {}).then(({ signal }) => {
    let sumSquares = 0;
    for (let i = 0; i < signal.samples.length; i++) sumSquares += signal.samples[i]! ** 2;
    const scale = 0.1 / Math.sqrt(sumSquares / signal.samples.length);
    const onsets = onsetFrames(signal.samples, signal.air, scale);
    const chroma = chromaFrames(signal.samples, scale);
    if (file) {
      const saved: Record<string, unknown> = {
        frames: onsets.frames,
        chromaFrames: chroma.frames,
        chroma: Array.from(chroma.chroma),
        bass: Array.from(chroma.bass),
      };
      for (const name of ARRAYS) saved[name] = Array.from(onsets[name]);
      writeFileSync(file, JSON.stringify(saved));
    }
    return { onsets, chroma };
  });
}

async function main() {
  const options = parse(process.argv.slice(2));
  const set = buildSet({ ...options, threeMinute: false, voiceClips: 0, genreClips: 0 });
  const cacheDir = options.cache
    ? join(
        options.cache,
        `seed${options.seed}-${options.clips}x${options.seconds}-${options.timbres.join('')}`,
      )
    : undefined;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const stats = new Map<string, { n: number; acc1: number; acc2: number }>();
  let acc1 = 0;
  let acc2 = 0;
  for (const [index, clip] of set.entries()) {
    const { onsets, chroma } = await features(cacheDir && join(cacheDir, `${index}.json`), () => {
      const rendered = renderClip(clip.spec);
      const channels = clip.stereo
        ? [rendered.samples, rendered.samples.map((v) => v * 0.8)]
        : [rendered.samples];
      return encodeWav(channels, {
        sampleRate: rendered.sampleRate,
        encoding: clip.encoding,
        oddChunks: index % 5 === 0,
      });
    });
    const rhythm = analyseRhythm(onsets, chroma);
    const ref = clip.spec.bpm;
    const hit1 = within(rhythm.bpm, ref);
    const hit2 = [1, 2, 0.5, 3, 1 / 3].some((factor) => within(rhythm.bpm, ref * factor));
    acc1 += hit1 ? 1 : 0;
    acc2 += hit2 ? 1 : 0;
    const s = stats.get(clip.category) ?? { n: 0, acc1: 0, acc2: 0 };
    s.n++;
    s.acc1 += hit1 ? 1 : 0;
    s.acc2 += hit2 ? 1 : 0;
    stats.set(clip.category, s);
    if (options.verbose && !hit1)
      console.log(
        `#${index} ${clip.category}/${clip.spec.timbre} ref ${ref} → ${rhythm.bpm.toFixed(1)} (×${(rhythm.bpm / ref).toFixed(2)}) sub ${rhythm.subdivision} conf ${rhythm.confidence.toFixed(2)} snr ${clip.spec.snrDb?.toFixed(0) ?? '∞'}`,
      );
  }
  console.log('category      n   acc1  acc2');
  for (const [category, s] of [...stats.entries()].sort())
    console.log(
      `${category.padEnd(12)} ${String(s.n).padStart(3)} ${(s.acc1 / s.n).toFixed(2).padStart(5)} ${(s.acc2 / s.n).toFixed(2).padStart(5)}`,
    );
  console.log(
    `seed=${options.seed} clips=${set.length} seconds=${options.seconds} tempo_acc1=${(acc1 / set.length).toFixed(3)} tempo_acc2=${(acc2 / set.length).toFixed(3)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
