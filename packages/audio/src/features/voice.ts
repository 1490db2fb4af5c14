// Voice presence from a learned voice-activity model (Silero VAD v5, ONNX, run by onnxruntime-node).
// The model hears a vocal-band copy of the mix (300–3400 Hz, 8 kHz), so kicks, sub-bass and hats barely
// reach it; it was trained on speech in many languages and noise, and a held-out bench (espeak-ng lines over
// beats, lead synths) measures how it does on a voice over a beat. To stay within the speed budget it
// listens to at most WINDOWS windows of WINDOW_SECONDS spread over the track. The session is created
// once per worker thread and reused.
import { ANALYSIS_RATE } from '../decode/downsampler';
import { ensureModelFile, SILERO_VAD } from '../models/modelFiles';
import { modelThread } from './modelThread';

const VAD_RATE = 8000;
const CHUNK = 256; // samples per call at 8 kHz (32 ms)
const CONTEXT = 32; // samples of the previous chunk the v5 model expects in front
export const WINDOWS = 8;
export const WINDOW_SECONDS = 3;

/** The VAD thread (started once per analysing thread, kept while requests are pending, unref'd between). */
const vad = modelThread<
  { modelPath: string; rate: number; chunk: number; context: number; windows: Float32Array[] },
  { probabilities: Float32Array[] }
>('vadWorker.cjs', 'Voice model', (reply) => !!reply.probabilities);

/** How many times this thread's voice model session was created (once, unless its helper thread died). */
export function voiceModelLoads(): number {
  return vad.loads();
}

async function runVad(windows: Float32Array[]): Promise<Float32Array[]> {
  const modelPath = ensureModelFile(SILERO_VAD);
  const { probabilities } = await vad.run({
    modelPath,
    rate: VAD_RATE,
    chunk: CHUNK,
    context: CONTEXT,
    windows,
  });
  return probabilities;
}

/** RBJ biquad, applied in place. */
function biquad(x: Float32Array, rate: number, hz: number, type: 'lowpass' | 'highpass'): void {
  const w = (2 * Math.PI * hz) / rate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b1 = (type === 'lowpass' ? 1 - cos : -(1 + cos)) / a0;
  const b0 = b1 / (type === 'lowpass' ? 2 : -2);
  const b2 = b0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i]!;
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
    x[i] = y0;
  }
}

/** The vocal band of one window, at 8 kHz, peak-normalised (the model is level-sensitive). */
function vocalBand(samples: Float32Array, start: number, length: number): Float32Array {
  const band = samples.slice(start, start + length);
  biquad(band, ANALYSIS_RATE, 300, 'highpass');
  biquad(band, ANALYSIS_RATE, 300, 'highpass');
  biquad(band, ANALYSIS_RATE, 3400, 'lowpass');
  const outLength = Math.floor((band.length * VAD_RATE) / ANALYSIS_RATE);
  const out = new Float32Array(outLength);
  let peak = 1e-9;
  for (let i = 0; i < outLength; i++) {
    const position = (i * ANALYSIS_RATE) / VAD_RATE;
    const j = Math.floor(position);
    const frac = position - j;
    const v = band[j]! * (1 - frac) + (band[Math.min(j + 1, band.length - 1)] ?? 0) * frac;
    out[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  const gain = 0.5 / peak;
  for (let i = 0; i < outLength; i++) out[i]! *= gain;
  return out;
}

export interface VoiceEstimate {
  /** Share of the listened frames the model calls voiced (0–1). */
  voicedShare: number;
  /** Mean of the windows' voiced shares, the loudest window first: a hook in one part of the track counts. */
  probability: number;
  windows: number;
}

/** Runs the VAD over up to WINDOWS windows of the mono analysis signal (at ANALYSIS_RATE). */
export async function estimateVoice(samples: Float32Array): Promise<VoiceEstimate> {
  const windowLength = Math.min(samples.length, WINDOW_SECONDS * ANALYSIS_RATE);
  const count = Math.max(1, Math.min(WINDOWS, Math.floor(samples.length / windowLength)));
  const stride = count > 1 ? (samples.length - windowLength) / (count - 1) : 0;
  const bands: Float32Array[] = [];
  for (let w = 0; w < count; w++) bands.push(vocalBand(samples, Math.round(w * stride), windowLength));
  const probabilities = await runVad(bands);
  const shares: number[] = [];
  let voiced = 0;
  let total = 0;
  for (const window of probabilities) {
    // The first chunks let the recurrent state settle.
    let windowVoiced = 0;
    for (let k = 4; k < window.length; k++) if (window[k]! > 0.5) windowVoiced++;
    const windowTotal = Math.max(0, window.length - 4);
    voiced += windowVoiced;
    total += windowTotal;
    shares.push(windowTotal ? windowVoiced / windowTotal : 0);
  }
  shares.sort((a, b) => b - a);
  const topHalf = shares.slice(0, Math.max(1, Math.ceil(shares.length / 2)));
  return {
    voicedShare: total ? voiced / total : 0,
    probability: topHalf.reduce((s, v) => s + v, 0) / topHalf.length,
    windows: count,
  };
}
