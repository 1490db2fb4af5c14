// DNA bench: renders a labelled synthetic set with the project's synthesiser, analyses every clip and
// prints tempo Acc1/Acc2, key MIREX-weighted score, time-signature accuracy, speed and memory, ending
// with ONE line of key=value pairs. Options: see bench/dna/README.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeBytes } from '../../packages/audio/src/analyzeBytes';
import { parseKeyName } from '../../packages/audio/src/dna';
import {
  createRandom,
  EXTRA_TIMBRE_SETS,
  renderClip,
  TIMBRE_SETS,
  type ClipSpec,
  type Feel,
  type TimbreSetName,
} from '../../packages/audio/src/testing/synth';
import { encodeWav, type WavEncoding } from '../../packages/audio/src/testing/wavEncoder';
import { runGenreSet, runVoiceSet } from './heldOut';

interface Options {
  seed: number;
  clips: number;
  seconds: number;
  timbres: TimbreSetName[];
  threeMinute: boolean;
  verbose: boolean;
  voiceClips: number;
  genreClips: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    seed: 1,
    clips: 240,
    seconds: 20,
    timbres: [...TIMBRE_SETS],
    threeMinute: true,
    verbose: false,
    voiceClips: 40,
    genreClips: 36,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=') as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--seed') options.seed = Number(value());
    else if (flag === '--clips') options.clips = Number(value());
    else if (flag === '--seconds') options.seconds = Number(value());
    else if (flag === '--timbres')
      options.timbres = value()
        .split(/[,\s]*/)
        .filter(Boolean) as TimbreSetName[];
    else if (flag === '--no-three-minute') options.threeMinute = false;
    else if (flag === '--voice-clips') options.voiceClips = Number(value());
    else if (flag === '--genre-clips') options.genreClips = Number(value());
    else if (flag === '--verbose') options.verbose = true;
    else if (flag === '--help') {
      console.log(
        'npx tsx bench/dna/run.ts [--seed N] [--clips N] [--seconds S] [--timbres A,B,C,D] [--voice-clips N] [--genre-clips N] [--no-three-minute] [--verbose]',
      );
      process.exit(0);
    } else throw new Error(`Unknown option ${flag}`);
  }
  const known = [...TIMBRE_SETS, ...EXTRA_TIMBRE_SETS];
  for (const t of options.timbres)
    if (!known.includes(t)) throw new Error(`Unknown timbre set ${t} (use ${known.join(',')})`);
  if (!(options.clips > 0) || !(options.seconds >= 8))
    throw new Error('--clips must be > 0 and --seconds ≥ 8');
  return options;
}

interface LabelledClip {
  spec: ClipSpec;
  category: string;
  encoding: WavEncoding;
  stereo: boolean;
}

/** The labelled set: a deterministic function of (seed, count, seconds, timbres). */
export function buildSet(options: Options): LabelledClip[] {
  const random = createRandom(options.seed * 7919 + 17);
  // A separate stream, so adding off-tonic openings did not change the rest of the draw.
  const openings = createRandom(options.seed * 104729 + 3);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const clips: LabelledClip[] = [];
  for (let i = 0; i < options.clips; i++) {
    const r = random();
    const category =
      r < 0.3
        ? 'straight8'
        : r < 0.42
          ? 'straight16'
          : r < 0.54
            ? 'swing'
            : r < 0.66
              ? 'triplet'
              : r < 0.78
                ? 'halfTime'
                : 'waltz';
    const feel: Feel =
      category.startsWith('straight') || category === 'waltz' ? 'straight' : (category as Feel);
    const bpm = category === 'halfTime' ? 120 + random() * 50 : 60 + random() * 120;
    const spec: ClipSpec = {
      seed: Math.floor(random() * 2 ** 31),
      bpm: Math.round(bpm * 10) / 10,
      beatsPerBar: category === 'waltz' ? 3 : 4,
      feel,
      hatsPerBeat: category === 'straight16' ? 4 : 2,
      tonic: Math.floor(random() * 12),
      mode: random() < 0.5 ? 'major' : 'minor',
      timbre: options.timbres[i % options.timbres.length]!,
      seconds: options.seconds,
      sampleRate: random() < 0.7 ? 44100 : 48000,
      snrDb: random() < 0.5 ? undefined : 12 + random() * 20,
      peakDb: -20 + random() * 19.5,
      // 40% of clips are not at A440: concert pitch 428–452 Hz (about ±45 cents).
      tuningHz: random() < 0.6 ? 440 : 428 + random() * 24,
      // 40% of the clips open on another chord than the tonic.
      openingOffset: openings() < 0.4 ? 1 + Math.floor(openings() * 3) : 0,
    };
    clips.push({
      spec,
      category,
      encoding: pick(['pcm16', 'pcm16', 'pcm24', 'float32'] as const),
      stereo: random() < 0.6,
    });
  }
  return clips;
}

