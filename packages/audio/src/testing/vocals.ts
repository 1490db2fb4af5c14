// Voice material for the DNA bench and tests: espeak-ng speech/chant lines (several voices, rates and
// pitches) mixed over synthesised beats at several levels, and instrumental decoys — a lead-synth melody
// with vibrato, which a voice detector must not call a voice. Needs espeak-ng on PATH
// (`bash bench/dna/install-tools.sh`); the unit tests use a line rendered once (fixtures/speech-line.wav).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav } from '../decode/wav';
import { ANALYSIS_RATE } from '../decode/downsampler';

const LINES = [
  'Yeah, we up all night, money on my mind, never looking back, I keep it on the grind',
  'Check it, one two, this is how we do it, every single day we keep on moving through it',
  'Baby I just want to hold you close tonight, under city lights, everything is right',
  'Running through the rain and I can feel the pain, but I rise again, nothing stays the same',
  'Hands up in the air, we do not really care, music everywhere, the feeling that we share',
  'Late night drive, windows down, the whole town sleeping while we ride around',
];
const VOICES = ['en-us', 'en-us+f3', 'en+m3', 'en-gb+f2', 'en-us+m7', 'en+f4'];

export function espeakAvailable(): boolean {
  return spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** A spoken/chanted line at `rate` Hz (mono), repeated to fill `seconds`. */
export function renderVocal(index: number, seconds: number, rate: number): Float32Array {
  const directory = mkdtempSync(join(tmpdir(), 'dna-voice-'));
  try {
    const file = join(directory, 'line.wav');
    const voice = VOICES[index % VOICES.length]!;
    const speed = String(140 + ((index * 37) % 80));
    const pitch = String(20 + ((index * 23) % 70));
    const result = spawnSync(
      'espeak-ng',
      ['-v', voice, '-s', speed, '-p', pitch, '-w', file, LINES[index % LINES.length]!],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`espeak-ng failed: ${result.stderr}`);
    return loopLine(readFileSync(file), seconds, rate);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A WAV line (any format decodeWav reads), resampled to `rate` and repeated with pauses to fill `seconds`. */
export function loopLine(wav: Uint8Array, seconds: number, rate: number): Float32Array {
  const bytes = new Uint8Array(wav);
  const { signal } = decodeWav(bytes, 1e9, bytes.length);
  const from = ANALYSIS_RATE;
  const line = signal.samples;
  const out = new Float32Array(Math.floor(seconds * rate));
  const gap = Math.floor(0.4 * rate);
  const lineLength = Math.floor((line.length * rate) / from);
  for (let start = Math.floor(0.5 * rate); start < out.length; start += lineLength + gap) {
    for (let i = 0; i < lineLength && start + i < out.length; i++) {
      const p = (i * from) / rate;
      const j = Math.floor(p);
      out[start + i] = (line[j] ?? 0) * (1 - (p - j)) + (line[j + 1] ?? 0) * (p - j);
    }
  }
  return out;
}

/** A lead-synth melody (detuned saw with vibrato, notes of the key), a decoy for the voice detector. */
export function renderLead(
  seed: number,
  seconds: number,
  rate: number,
  tonic: number,
  bpm: number,
): Float32Array {
  const out = new Float32Array(Math.floor(seconds * rate));
  const scale = [0, 2, 3, 5, 7, 8, 10, 12];
  const noteSeconds = 60 / bpm / 2;
  let phaseA = 0;
  let phaseB = 0;
  let x = seed >>> 0;
  const next = () => (x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  let hz = 440;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const n = Math.floor(t / noteSeconds);
    if (i === 0 || Math.floor((i - 1) / rate / noteSeconds) !== n) {
      const degree = scale[Math.floor(next() * scale.length)]!;
      hz = 440 * 2 ** ((tonic + degree - 9 + 12) / 12 - 1) * (next() < 0.3 ? 2 : 1);
    }
    const vibrato = 1 + 0.006 * Math.sin(2 * Math.PI * 5.5 * t);
    phaseA = (phaseA + (hz * vibrato) / rate) % 1;
    phaseB = (phaseB + (hz * 1.007 * vibrato) / rate) % 1;
    const inNote = (t % noteSeconds) / noteSeconds;
    const envelope = Math.min(1, inNote * 20) * (1 - 0.4 * inNote);
    out[i] = envelope * (phaseA * 2 - 1 + phaseB * 2 - 1) * 0.5;
  }
  return out;
}

const rms = (x: Float32Array) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / Math.max(1, x.length));
};

/** beat + part at `levelDb` (part RMS relative to beat RMS), then peak-normalised to the beat's peak. */
export function mixOver(beat: Float32Array, part: Float32Array, levelDb: number): Float32Array {
  const gain = (rms(beat) / Math.max(1e-9, rms(part))) * 10 ** (levelDb / 20);
  const out = new Float32Array(beat.length);
  let peakBeat = 0;
  let peak = 0;
  for (let i = 0; i < beat.length; i++) {
    out[i] = beat[i]! + gain * (part[i] ?? 0);
    peakBeat = Math.max(peakBeat, Math.abs(beat[i]!));
    peak = Math.max(peak, Math.abs(out[i]!));
  }
  const scale = peakBeat / Math.max(peak, 1e-9);
  for (let i = 0; i < out.length; i++) out[i]! *= scale;
  return out;
}
