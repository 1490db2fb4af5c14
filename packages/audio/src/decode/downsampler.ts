// Streams mono input at the source rate into the analysis signal: 11025 Hz mono plus an "air" envelope
// (high-passed energy, mostly above ~5 kHz, per analysis hop, which the low rate cannot see: hi-hats, cymbals, breath).
// Everything is preallocated: no per-sample allocation, and the output length is capped so long files
// cost bounded memory.

export const ANALYSIS_RATE = 11025;
/** Analysis hop in samples at ANALYSIS_RATE (11.6 ms): the frame rate of every envelope. */
export const HOP = 128; // a power of two: the downsampler uses bit masks

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function lowpass(cutoffHz: number, q: number, rate: number): Biquad {
  const w0 = (2 * Math.PI * cutoffHz) / rate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  return {
    b0: (1 - cos) / 2 / a0,
    b1: (1 - cos) / a0,
    b2: (1 - cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  };
}

export interface AnalysisSignal {
  /** Mono at ANALYSIS_RATE. */
  samples: Float32Array;
  /** Mono at WIDE_RATE (16 kHz, up to 7 kHz): the learned tagger's input (features/tagger.ts). */
  wide?: Float32Array;
  /** Mean second-difference energy (source rate; mostly above ~5 kHz) per HOP of output samples. */
  air: Float32Array;
  /** Largest absolute sample of the mono mix at the source rate. */
  peak: number;
  /** Input frames consumed (at the source rate). */
  inputFrames: number;
}

const IDENTITY: Biquad = { b0: 1, b1: 0, b2: 0, a1: 0, a2: 0 };
const PASS: [Biquad, Biquad, Biquad, Biquad] = [IDENTITY, IDENTITY, IDENTITY, IDENTITY];

/** Rate of the wide-band copy the tagger hears (musicnn's 16 kHz). */
export const WIDE_RATE = 16000;

/**
 * The same mono input at 16 kHz: 8th-order Butterworth at 7 kHz (−10 dB at 8 kHz, −17 dB at 9 kHz, which
 * would fold onto 7 kHz), linear interpolation. Below 16 kHz input it only interpolates.
 */
class WideResampler {
  private readonly step: number;
  readonly out: Float32Array;
  length = 0;
  private nextPosition = 0;
  private inputIndex = -1;
  private previous = 0;
  private readonly sections: Biquad[];
  private readonly state: Float64Array;

  constructor(inputRate: number, maxOutputSamples: number) {
    this.step = inputRate / WIDE_RATE;
    this.out = new Float32Array(maxOutputSamples);
    this.sections =
      inputRate > WIDE_RATE * 1.05
        ? [0.5098, 0.6013, 0.9, 2.5629].map((q) => lowpass(7000, q, inputRate))
        : [];
    this.state = new Float64Array(2 * this.sections.length);
  }

  push(mono: Float32Array, count: number): void {
    const { out, step, state } = this;
    const cap = out.length;
    const filtered = this.sections.length === 4;
    // Hot loop: the four sections' coefficients and states in locals.
    const [c0, c1, c2, c3] = filtered ? (this.sections as [Biquad, Biquad, Biquad, Biquad]) : PASS;
    const { b0: p0, b1: p1, b2: p2, a1: q1, a2: q2 } = c0;
    const { b0: r0, b1: r1, b2: r2, a1: s1, a2: s2 } = c1;
    const { b0: t0, b1: t1, b2: t2, a1: u1, a2: u2 } = c2;
    const { b0: v0b, b1: v1b, b2: v2b, a1: w1, a2: w2 } = c3;
    let z0 = state[0] ?? 0,
      z1 = state[1] ?? 0,
      z2 = state[2] ?? 0,
      z3 = state[3] ?? 0,
      z4 = state[4] ?? 0,
      z5 = state[5] ?? 0,
      z6 = state[6] ?? 0,
      z7 = state[7] ?? 0;
    let { nextPosition, inputIndex, previous, length } = this;
    for (let i = 0; i < count && length < cap; i++) {
      let y = mono[i]!;
      if (filtered) {
        const v0 = p0 * y + z0;
        z0 = p1 * y - q1 * v0 + z1;
        z1 = p2 * y - q2 * v0;
        const v1 = r0 * v0 + z2;
        z2 = r1 * v0 - s1 * v1 + z3;
        z3 = r2 * v0 - s2 * v1;
        const v2 = t0 * v1 + z4;
        z4 = t1 * v1 - u1 * v2 + z5;
        z5 = t2 * v1 - u2 * v2;
        const v3 = v0b * v2 + z6;
        z6 = v1b * v2 - w1 * v3 + z7;
        z7 = v2b * v2 - w2 * v3;
        y = v3;
      }
      inputIndex++;
      while (nextPosition <= inputIndex && length < cap) {
        out[length++] = previous + (y - previous) * (nextPosition - (inputIndex - 1));
        nextPosition += step;
      }
      previous = y;
    }
    if (filtered) state.set([z0, z1, z2, z3, z4, z5, z6, z7]);
    this.nextPosition = nextPosition;
    this.inputIndex = inputIndex;
    this.previous = previous;
    this.length = length;
  }
}

export class MonoDownsampler {
  private readonly step: number;
  private readonly out: Float32Array;
  private readonly airOut: Float32Array;
  private outLength = 0;
  private nextPosition = 0; // in input samples, of the next output sample
  private inputIndex = -1;
  private previous = 0;
  private peak = 0;
  private airAccumulator = 0;
  private airCount = 0;
  private readonly filtered: boolean;
  private readonly hasAir: boolean;
  // Two lowpass sections (4th-order Butterworth) with their states.
  private readonly sections: Biquad[];
  private readonly state = new Float64Array(4);
  private airX1 = 0;
  private airX2 = 0;
  private readonly wide: WideResampler;

  constructor(
    readonly inputRate: number,
    maxOutputSamples: number,
  ) {
    this.step = inputRate / ANALYSIS_RATE;
    this.out = new Float32Array(maxOutputSamples);
    this.airOut = new Float32Array(Math.ceil(maxOutputSamples / HOP) + 1);
    this.filtered = inputRate > ANALYSIS_RATE * 1.05;
    // 4th-order Butterworth at 4 kHz: what aliases lands above 4.5 kHz, where no feature looks closely.
    const cutoff = 4000;
    this.sections = [0.5412, 1.3066].map((q) => lowpass(cutoff, q, inputRate));
    this.hasAir = inputRate > 12000;
    this.wide = new WideResampler(inputRate, Math.ceil((maxOutputSamples * WIDE_RATE) / ANALYSIS_RATE));
  }

  get full(): boolean {
    return this.outLength >= this.out.length;
  }

  get outputSamples(): number {
    return this.outLength;
  }

  /** Push `count` mono samples from `mono`. Returns false once the output cap is reached. */
  push(mono: Float32Array, count: number): boolean {
    if (this.outLength < this.out.length) this.wide.push(mono, count);
    const out = this.out;
    const airOut = this.airOut;
    const cap = out.length;
    const step = this.step;
    const filtered = this.filtered;
    const hasAir = this.hasAir;
    const st = this.state;
    const [s0, s1] = this.sections as [Biquad, Biquad];
    // Hot loop: coefficients and states in locals.
    const { b0: a0b0, b1: a0b1, b2: a0b2, a1: a0a1, a2: a0a2 } = s0;
    const { b0: a1b0, b1: a1b1, b2: a1b2, a1: a1a1, a2: a1a2 } = s1;
    let z0 = st[0]!,
      z1 = st[1]!,
      z2 = st[2]!,
      z3 = st[3]!;
    let { nextPosition, inputIndex, previous, peak, airAccumulator, airCount, outLength, airX1, airX2 } =
      this;
    for (let i = 0; i < count && outLength < cap; i++) {
      const x = mono[i]!;
      const ax = x < 0 ? -x : x;
      if (ax > peak) peak = ax;
      let y = x;
      if (filtered) {
        // Direct form II transposed, two cascaded sections.
        const v = a0b0 * y + z0;
        z0 = a0b1 * y - a0a1 * v + z1;
        z1 = a0b2 * y - a0a2 * v;
        const w = a1b0 * v + z2;
        z2 = a1b1 * v - a1a1 * w + z3;
        z3 = a1b2 * v - a1a2 * w;
        y = w;
      }
      if (hasAir) {
        // Second difference: a cheap high-pass (+12 dB/octave, -34 dB at 1 kHz vs 10 kHz at 44.1 kHz).
        const h = x - 2 * airX1 + airX2;
        airX2 = airX1;
        airX1 = x;
        airAccumulator += h * h;
        airCount++;
      }
      inputIndex++;
      while (nextPosition <= inputIndex && outLength < cap) {
        const frac = nextPosition - (inputIndex - 1);
        out[outLength] = previous + (y - previous) * frac;
        outLength++;
        nextPosition += step;
        if ((outLength & (HOP - 1)) === 0) {
          airOut[(outLength >> 7) - 1] = airCount > 0 ? airAccumulator / airCount : 0;
          airAccumulator = 0;
          airCount = 0;
        }
      }
      previous = y;
    }
    st[0] = z0;
    st[1] = z1;
    st[2] = z2;
    st[3] = z3;
    this.nextPosition = nextPosition;
    this.inputIndex = inputIndex;
    this.previous = previous;
    this.peak = peak;
    this.airAccumulator = airAccumulator;
    this.airCount = airCount;
    this.outLength = outLength;
    this.airX1 = airX1;
    this.airX2 = airX2;
    return outLength < cap;
  }

  finish(): AnalysisSignal {
    const hops = Math.floor(this.outLength / HOP);
    return {
      samples: this.out.subarray(0, this.outLength),
      wide: this.wide.out.subarray(0, this.wide.length),
      air: this.airOut.subarray(0, hops),
      peak: this.peak,
      inputFrames: this.inputIndex + 1,
    };
  }
}
