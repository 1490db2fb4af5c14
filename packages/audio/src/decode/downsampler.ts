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
  /** Mean second-difference energy (source rate; mostly above ~5 kHz) per HOP of output samples. */
  air: Float32Array;
  /** Largest absolute sample of the mono mix at the source rate. */
  peak: number;
  /** Input frames consumed (at the source rate). */
  inputFrames: number;
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
  }

  get full(): boolean {
    return this.outLength >= this.out.length;
  }

  get outputSamples(): number {
    return this.outLength;
  }

  /** Push `count` mono samples from `mono`. Returns false once the output cap is reached. */
  push(mono: Float32Array, count: number): boolean {
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
      air: this.airOut.subarray(0, hops),
      peak: this.peak,
      inputFrames: this.inputIndex + 1,
    };
  }
}
