// Known signals through the worker API (the real entry point; also ~5x faster than running the DSP
// inside jest's module sandbox): tempo, key, meter, decoding variants, bad inputs.
import {
  analyze,
  DnaError,
  EMBEDDING_DIMENSIONS,
  GENRES,
  KEY_NAMES,
  MAX_ANALYSED_SECONDS,
  type Dna,
} from './index';
import { createRandom, renderClickTrack, renderClip, type ClipSpec } from './testing/synth';
import { encodeWav } from './testing/wavEncoder';
import { decodeWav } from './decode/wav';
import { ANALYSIS_RATE } from './decode/downsampler';

// Signals are rendered at 22.05 kHz: the synthesiser runs slowly inside jest, the engine does not care.
const RATE = 22050;
const wav = (samples: Float32Array, sampleRate = RATE, encoding: 'pcm16' | 'pcm24' | 'float32' = 'pcm16') =>
  encodeWav([samples], { sampleRate, encoding });

const clip = (spec: Partial<ClipSpec>) =>
  renderClip({
    seed: 7,
    bpm: 100,
    beatsPerBar: 4,
    feel: 'straight',
    tonic: 0,
    mode: 'major',
    timbre: 'A',
    seconds: 12,
    sampleRate: RATE,
    ...spec,
  });

async function rejection(promise: Promise<unknown>): Promise<DnaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DnaError) return error;
    throw error;
  }
  throw new Error('expected a DnaError');
}

