// The key must not lean on the opening chord (issue 13): loops that open on another chord than the
// tonic still come out in their key.
import { analyzeBytes } from '../analyzeBytes';
import { renderClip, type ClipSpec } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';
import { estimateKey, KEY_WEIGHTS } from './key';
import type { ChromaFrames } from './spectral';

const base: ClipSpec = {
  seed: 21,
  bpm: 96,
  beatsPerBar: 4,
  feel: 'straight',
  tonic: 2,
  mode: 'major',
  timbre: 'B',
  seconds: 12,
};

async function keyOf(spec: Partial<ClipSpec>): Promise<string> {
  const clip = renderClip({ ...base, ...spec });
  return (await analyzeBytes(encodeWav([clip.samples], { sampleRate: clip.sampleRate }))).keyPrediction.value;
}

describe('key with progressions that open off the tonic', () => {
  it('D major: I IV V I opened on IV, and on V', async () => {
    expect(await keyOf({ progression: 1, openingOffset: 1 })).toBe('D major');
    expect(await keyOf({ progression: 1, openingOffset: 2 })).toBe('D major');
  });

  it('A minor: i iv V i opened on iv, and on V (harmonic minor)', async () => {
    expect(await keyOf({ tonic: 9, mode: 'minor', progression: 1, openingOffset: 1, timbre: 'C' })).toBe(
      'A minor',
    );
    expect(await keyOf({ tonic: 9, mode: 'minor', progression: 1, openingOffset: 2, timbre: 'C' })).toBe(
      'A minor',
    );
  });
});

describe('chroma frames weighted by their tonal level', () => {
  // 10 loud frames of a C major triad over a C bass, then 30 frames at a tenth of that level holding an
  // F# major triad (a decaying tail, noise, a drum's tone): the loud frames name the key.
  const frames = 40;
  const chroma = new Float32Array(frames * 12);
  const bass = new Float32Array(frames * 12);
  const level = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const loud = f < 10;
    for (const pc of loud ? [0, 4, 7] : [6, 10, 1]) chroma[f * 12 + pc] = 1;
    bass[f * 12 + (loud ? 0 : 6)] = 1;
    level[f] = loud ? 1 : 0.1;
  }
  const input: ChromaFrames = { frames, chroma, bass, level, tuningSemitones: 0 };

  it('names the key of the loud frames', () => {
    expect(estimateKey(input).value).toBe('C major');
  });

  it('(every frame alike, as before, the quiet majority would win)', () => {
    expect(estimateKey(input, undefined, { ...KEY_WEIGHTS, levelWeighting: 0, levelGate: 0.05 }).value).toBe(
      'F# major',
    );
  });
});
