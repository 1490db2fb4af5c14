// The key must not lean on the opening chord (issue 13): loops that open on another chord than the
// tonic still come out in their key.
import { analyzeBytes } from '../analyzeBytes';
import { renderClip, type ClipSpec } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';

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
