// The project's own deterministic audio: the beat synthesiser and a WAV writer, for tests, benches and
// the embedded profile's demo catalogue (no third-party audio anywhere).
export { createRandom, renderClip, TIMBRE_SETS } from './synth';
export type { ClipSpec, Feel, Mode, RenderedClip, TimbreSetName } from './synth';
export { encodeWav, type EncodeWavOptions, type WavEncoding } from './wavEncoder';