const PITCH_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** MIREX key score: exact 1, fifth 0.5, relative 0.3, parallel 0.2, else 0. */
export function mirexKeyScore(
  ref: { pitchClass: number; mode: 'major' | 'minor' },
  est: { pitchClass: number; mode: 'major' | 'minor' },
): number {
  const interval = (est.pitchClass - ref.pitchClass + 12) % 12;
  if (est.mode === ref.mode && interval === 0) return 1;
  if (est.mode === ref.mode && (interval === 7 || interval === 5)) return 0.5;
  if (ref.mode === 'major' && est.mode === 'minor' && interval === 9) return 0.3;
  if (ref.mode === 'minor' && est.mode === 'major' && interval === 3) return 0.3;
  if (est.mode !== ref.mode && interval === 0) return 0.2;
  return 0;
}

const within = (estimate: number, reference: number, tolerance = 0.04) =>
  Math.abs(estimate - reference) <= tolerance * reference;

interface FileMeasure {
  seconds: number;
  cpuSeconds: number;
  warmSeconds: number;
  warmCpuSeconds: number;
  maxRssMb: number;
}

/** The 3-minute WAV, in-process and through `analyze`'s worker pool, each in a fresh process on one core. */
function measureThreeMinute(): { inProcess?: FileMeasure; worker?: FileMeasure } | undefined {
  const directory = mkdtempSync(join(tmpdir(), 'dna-bench-'));
  try {
    const file = join(directory, 'three-minutes.wav');
    const clip = renderClip({
      seed: 3,
      bpm: 93,
      beatsPerBar: 4,
      feel: 'straight',
      tonic: 9,
      mode: 'minor',
      timbre: 'A',
      seconds: 180,
      sampleRate: 44100,
      snrDb: 30,
    });
    const right = clip.samples.map((v, i) => v * 0.9 + (i % 7) * 1e-5);
    writeFileSync(file, encodeWav([clip.samples, right], { sampleRate: 44100, encoding: 'pcm16' }));
    // A fresh process, pinned to one core where taskset exists, so the figures are this analysis alone.
    const command = existsSync('/usr/bin/taskset') ? 'taskset' : process.execPath;
    const measure = (...extra: string[]): FileMeasure | undefined => {
      const args = [
        ...(command === 'taskset' ? ['-c', '0', process.execPath] : []),
        '--import',
        'tsx',
        join(__dirname, 'measureFile.ts'),
        file,
        ...extra,
      ];
      // As both profiles start the services (scripts/start.mjs): large freed buffers go back to the system.
      const result = spawnSync(command, args, {
        encoding: 'utf8',
        env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
      });
      if (result.status !== 0) {
        console.error(result.stderr);
        return undefined;
      }
      return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
    };
    return { inProcess: measure(), worker: measure('--worker') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const set = buildSet(options);
  let acc1 = 0;
  let acc2 = 0;
  let keyScore = 0;
  let meterHits = 0;
  const opening = { tonic: { n: 0, key: 0 }, other: { n: 0, key: 0 } };
  let analysisSeconds = 0;
  let audioSeconds = 0;
  let peakRss = 0;
  const perCategory = new Map<
    string,
    { n: number; acc1: number; acc2: number; key: number; meter: number }
  >();
  for (const [index, clip] of set.entries()) {
    const rendered = renderClip(clip.spec);
    const channels = clip.stereo
      ? [rendered.samples, rendered.samples.map((v) => v * 0.8)]
      : [rendered.samples];
    const bytes = encodeWav(channels, {
      sampleRate: rendered.sampleRate,
      encoding: clip.encoding,
      oddChunks: index % 5 === 0,
    });
    const started = performance.now();
    const dna = await analyzeBytes(bytes);
    analysisSeconds += (performance.now() - started) / 1000;
    audioSeconds += clip.spec.seconds;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const bpm = dna.bpm.value;
    const ref = clip.spec.bpm;
    const hit1 = within(bpm, ref);
    const hit2 = [1, 2, 0.5, 3, 1 / 3].some((factor) => within(bpm, ref * factor));
    const estimatedKey = parseKeyName(dna.keyPrediction.value)!;
    const key = mirexKeyScore({ pitchClass: clip.spec.tonic, mode: clip.spec.mode }, estimatedKey);
    const meter = dna.timeSignature === (clip.spec.beatsPerBar === 3 ? '3/4' : '4/4');
    acc1 += hit1 ? 1 : 0;
    acc2 += hit2 ? 1 : 0;
    keyScore += key;
    const opened = clip.spec.openingOffset ? opening.other : opening.tonic;
    opened.n++;
    opened.key += key;
    meterHits += meter ? 1 : 0;
    const stats = perCategory.get(clip.category) ?? { n: 0, acc1: 0, acc2: 0, key: 0, meter: 0 };
    stats.n++;
    stats.acc1 += hit1 ? 1 : 0;
    stats.acc2 += hit2 ? 1 : 0;
    stats.key += key;
    stats.meter += meter ? 1 : 0;
    perCategory.set(clip.category, stats);
    if (options.verbose && (!hit1 || key < 1 || !meter)) {
      const refKey = `${PITCH_NAMES[clip.spec.tonic]} ${clip.spec.mode}`;
      console.log(
        `#${index} ${clip.category}/${clip.spec.timbre} ref ${ref} → ${bpm}${hit1 ? '' : ' ✗'} | key ${refKey} → ${dna.keyPrediction.value} (${key}) | ${clip.spec.beatsPerBar}/4 → ${dna.timeSignature}${meter ? '' : ' ✗'} snr=${clip.spec.snrDb?.toFixed(0) ?? '∞'}`,
      );
    }
  }
  const n = set.length;
  console.log(
    `DNA bench: ${n} clips × ${options.seconds} s, seed ${options.seed}, timbre sets ${options.timbres.join('')}`,
  );
  console.log('category      n   acc1  acc2  key   meter');
  for (const [category, s] of [...perCategory.entries()].sort()) {
    const f = (x: number) => (x / s.n).toFixed(2).padStart(5);
    console.log(
      `${category.padEnd(12)} ${String(s.n).padStart(3)} ${f(s.acc1)} ${f(s.acc2)} ${f(s.key)} ${f(s.meter)}`,
    );
  }
  const keyOf = (o: { n: number; key: number }) => (o.n ? (o.key / o.n).toFixed(3) : 'NA');
  console.log(
    `key MIREX by opening chord: tonic ${keyOf(opening.tonic)} (${opening.tonic.n}), other ${keyOf(opening.other)} (${opening.other.n})`,
  );
  const voice = await runVoiceSet(options);
  const genre = await runGenreSet(options);
  const secondsPerMinute = (analysisSeconds / audioSeconds) * 60;
  console.log(
    `tempo Acc1 ${(acc1 / n).toFixed(3)}, Acc2 ${(acc2 / n).toFixed(3)}; key MIREX ${(keyScore / n).toFixed(3)}; time signature ${(meterHits / n).toFixed(3)}`,
  );
  console.log(
    `speed ${secondsPerMinute.toFixed(3)} s per minute of audio (in-process, warm); peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB (whole bench process)`,
  );
  const measured = options.threeMinute ? measureThreeMinute() : undefined;
  const three = measured?.inProcess;
  const pooled = measured?.worker;
  if (three)
    console.log(
      `3-minute 44.1 kHz stereo 16-bit WAV in-process: ${three.seconds.toFixed(3)} s cold (${three.cpuSeconds.toFixed(3)} s CPU), ${three.warmSeconds.toFixed(3)} s warm (${three.warmCpuSeconds.toFixed(3)} s CPU), peak RSS ${three.maxRssMb.toFixed(0)} MB (fresh process, one core)`,
    );
  if (pooled)
    console.log(
      `3-minute WAV through analyze() (worker pool): ${pooled.seconds.toFixed(3)} s first request (${pooled.cpuSeconds.toFixed(3)} s CPU; worker start and model loads included), ${pooled.warmSeconds.toFixed(3)} s next requests (${pooled.warmCpuSeconds.toFixed(3)} s CPU), peak RSS ${pooled.maxRssMb.toFixed(0)} MB (fresh process, one core, load average ${loadavg()[0]!.toFixed(1)})`,
    );
  const pairs: [string, string | number][] = [
    ['clips', n],
    ['seed', options.seed],
    ['timbres', options.timbres.join('')],
    ['tempo_acc1', (acc1 / n).toFixed(3)],
    ['tempo_acc2', (acc2 / n).toFixed(3)],
    ['key_mirex', (keyScore / n).toFixed(3)],
    ['key_mirex_tonic_open', keyOf(opening.tonic)],
    ['key_mirex_other_open', keyOf(opening.other)],
    ['timesig_acc', (meterHits / n).toFixed(3)],
    ['voice_acc', voice ? voice.accuracy.toFixed(3) : 'NA'],
    ['genre_top1', genre ? genre.top1.toFixed(3) : 'NA'],
    ['genre_top3', genre ? genre.top3.toFixed(3) : 'NA'],
    ['sec_per_min', secondsPerMinute.toFixed(3)],
    ['peak_rss_mb', (peakRss / 2 ** 20).toFixed(0)],
  ];
  if (three)
    pairs.push(
      ['three_min_sec', three.seconds.toFixed(3)],
      ['three_min_cpu_sec', three.cpuSeconds.toFixed(3)],
      ['three_min_warm_sec', three.warmSeconds.toFixed(3)],
      ['three_min_warm_cpu_sec', three.warmCpuSeconds.toFixed(3)],
      ['three_min_peak_rss_mb', three.maxRssMb.toFixed(0)],
    );
  if (pooled)
    pairs.push(
      ['three_min_worker_first_sec', pooled.seconds.toFixed(3)],
      ['three_min_worker_first_cpu_sec', pooled.cpuSeconds.toFixed(3)],
      ['three_min_worker_warm_sec', pooled.warmSeconds.toFixed(3)],
      ['three_min_worker_warm_cpu_sec', pooled.warmCpuSeconds.toFixed(3)],
      ['three_min_worker_peak_rss_mb', pooled.maxRssMb.toFixed(0)],
    );
  if (measured) pairs.push(['load_avg', loadavg()[0]!.toFixed(2)]);
  console.log(pairs.map(([k, v]) => `${k}=${v}`).join(' '));
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
