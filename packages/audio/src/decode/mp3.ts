// MP3 (MPEG-1/2 layer I/II/III) through mpg123-decoder (MIT, WASM, no install scripts).
// Decodes in chunks and stops at the analysis cap, so a long file costs bounded time and memory.
import { DnaError } from '../errors';
import { MonoDownsampler, type AnalysisSignal } from './downsampler';

export function looksLikeMp3(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return true; // 'ID3'
  // An MPEG audio frame sync with a valid layer, bitrate and sample-rate index.
  const limit = Math.min(bytes.length - 4, 4096);
  for (let i = 0; i < limit; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1]! & 0xe0) === 0xe0) {
      const layer = (bytes[i + 1]! >> 1) & 3;
      const bitrate = bytes[i + 2]! >> 4;
      const rate = (bytes[i + 2]! >> 2) & 3;
      if (layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3) return true;
    }
  }
  return false;
}

const CHUNK = 64 * 1024;

export interface Mp3Decoded {
  signal: AnalysisSignal;
  sampleRate: number;
  channels: number;
  durationSeconds: number;
  errors: number;
}

export async function decodeMp3(
  bytes: Uint8Array,
  maxOutputSamples: number,
  sourceLength = bytes.length,
): Promise<Mp3Decoded> {
  const { MPEGDecoder } = await import('mpg123-decoder');
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let downsampler: MonoDownsampler | undefined;
  let mono = new Float32Array(0);
  let channels = 0;
  let sampleRate = 0;
  let errors = 0;
  let consumed = 0;
  let decodedFrames = 0;
  try {
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + CHUNK));
      consumed = offset + chunk.length;
      const result = decoder.decode(chunk);
      errors += result.errors.length;
      if (result.samplesDecoded === 0) continue;
      if (!downsampler) {
        sampleRate = result.sampleRate;
        channels = result.channelData.length;
        downsampler = new MonoDownsampler(sampleRate, maxOutputSamples);
      }
      const n = result.samplesDecoded;
      if (mono.length < n) mono = new Float32Array(n);
      const data = result.channelData;
      const gain = 1 / data.length;
      mono.fill(0, 0, n);
      for (const channel of data) for (let i = 0; i < n; i++) mono[i] = mono[i]! + channel[i]! * gain;
      decodedFrames += n;
      if (!downsampler.push(mono, n)) break;
    }
  } finally {
    decoder.free();
  }
  if (!downsampler) throw new DnaError('CORRUPT', 'No MP3 audio frames could be decoded.');
  // Random bytes contain plausible frame syncs: when damaged frames outnumber good ones, it is not MP3.
  const goodFrames = decodedFrames / 1152;
  if (errors > goodFrames) {
    throw new DnaError(
      'CORRUPT',
      `The MP3 data is damaged: ${errors} bad frame(s) against about ${Math.round(goodFrames)} good.`,
    );
  }
  const seconds = decodedFrames / sampleRate;
  // Past the cap the rest is not decoded: estimate the duration from the share of bytes consumed.
  const durationSeconds =
    consumed < sourceLength ? (seconds * sourceLength) / Math.max(1, consumed) : seconds;
  return { signal: downsampler.finish(), sampleRate, channels, durationSeconds, errors };
}
