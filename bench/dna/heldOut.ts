// Held-out parts of the DNA bench (issue 11): a voice set (espeak-ng lines mixed over beats at several
// levels vs. instrumentals, some with a lead synth louder than the beat) and a genre-labelled style set
// (house, trap, boom-bap, reggaeton, one-drop reggae, ambient, jazz-swing, classical). Both are drawn
// from the bench seed; neither was used to set the engine's weights.
import { analyzeBytes } from '../../packages/audio/src/analyzeBytes';
import { GENRES, type Genre } from '../../packages/audio/src/dna';
import { createRandom, renderClip, TIMBRE_SETS, type ClipSpec } from '../../packages/audio/src/testing/synth';
import { espeakAvailable, mixOver, renderLead, renderVocal } from '../../packages/audio/src/testing/vocals';
import { encodeWav } from '../../packages/audio/src/testing/wavEncoder';

interface SetOptions {
  seed: number;
  seconds: number;
  voiceClips: number;
  genreClips: number;
  verbose: boolean;
}

const VOCAL_LEVELS_DB = [-12, -6, 0, 3];
const LEAD_LEVELS_DB = [undefined, 0, 6];

export async function runVoiceSet(options: SetOptions): Promise<{ accuracy: number; n: number } | undefined> {
  if (options.voiceClips <= 0) return undefined;
  if (!espeakAvailable()) {
    console.log('voice set skipped: espeak-ng is not installed (bash bench/dna/install-tools.sh)');
    return undefined;
  }
  const random = createRandom(options.seed * 31337 + 5);
  const rows = new Map<string, { n: number; hits: number }>();
  let hits = 0;
  for (let i = 0; i < options.voiceClips; i++) {
    const vocal = i % 2 === 0;
    const spec: ClipSpec = {
      seed: Math.floor(random() * 2 ** 31),
      bpm: 70 + random() * 90,
      beatsPerBar: 4,
      feel: (['straight', 'swing', 'halfTime', 'triplet'] as const)[Math.floor(random() * 4)]!,
      tonic: Math.floor(random() * 12),
      mode: random() < 0.5 ? 'major' : 'minor',
      timbre: TIMBRE_SETS[i % TIMBRE_SETS.length]!,
      seconds: options.seconds,
      snrDb: random() < 0.5 ? undefined : 20 + random() * 15,
    };
    const beat = renderClip(spec);
    let mixed: Float32Array;
    let row: string;
    if (vocal) {
      const level = VOCAL_LEVELS_DB[Math.floor(i / 2) % VOCAL_LEVELS_DB.length]!;
      mixed = mixOver(beat.samples, renderVocal(i, spec.seconds, beat.sampleRate), level);
      row = `vocal ${level} dB`;
    } else {
      const level = LEAD_LEVELS_DB[Math.floor(i / 2) % LEAD_LEVELS_DB.length];
      mixed =
        level === undefined
          ? beat.samples
          : mixOver(
              beat.samples,
              renderLead(spec.seed, spec.seconds, beat.sampleRate, spec.tonic, spec.bpm),
              level,
            );
      row = level === undefined ? 'instrumental' : `lead synth ${level} dB`;
    }
    const dna = await analyzeBytes(encodeWav([mixed], { sampleRate: beat.sampleRate, encoding: 'pcm16' }));
    const hit = (dna.voiceTags[0]?.tag === 'vocals') === vocal;
    hits += hit ? 1 : 0;
    const stats = rows.get(row) ?? { n: 0, hits: 0 };
    stats.n++;
    stats.hits += hit ? 1 : 0;
    rows.set(row, stats);
    if (options.verbose && !hit)
      console.log(`voice #${i} ${row}/${spec.timbre} → ${JSON.stringify(dna.voiceTags)} ✗`);
  }
  console.log('voice set       n   acc');
  for (const [row, s] of [...rows.entries()].sort())
    console.log(`${row.padEnd(14)} ${String(s.n).padStart(3)} ${(s.hits / s.n).toFixed(2).padStart(5)}`);
  const accuracy = hits / options.voiceClips;
  console.log(`voice presence accuracy ${accuracy.toFixed(3)} (${options.voiceClips} clips)`);
  return { accuracy, n: options.voiceClips };
}

export interface Style {
  name: string;
  genre: Genre;
  spec: (random: () => number) => Partial<ClipSpec>;
}

