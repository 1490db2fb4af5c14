// The stolen-beat fingerprint through the worker API (the catalog's entry point; the DSP runs far faster
// there than inside jest's module sandbox): the same audio level-changed, trimmed, resampled or with a
// little noise matches at the right offset; other beats, even of the same style, do not.
import { compareFingerprints, fingerprint, FINGERPRINT_MATCH, type Fingerprint } from './index';
import { createRandom, renderClip, type ClipSpec } from './testing/synth';
import { encodeWav } from './testing/wavEncoder';

const RATE = 22050;
const spec: ClipSpec = {
  seed: 41,
  bpm: 124,
  beatsPerBar: 4,
  feel: 'straight',
  tonic: 9,
  mode: 'minor',
  timbre: 'B',
  seconds: 30,
  sampleRate: RATE,
};
const wav = (channels: Float32Array[], sampleRate = RATE) => encodeWav(channels, { sampleRate });
const print = (bytes: Uint8Array) => fingerprint(bytes, { filename: 'beat.wav' });

let original: Float32Array;
let reference: Fingerprint;

beforeAll(async () => {
  original = renderClip(spec).samples;
  reference = await print(wav([original]));
}, 60_000);

it('is a compact list of landmark hashes with times (about 50 a second)', () => {
  expect(reference.hashes.length).toBe(reference.times.length);
  expect(reference.hashes.length / reference.seconds).toBeGreaterThan(20);
  expect(reference.hashes.length / reference.seconds).toBeLessThan(80);
  expect(Math.max(...reference.hashes)).toBeLessThan(2 ** 23);
  expect(reference.seconds).toBeCloseTo(30, 0);
});

it('matches the same audio at another level (its hashes barely change)', async () => {
  const quieter = await print(wav([original.map((x) => x * 0.25)]));
  const comparison = compareFingerprints(quieter, reference);
  expect(comparison.match).toBe(true);
  expect(comparison.share).toBeGreaterThan(0.9);
  expect(comparison.offsetSeconds).toBe(0);
});

it('matches the same audio trimmed at both ends, at the offset of the trim', async () => {
  const start = Math.round(RATE * 1.37);
  const trimmed = await print(wav([original.slice(start, original.length - 2 * RATE)]));
  const comparison = compareFingerprints(trimmed, reference);
  expect(comparison.match).toBe(true);
  expect(comparison.share).toBeGreaterThan(2 * FINGERPRINT_MATCH.minShare);
  expect(Math.abs(comparison.offsetSeconds - 1.37)).toBeLessThan(0.05);
});

it('matches the same audio as a louder stereo file at another sample rate with a little noise', async () => {
  // 2:1 decimation of the mono original, as two slightly different channels, plus noise 40 dB down.
  const random = createRandom(3);
  const half = new Float32Array(Math.floor(original.length / 2));
  for (let i = 0; i < half.length; i++) half[i] = (original[2 * i]! + original[2 * i + 1]!) / 2;
  const left = half.map((x) => Math.max(-1, Math.min(1, x * 1.05 + (random() * 2 - 1) * 0.01)));
  const right = half.map((x) => Math.max(-1, Math.min(1, x * 0.95 + (random() * 2 - 1) * 0.01)));
  const comparison = compareFingerprints(await print(wav([left, right], RATE / 2)), reference);
  expect(comparison.match).toBe(true);
  expect(Math.abs(comparison.offsetSeconds)).toBeLessThan(0.05);
});

it('does not match other beats: another seed of the same style, another key, another tempo and kit', async () => {
  const others: Array<Partial<ClipSpec>> = [
    { seed: 42 }, // same tempo, key, metre and instruments: only the synthesiser's draws differ
    { seed: 43, tonic: 2, mode: 'major' },
    { seed: 44, bpm: 92, timbre: 'A', feel: 'swing' },
    { seed: 45, bpm: 140, timbre: 'E', feel: 'halfTime', hatsPerBeat: 4 },
  ];
  for (const other of others) {
    const comparison = compareFingerprints(
      await print(wav([renderClip({ ...spec, ...other }).samples])),
      reference,
    );
    expect({ other, match: comparison.match }).toEqual({ other, match: false });
    expect(comparison.share).toBeLessThan(FINGERPRINT_MATCH.minShare / 2);
  }
}, 60_000);

it('matches a beat cut out of a longer one (the shorter one counts)', async () => {
  const excerpt = await print(wav([original.slice(8 * RATE, 20 * RATE)]));
  const comparison = compareFingerprints(excerpt, reference);
  expect(comparison.match).toBe(true);
  // The synthesised beat repeats its 4-bar progression (7.74 s at 124 BPM): any repeat of it aligns.
  const loop = (4 * 4 * 60) / spec.bpm;
  const loops = (comparison.offsetSeconds - 8) / loop;
  expect(Math.abs(loops - Math.round(loops)) * loop).toBeLessThan(0.05);
});
