declare module 'fft.js' {
  /** Radix-4 FFT (MIT, indutny/fft.js). Complex arrays interleave re, im. */
  export default class FFT {
    constructor(size: number);
    readonly size: number;
    createComplexArray(): number[];
    /** Real input of length size; fills out[0 .. size+1] (bins 0..size/2) as interleaved re, im. */
    realTransform(out: ArrayLike<number> | Float64Array, data: ArrayLike<number> | Float64Array): void;
    completeSpectrum(spectrum: ArrayLike<number> | Float64Array): void;
    transform(out: ArrayLike<number> | Float64Array, data: ArrayLike<number> | Float64Array): void;
    inverseTransform(out: ArrayLike<number> | Float64Array, data: ArrayLike<number> | Float64Array): void;
  }
}
