// Writes src/testing/fixtures/musicnn-reference.json: musicnn's own TensorFlow outputs for two clips the
// project's synthesiser renders at 16 kHz (see musicnn_reference.py for the throwaway environment).
// Usage: npx tsx packages/audio/src/models/reference/makeFixture.ts <python with tensorflow and musicnn>
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { patchStarts } from '../../features/tagger';
import { MUSICNN_HOP, MUSICNN_RATE } from '../musicnn';
import { renderClip, type ClipSpec } from '../../testing/synth';

export const FIXTURE_CLIPS: { name: string; spec: ClipSpec }[] = [
  {
    name: 'half-time 808 beat, 140 BPM',
    spec: {
      seed: 7,
      bpm: 140,
      beatsPerBar: 4,
      feel: 'halfTime',
      hatsPerBeat: 4,
      tonic: 5,
      mode: 'minor',
      timbre: 'A',
      seconds: 12,
      sampleRate: MUSICNN_RATE,
    },
  },
  {
    name: 'drumless 3/4 piano chords',
    spec: {
      seed: 8,
      bpm: 90,
      beatsPerBar: 3,
      feel: 'straight',
      tonic: 0,
      mode: 'major',
      timbre: 'C',
      seconds: 12,
      drums: false,
      peakDb: -12,
      sampleRate: MUSICNN_RATE,
    },
  },
];
/** Log-mel frames kept for the front end's test: [first, count]. */
export const FIXTURE_MEL_FRAMES: [number, number] = [100, 4];

function main() {
  const python = process.argv[2];
  if (!python) throw new Error('usage: makeFixture.ts <python with tensorflow, tf_keras, librosa, musicnn>');
  const work = mkdtempSync(join(tmpdir(), 'musicnn-fixture-'));
  try {
    const clips = FIXTURE_CLIPS.map(({ spec }, i) => {
      const { samples } = renderClip(spec);
      const path = join(work, `clip${i}.f32`);
      writeFileSync(path, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
      return { path, starts: patchStarts(1 + Math.floor(samples.length / MUSICNN_HOP)) };
    });
    const run = spawnSync(python, [join(__dirname, 'musicnn_reference.py')], {
      input: JSON.stringify({ clips, melFrames: FIXTURE_MEL_FRAMES }),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(run.stderr);
    const results = JSON.parse(run.stdout) as { msd: number[]; mtt: number[]; logMel: number[] }[];
    const fixture = {
      about:
        "musicnn 0.1.0's own TensorFlow graph (MSD_musicnn, MTT_musicnn) on clips rendered at 16 kHz: mean tag probabilities over the patches the tagger hears, and log-mel frames; made by src/models/reference/makeFixture.ts",
      melFrames: FIXTURE_MEL_FRAMES,
      clips: FIXTURE_CLIPS.map((clip, i) => ({ ...clip, starts: clips[i]!.starts, ...results[i]! })),
    };
    const target = resolve(__dirname, '..', '..', 'testing', 'fixtures', 'musicnn-reference.json');
    writeFileSync(target, `${JSON.stringify(fixture)}\n`);
    console.log(`wrote ${target}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) main();