describe('DNA on known signals', () => {
  it('finds 120 BPM in a 120 BPM click track (± 1)', async () => {
    const dna = await analyze(wav(renderClickTrack(120, 12, RATE).samples));
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    expect(dna.bpmRangeAdjusted).toBeCloseTo(dna.bpm.value, 1);
    // The beat grid follows the clicks: spacing 0.5 s.
    const gaps = dna.beatGrid.beats.slice(1).map((t, i) => t - dna.beatGrid.beats[i]!);
    expect(Math.abs(gaps.reduce((a, b) => a + b, 0) / gaps.length - 0.5)).toBeLessThan(0.01);
  });

  it('finds 87 BPM (not 120) in a click track at 87 BPM', async () => {
    const dna = await analyze(wav(renderClickTrack(87, 14, RATE).samples));
    expect(Math.abs(dna.bpm.value - 87)).toBeLessThanOrEqual(1);
  });

  it('names an A-minor progression (Am Dm E Am) A minor', async () => {
    const dna = await analyze(
      wav(clip({ tonic: 9, mode: 'minor', progression: 1, drums: false, timbre: 'C' }).samples),
    );
    expect(dna.keyPrediction.value).toBe('A minor');
    expect(dna.keyPrediction.mode).toBe('minor');
  });

  it('still names it A minor when the recording is tuned to A = 432 Hz', async () => {
    const dna = await analyze(
      wav(
        clip({ tonic: 9, mode: 'minor', progression: 1, drums: false, timbre: 'A', tuningHz: 432 }).samples,
      ),
    );
    expect(dna.keyPrediction.value).toBe('A minor');
  });

  it('names an Eb-major beat Eb major', async () => {
    const dna = await analyze(wav(clip({ tonic: 3, mode: 'major', timbre: 'B', bpm: 92 }).samples));
    expect(dna.keyPrediction.value).toBe('Eb major');
  });

  it('hears a waltz pattern as 3/4 and a backbeat as 4/4', async () => {
    const waltz = await analyze(wav(clip({ beatsPerBar: 3, bpm: 120, seconds: 14 }).samples));
    expect(waltz.timeSignature).toBe('3/4');
    expect(Math.abs(waltz.bpm.value - 120)).toBeLessThanOrEqual(1.5);
    const backbeat = await analyze(wav(clip({ beatsPerBar: 4, bpm: 120, seconds: 14 }).samples));
    expect(backbeat.timeSignature).toBe('4/4');
  });

  it('keeps the notated tempo of a half-time trap pattern', async () => {
    const dna = await analyze(
      wav(clip({ feel: 'halfTime', bpm: 140, timbre: 'A', tonic: 5, mode: 'minor' }).samples),
    );
    expect(Math.abs(dna.bpm.value - 140)).toBeLessThanOrEqual(2);
  });

  it('fills every View DNA field with the spec vocabularies and a unit-length embedding', async () => {
    const dna: Dna = await analyze(wav(clip({ tonic: 7, mode: 'major', timbre: 'D' }).samples));
    for (const field of [
      'genreTags',
      'subgenreTags',
      'moodTags',
      'moodAdvancedTags',
      'emotionalDynamics',
      'movementTags',
      'energyDynamics',
      'musicalEraTag',
      'instrumentTags',
      'characterTags',
      'classicalEpochTags',
      'voiceTags',
    ] as const) {
      expect(Array.isArray(dna[field])).toBe(true);
      for (const tag of dna[field]) expect(tag.score).toBeGreaterThanOrEqual(0);
    }
    expect(dna.genreTags.length).toBeGreaterThan(0);
    for (const { tag } of dna.genreTags) expect(GENRES).toContain(tag);
    expect(KEY_NAMES).toContain(dna.keyPrediction.value);
    expect(dna.transformerCaption).toMatch(/^An? .+ beat in [A-G][#b]? (major|minor) at \d+ BPM[,.].*\.$/);
    for (const value of [dna.valence, dna.arousal, dna.energyLevel]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(dna.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...dna.embedding)).toBeCloseTo(1, 3);
    expect(dna.loudness.integratedLufs).toBeLessThan(0);
  });

  it('puts similar beats closer in embedding space than different ones', async () => {
    const a = await analyze(wav(clip({ seed: 1, bpm: 90, timbre: 'A', tonic: 9, mode: 'minor' }).samples));
    const b = await analyze(wav(clip({ seed: 2, bpm: 91, timbre: 'A', tonic: 9, mode: 'minor' }).samples));
    const c = await analyze(
      wav(clip({ seed: 3, bpm: 150, timbre: 'D', tonic: 2, mode: 'major', feel: 'triplet' }).samples),
    );
    const cosine = (x: number[], y: number[]) => x.reduce((acc, v, i) => acc + v * y[i]!, 0);
    expect(cosine(a.embedding, b.embedding)).toBeGreaterThan(cosine(a.embedding, c.embedding));
  });
});

describe('decoding variants give the same analysis', () => {
  const source = clip({ bpm: 96, tonic: 2, mode: 'minor', timbre: 'B', seconds: 8, sampleRate: 48000 });

  it.each([
    ['16-bit mono 48 kHz', () => encodeWav([source.samples], { sampleRate: 48000, encoding: 'pcm16' })],
    [
      '24-bit stereo 48 kHz',
      () => encodeWav([source.samples, source.samples], { sampleRate: 48000, encoding: 'pcm24' }),
    ],
    [
      'float stereo, odd chunk first',
      () =>
        encodeWav([source.samples, source.samples.map((v) => -v * 0.5)], {
          sampleRate: 48000,
          encoding: 'float32',
          oddChunks: true,
        }),
    ],
  ])('%s', async (_, bytes) => {
    const dna = await analyze(bytes());
    expect(Math.abs(dna.bpm.value - 96)).toBeLessThanOrEqual(1.5);
    expect(dna.keyPrediction.value).toBe('D minor');
    expect(dna.source.sampleRate).toBe(48000);
  });
});

describe('bad input gives a clear error or a low-confidence result', () => {
  it('silence → SILENT', async () => {
    expect((await rejection(analyze(wav(new Float32Array(RATE * 5))))).code).toBe('SILENT');
  });

  it('0.5 s → TOO_SHORT', async () => {
    expect(await rejection(analyze(wav(renderClickTrack(120, 0.5, RATE).samples)))).toMatchObject({
      code: 'TOO_SHORT',
    });
  });

  it('white noise → a result flagged low-confidence', async () => {
    const random = createRandom(42);
    const noise = new Float32Array(RATE * 10).map(() => (random() * 2 - 1) * 0.5);
    const dna = await analyze(wav(noise));
    expect(dna.confidence).toBeLessThan(0.25);
    expect(dna.keyPrediction.confidence).toBeLessThan(0.2);
    expect(dna.warnings.join(' ')).toMatch(/Low confidence/);
  });

  it('a truncated WAV → the present part is analysed, with a warning', async () => {
    const bytes = wav(renderClickTrack(120, 12, RATE).samples);
    const dna = await analyze(bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(dna.warnings.join(' ')).toMatch(/truncated/);
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
  });

  it('a WAV cut inside its header → CORRUPT or TOO_SHORT, and a header without samples → TOO_SHORT', async () => {
    const bytes = wav(renderClickTrack(120, 4, RATE).samples);
    expect(['CORRUPT', 'TOO_SHORT']).toContain((await rejection(analyze(bytes.subarray(0, 30)))).code);
    expect((await rejection(analyze(bytes.subarray(0, 44)))).code).toBe('TOO_SHORT');
  });

  it('a file that is not audio → UNSUPPORTED_FORMAT', async () => {
    const text = new TextEncoder().encode('{"this": "is not audio"}'.repeat(1000));
    expect((await rejection(analyze(text))).code).toBe('UNSUPPORTED_FORMAT');
    expect((await rejection(analyze(new Uint8Array(0)))).code).toBe('UNSUPPORTED_FORMAT');
  });

  it('a 60-minute file → only the first MAX_ANALYSED_SECONDS are analysed, in bounded time', async () => {
    // 16-bit mono at 8 kHz, built by repeating one 0.5 s click period: 58 MB of WAV in milliseconds.
    const rate = 8000;
    const period = encodeWav([renderClickTrack(120, 0.5, rate).samples], { sampleRate: rate });
    const periodData = period.subarray(44);
    const periods = 3600 * 2;
    const bytes = new Uint8Array(44 + periodData.length * periods);
    bytes.set(period.subarray(0, 44));
    const view = new DataView(bytes.buffer);
    view.setUint32(4, bytes.length - 8, true);
    view.setUint32(40, periodData.length * periods, true);
    for (let i = 0; i < periods; i++) bytes.set(periodData, 44 + i * periodData.length);
    const started = Date.now();
    const dna = await analyze(bytes);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(dna.source.durationSeconds).toBeCloseTo(3600, 0);
    expect(dna.source.analysedSeconds).toBeCloseTo(MAX_ANALYSED_SECONDS, 0);
    expect(dna.warnings.join(' ')).toMatch(/Only the first 360 s of 3600 s/);
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    // The in-process decoder, given every byte, also stops at its cap.
    const { signal, layout } = decodeWav(bytes, ANALYSIS_RATE * 30);
    expect(layout.framesInSource).toBe(3600 * rate);
    expect(signal.samples.length).toBe(ANALYSIS_RATE * 30);
  });
});
