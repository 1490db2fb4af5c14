// The beat-level (octave) choice on rendered beats of the kinds the bench used to get wrong: fast
// straight-8th beats read at half tempo, slow 16th-hat beats read at double tempo, fast waltzes read at
// half tempo. Seeds and tempi here are not the bench's.
import { analyseRhythm, decode } from '../analyzeBytes';
import { renderClip, type ClipSpec } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';
import { chromaFrames, onsetFrames } from './spectral';

async function bpmOf(spec: Omit<ClipSpec, 'seconds'>): Promise<number> {
  const rendered = renderClip({ ...spec, seconds: 16 });
  const { signal } = await decode(encodeWav([rendered.samples], { sampleRate: rendered.sampleRate }), {});
  let sumSquares = 0;
  for (const v of signal.samples) sumSquares += v * v;
  const scale = 0.1 / Math.sqrt(sumSquares / signal.samples.length);
  return analyseRhythm(onsetFrames(signal.samples, signal.air, scale), chromaFrames(signal.samples, scale))
    .bpm;
}

const base = { beatsPerBar: 4, feel: 'straight', tonic: 4, mode: 'minor' } as const;

describe('tempo octave', () => {
  it.each([
    ['a fast straight-8th beat (808 kit)', { ...base, seed: 501, bpm: 168, timbre: 'A' }],
    ['a fast straight-8th beat (piano kit)', { ...base, seed: 502, bpm: 164, timbre: 'C' }],
    ['a slow 16th-hat beat', { ...base, seed: 503, bpm: 64, hatsPerBeat: 4, timbre: 'B' }],
    ['a slow 16th-hat beat (piano kit)', { ...base, seed: 504, bpm: 72, hatsPerBeat: 4, timbre: 'C' }],
    ['a fast waltz', { ...base, seed: 505, bpm: 162, beatsPerBar: 3, timbre: 'D' }],
    ['a fast waltz (e-piano kit)', { ...base, seed: 506, bpm: 170, beatsPerBar: 3, timbre: 'B' }],
  ] as const)('reads %s at its notated tempo', async (_, spec) => {
    const bpm = await bpmOf(spec as Omit<ClipSpec, 'seconds'>);
    expect(Math.abs(bpm / spec.bpm - 1)).toBeLessThanOrEqual(0.04);
  });
});