const STYLES: Style[] = [
  { name: 'house', genre: 'electronicDance', spec: (r) => ({ bpm: 120 + r() * 8, pattern: 'fourOnFloor' }) },
  {
    name: 'trap',
    genre: 'rapHipHop',
    spec: (r) => ({ bpm: 130 + r() * 20, feel: 'halfTime', hatsPerBeat: 4 }),
  },
  { name: 'boom-bap', genre: 'rapHipHop', spec: (r) => ({ bpm: 84 + r() * 12, feel: 'swing' }) },
  { name: 'reggaeton', genre: 'latin', spec: (r) => ({ bpm: 88 + r() * 12, pattern: 'dembow' }) },
  { name: 'one-drop', genre: 'reggae', spec: (r) => ({ bpm: 66 + r() * 14, pattern: 'oneDrop' }) },
  { name: 'ambient', genre: 'ambient', spec: (r) => ({ bpm: 60 + r() * 20, drums: false, peakDb: -14 }) },
  { name: 'jazz swing', genre: 'jazz', spec: (r) => ({ bpm: 130 + r() * 50, feel: 'triplet' }) },
  {
    name: 'classical',
    genre: 'classical',
    spec: (r) => ({ bpm: 70 + r() * 40, beatsPerBar: 3, drums: false, timbre: 'C', peakDb: -12 }),
  },
];

/** The genre-labelled clips of a seed: a deterministic function of (seed, count, seconds). */
export function genreSet(
  options: Pick<SetOptions, 'seed' | 'genreClips' | 'seconds'>,
): { style: Style; spec: ClipSpec }[] {
  const random = createRandom(options.seed * 65537 + 11);
  const out: { style: Style; spec: ClipSpec }[] = [];
  for (let i = 0; i < options.genreClips; i++) {
    const style = STYLES[i % STYLES.length]!;
    const spec: ClipSpec = {
      seed: Math.floor(random() * 2 ** 31),
      bpm: 100,
      beatsPerBar: 4,
      feel: 'straight',
      tonic: Math.floor(random() * 12),
      mode: random() < 0.5 ? 'major' : 'minor',
      timbre: TIMBRE_SETS[Math.floor(random() * TIMBRE_SETS.length)]!,
      seconds: options.seconds,
      ...style.spec(random),
    };
    out.push({ style, spec });
  }
  return out;
}

export async function runGenreSet(
  options: SetOptions,
): Promise<{ top1: number; top3: number; n: number } | undefined> {
  if (options.genreClips <= 0) return undefined;
  const rows = new Map<string, { n: number; top1: number; top3: number }>();
  let top1 = 0;
  let top3 = 0;
  const clips = genreSet(options);
  for (let i = 0; i < clips.length; i++) {
    const { style, spec } = clips[i]!;
    const clip = renderClip(spec);
    const dna = await analyzeBytes(
      encodeWav([clip.samples], { sampleRate: clip.sampleRate, encoding: 'pcm16' }),
    );
    const ranked = [...dna.genreTags].sort((a, b) => b.score - a.score).map((t) => t.tag);
    const hit1 = ranked[0] === style.genre;
    const hit3 = ranked.slice(0, 3).includes(style.genre);
    top1 += hit1 ? 1 : 0;
    top3 += hit3 ? 1 : 0;
    const stats = rows.get(style.name) ?? { n: 0, top1: 0, top3: 0 };
    stats.n++;
    stats.top1 += hit1 ? 1 : 0;
    stats.top3 += hit3 ? 1 : 0;
    rows.set(style.name, stats);
    if (options.verbose && !hit3)
      console.log(`genre #${i} ${style.name} (${style.genre}) → ${ranked.slice(0, 3).join(', ')} ✗`);
  }
  console.log('genre style     n   top1  top3');
  for (const [row, s] of rows.entries())
    console.log(
      `${row.padEnd(14)} ${String(s.n).padStart(3)} ${(s.top1 / s.n).toFixed(2).padStart(5)} ${(s.top3 / s.n).toFixed(2).padStart(5)}`,
    );
  const n = options.genreClips;
  console.log(
    `genre top-1 ${(top1 / n).toFixed(3)}, top-3 ${(top3 / n).toFixed(3)} (${n} clips, ${GENRES.length} genres)`,
  );
  return { top1: top1 / n, top3: top3 / n, n };
}
