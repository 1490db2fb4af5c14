// Voice presence from the VAD model, on a rendered beat alone, with a loud lead synth, and with a spoken
// line (espeak-ng, rendered once into fixtures/speech-line.wav) mixed in at two levels.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBytes } from '../analyzeBytes';
import { renderClip } from '../testing/synth';
import { loopLine, mixOver, renderLead } from '../testing/vocals';
import { encodeWav } from '../testing/wavEncoder';
import { decodeWav } from '../decode/wav';
import { estimateVoice } from './voice';

const SECONDS = 12;
const beat = renderClip({
  seed: 11,
  bpm: 94,
  beatsPerBar: 4,
  feel: 'straight',
  tonic: 2,
  mode: 'minor',
  timbre: 'B',
  seconds: SECONDS,
});
const rate = beat.sampleRate;
const speech = loopLine(readFileSync(join(__dirname, '../testing/fixtures/speech-line.wav')), SECONDS, rate);
const lead = renderLead(5, SECONDS, rate, 2, 94);
const wav = (x: Float32Array) => encodeWav([x], { sampleRate: rate, encoding: 'pcm16' });
const analysisSamples = (x: Float32Array) => {
  const bytes = wav(x);
  return decodeWav(bytes, 1e9, bytes.length).signal.samples;
};

describe('voice presence (Silero VAD over the vocal band)', () => {
  it('hears almost no voice in a beat, even with a lead synth louder than the beat', async () => {
    expect((await estimateVoice(analysisSamples(beat.samples))).probability).toBeLessThan(0.1);
    expect((await estimateVoice(analysisSamples(mixOver(beat.samples, lead, 3)))).probability).toBeLessThan(
      0.1,
    );
  });

  it('hears a spoken line over the beat at −6 dB and at 0 dB', async () => {
    expect(
      (await estimateVoice(analysisSamples(mixOver(beat.samples, speech, -6)))).probability,
    ).toBeGreaterThan(0.5);
    expect(
      (await estimateVoice(analysisSamples(mixOver(beat.samples, speech, 0)))).probability,
    ).toBeGreaterThan(0.6);
  });

  it('sets voiceTags through the pipeline: instrumental for the lead-synth beat, vocals with the line', async () => {
    const instrumental = await analyzeBytes(wav(mixOver(beat.samples, lead, 3)));
    expect(instrumental.voiceTags[0]).toEqual({ tag: 'instrumental', score: expect.any(Number) });
    expect(instrumental.voiceTags[0]!.score).toBeGreaterThan(0.7);
    const vocal = await analyzeBytes(wav(mixOver(beat.samples, speech, -6)));
    expect(vocal.voiceTags[0]!.tag).toBe('vocals');
    expect(vocal.voiceTags[0]!.score).toBeGreaterThan(0.6);
  });
});
