// The stolen-beat guard's fingerprint (packages/audio) on what a copier would upload: the beat's MP3
// (as sold or previewed) re-encoded and trimmed. The catalog's own LAME encoder makes the MP3s.
import { compareFingerprints, fingerprint } from '@beatmatch/audio';
import { encodeWav, renderClip, type ClipSpec } from '@beatmatch/audio/testing';
import { encodeMp3 } from '../upload/mp3';

const RATE = 22050;
const spec: ClipSpec = {
  seed: 77,
  bpm: 96,
  beatsPerBar: 4,
  feel: 'swing',
  tonic: 4,
  mode: 'minor',
  timbre: 'C',
  seconds: 30,
  sampleRate: RATE,
};

it('matches a beat re-encoded to MP3 at 128 and 320 kbps, quieter and trimmed; not another beat as MP3', async () => {
  const { samples } = renderClip(spec);
  const bar = (4 * 60) / spec.bpm;
  const original = await fingerprint(encodeWav([samples], { sampleRate: RATE }), { filename: 'a.wav' });
  const trimmed = samples.slice(Math.round(2.5 * RATE)).map((x) => x * 0.6);
  for (const kbps of [128, 320]) {
    const mp3 = encodeMp3([trimmed], RATE, kbps);
    const comparison = compareFingerprints(await fingerprint(mp3, { filename: 'b.mp3' }), original);
    expect({ kbps, match: comparison.match }).toEqual({ kbps, match: true });
    // Aligned at the trim or at a repeat of the loop (the synthesised drums repeat every 2.5-s bar).
    const bars = (comparison.offsetSeconds - 2.5) / bar;
    expect(Math.abs(bars - Math.round(bars)) * bar).toBeLessThan(0.1);
  }
  const other = renderClip({ ...spec, seed: 78 }).samples;
  const otherMp3 = await fingerprint(encodeMp3([other], RATE, 320), { filename: 'c.mp3' });
  expect(compareFingerprints(otherMp3, original).match).toBe(false);
}, 60_000);
