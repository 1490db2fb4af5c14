// RIFF/WAVE reader: PCM 8/16/24/32-bit, IEEE float 32/64, WAVE_FORMAT_EXTENSIBLE, any channel count,
// chunks in any order with odd-size padding, RF64 and streaming headers (data size 0 or 0xFFFFFFFF),
// truncated data (analyses what is there, with a warning).
import { DnaError } from '../errors';
import { MonoDownsampler, type AnalysisSignal } from './downsampler';

export interface WavFormat {
  formatTag: number; // 1 = PCM, 3 = IEEE float
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
}

export interface WavLayout {
  format: WavFormat;
  dataOffset: number;
  /** Frames present in the bytes given. */
  frames: number;
  /** Frames present in the whole file (more than `frames` when only its beginning was given). */
  framesInSource: number;
  /** Frames the header announces (may exceed `frames` for a truncated file). */
  declaredFrames: number;
  truncated: boolean;
}

const ascii = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

export function isWav(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const riff = ascii(bytes, 0);
  return (riff === 'RIFF' || riff === 'RF64' || riff === 'RIFX') && ascii(bytes, 8) === 'WAVE';
}

/**
 * Reads the chunk layout. `sourceLength` is the length of the whole file when `bytes` is only its
 * beginning (the caller kept what the analysis cap needs): frames beyond `bytes` then count towards
 * the duration without being reported as truncation.
 */
export function readWavLayout(bytes: Uint8Array, sourceLength = bytes.length): WavLayout {
  if (!isWav(bytes)) throw new DnaError('UNSUPPORTED_FORMAT', 'Not a RIFF/WAVE file.');
  if (ascii(bytes, 0) === 'RIFX')
    throw new DnaError('UNSUPPORTED_FORMAT', 'Big-endian (RIFX) WAV is not supported.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | undefined;
  let dataOffset = -1;
  let dataSize = 0;
  let rf64DataSize: number | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'ds64' && size >= 16) {
      rf64DataSize = view.getUint32(body + 8, true) + view.getUint32(body + 12, true) * 2 ** 32;
    } else if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let formatTag = view.getUint16(body, true);
      if (formatTag === 0xfffe && size >= 40 && body + 26 <= bytes.length)
        formatTag = view.getUint16(body + 24, true);
      format = {
        formatTag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      dataOffset = body;
      dataSize = size === 0xffffffff && rf64DataSize !== undefined ? rf64DataSize : size;
      // Streaming writers leave 0 or 0xFFFFFFFF: the data runs to the end of the file.
      if (size === 0 || (size === 0xffffffff && rf64DataSize === undefined)) dataSize = sourceLength - body;
      if (format) break; // fmt already seen: nothing after data matters
    }
    if (id === 'data' && !format) {
      offset = body + dataSize + (dataSize & 1);
      continue;
    }
    offset = body + size + (size & 1);
  }
  if (!format) throw new DnaError('CORRUPT', 'The WAV file has no format chunk.');
  if (dataOffset < 0) throw new DnaError('CORRUPT', 'The WAV file has no data chunk.');
  const { formatTag, channels, sampleRate, bitsPerSample } = format;
  const supported =
    (formatTag === 1 && [8, 16, 24, 32].includes(bitsPerSample)) ||
    (formatTag === 3 && [32, 64].includes(bitsPerSample));
  if (!supported) {
    throw new DnaError(
      'UNSUPPORTED_FORMAT',
      `WAV encoding ${formatTag}/${bitsPerSample}-bit is not supported.`,
    );
  }
  if (channels < 1 || channels > 32)
    throw new DnaError('CORRUPT', `The WAV file declares ${channels} channels.`);
  if (sampleRate < 4000 || sampleRate > 768000)
    throw new DnaError('CORRUPT', `The WAV sample rate ${sampleRate} Hz is not plausible.`);
  const blockAlign = channels * (bitsPerSample / 8);
  const declaredFrames = Math.floor(dataSize / blockAlign);
  const framesInSource = Math.floor(Math.min(dataSize, Math.max(0, sourceLength - dataOffset)) / blockAlign);
  const frames = Math.min(framesInSource, Math.floor(Math.max(0, bytes.length - dataOffset) / blockAlign));
  return {
    format: { ...format, blockAlign },
    dataOffset,
    frames,
    framesInSource,
    declaredFrames,
    truncated: declaredFrames > framesInSource,
  };
}

const BLOCK = 8192;

/** Decodes (up to the downsampler's cap) straight into the analysis signal, mixing to mono on the fly. */
export function decodeWav(
  bytes: Uint8Array,
  maxOutputSamples: number,
  sourceLength = bytes.length,
): { signal: AnalysisSignal; layout: WavLayout } {
  const layout = readWavLayout(bytes, sourceLength);
  const { channels, sampleRate, bitsPerSample, formatTag, blockAlign } = layout.format;
  const downsampler = new MonoDownsampler(sampleRate, maxOutputSamples);
  const mono = new Float32Array(BLOCK);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const gain = 1 / channels;
  const base = bytes.byteOffset + layout.dataOffset;
  // Aligned typed views are several times faster than DataView for the common encodings.
  const int16 =
    formatTag === 1 && bitsPerSample === 16 && base % 2 === 0
      ? new Int16Array(bytes.buffer, base, layout.frames * channels)
      : undefined;
  const float32 =
    formatTag === 3 && bitsPerSample === 32 && base % 4 === 0
      ? new Float32Array(bytes.buffer, base, layout.frames * channels)
      : undefined;
  const readSample = (at: number): number => {
    if (formatTag === 3) return bitsPerSample === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
    if (bitsPerSample === 16) return view.getInt16(at, true) / 32768;
    if (bitsPerSample === 24) {
      const raw = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      return ((raw << 8) >> 8) / 8388608;
    }
    if (bitsPerSample === 32) return view.getInt32(at, true) / 2147483648;
    return (bytes[at]! - 128) / 128;
  };
  const bytesPerSample = bitsPerSample / 8;
  for (let frame = 0; frame < layout.frames && !downsampler.full; frame += BLOCK) {
    const count = Math.min(BLOCK, layout.frames - frame);
    const first = frame * channels;
    // Specialised loops for the common layouts; a generic reader for the rest.
    if (int16 && channels === 2) {
      for (let i = 0, s = first; i < count; i++, s += 2)
        mono[i] = (int16[s]! + int16[s + 1]!) * (0.5 / 32768);
    } else if (int16 && channels === 1) {
      for (let i = 0; i < count; i++) mono[i] = int16[first + i]! / 32768;
    } else if (float32) {
      for (let i = 0, s = first; i < count; i++, s += channels) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const v = float32[s + c]!;
          // NaN/Inf in float files would poison every feature.
          sum += v === v && v !== Infinity && v !== -Infinity ? v : 0;
        }
        mono[i] = sum * gain;
      }
    } else {
      for (let i = 0; i < count; i++) {
        const at = layout.dataOffset + (frame + i) * blockAlign;
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const v = readSample(at + c * bytesPerSample);
          sum += Number.isFinite(v) ? v : 0;
        }
        mono[i] = sum * gain;
      }
    }
    downsampler.push(mono, count);
  }
  return { signal: downsampler.finish(), layout };
}
