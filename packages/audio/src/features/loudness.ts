// Loudness after ITU-R BS.1770 / EBU R128, approximated on the analysis signal (mono mix, 11025 Hz):
// K-weighting (high shelf + high-pass), 400 ms blocks with 75% overlap, absolute (-70 LUFS) and
// relative (-10 LU) gates; loudness range from 3 s short-term blocks (10th–95th percentile).
import type { Loudness } from '../dna';
import { ANALYSIS_RATE } from '../decode/downsampler';

function biquad(
  x: Float32Array,
  b0: number,
  b1: number,
  b2: number,
  a1: number,
  a2: number,
  into?: Float32Array,
): Float32Array {
  const y = into ?? new Float32Array(x.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const input = x[i]!;
    const v = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = input;
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

function kWeight(samples: Float32Array, rate: number): Float32Array {
  // Pre-filter (high shelf +4 dB at ~1.7 kHz) and RLB high-pass (~38 Hz), designed for `rate`.
  const f0 = 1681.974450955533,
    gainDb = 3.999843853973347,
    q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / q + k * k;
  const shelf = biquad(
    samples,
    (vh + (vb * k) / q + k * k) / a0,
    (2 * (k * k - vh)) / a0,
    (vh - (vb * k) / q + k * k) / a0,
    (2 * (k * k - 1)) / a0,
    (1 - k / q + k * k) / a0,
  );
  const f1 = 38.13547087602444,
    q1 = 0.5003270373238773;
  const k1 = Math.tan((Math.PI * f1) / rate);
  const a01 = 1 + k1 / q1 + k1 * k1;
  return biquad(
    shelf,
    1 / a01,
    -2 / a01,
    1 / a01,
    (2 * (k1 * k1 - 1)) / a01,
    (1 - k1 / q1 + k1 * k1) / a01,
    shelf,
  );
}

const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(Math.max(meanSquare, 1e-12));

export function measureLoudness(samples: Float32Array, peak: number): Loudness {
  const rate = ANALYSIS_RATE;
  const weighted = kWeight(samples, rate);
  // Running sum of squares, one pass, shared by both block sizes.
  const squares = new Float64Array(weighted.length + 1);
  for (let i = 0; i < weighted.length; i++) squares[i + 1] = squares[i]! + weighted[i]! * weighted[i]!;
  const blockPowers = (seconds: number, stepSeconds: number) => {
    const size = Math.round(seconds * rate);
    const step = Math.round(stepSeconds * rate);
    const out: number[] = [];
    for (let start = 0; start + size <= weighted.length; start += step)
      out.push((squares[start + size]! - squares[start]!) / size);
    return out;
  };
  const gated = (powers: number[], relativeLu: number) => {
    const absolute = powers.filter((p) => toLufs(p) > -70);
    if (absolute.length === 0) return [];
    const mean = absolute.reduce((a, b) => a + b, 0) / absolute.length;
    const threshold = toLufs(mean) + relativeLu;
    return absolute.filter((p) => toLufs(p) > threshold);
  };
  const momentary = gated(blockPowers(0.4, 0.1), -10);
  const integratedLufs = momentary.length
    ? toLufs(momentary.reduce((a, b) => a + b, 0) / momentary.length)
    : -70;
  const shortTerm = gated(blockPowers(3, 1), -20)
    .map(toLufs)
    .sort((a, b) => a - b);
  const percentile = (p: number) =>
    shortTerm[Math.min(shortTerm.length - 1, Math.floor(p * (shortTerm.length - 1)))] ?? 0;
  const loudnessRangeLu = shortTerm.length ? percentile(0.95) - percentile(0.1) : 0;
  let sumSquares = 0;
  for (let i = 0; i < samples.length; i++) sumSquares += samples[i]! * samples[i]!;
  const rms = Math.sqrt(sumSquares / Math.max(1, samples.length));
  const db = (v: number) => Math.max(-120, 20 * Math.log10(Math.max(v, 1e-6)));
  return { integratedLufs: integratedLufs, loudnessRangeLu, peakDbfs: db(peak), rmsDbfs: db(rms) };
}
