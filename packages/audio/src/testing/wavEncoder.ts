// Writes WAV bytes for tests and the bench (the engine itself only reads).

export type WavEncoding = 'pcm16' | 'pcm24' | 'float32';

export interface EncodeWavOptions {
  sampleRate: number;
  encoding?: WavEncoding;
  /** Insert a LIST chunk of odd length before 'fmt ' to exercise chunk walking and padding. */
  oddChunks?: boolean;
}

/** Interleaves `channels` (equal lengths) into a RIFF/WAVE byte array. */
export function encodeWav(channels: Float32Array[], options: EncodeWavOptions): Uint8Array {
  const encoding = options.encoding ?? 'pcm16';
  const bytesPerSample = encoding === 'pcm16' ? 2 : encoding === 'pcm24' ? 3 : 4;
  const frames = channels[0]?.length ?? 0;
  const channelCount = channels.length;
  const dataBytes = frames * channelCount * bytesPerSample;
  const extra = options.oddChunks ? 8 + 5 + 1 : 0; // 'LIST' + 5 bytes + pad
  const bytes = new Uint8Array(44 + extra + dataBytes + (dataBytes & 1));
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[at + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  text(8, 'WAVE');
  let at = 12;
  if (options.oddChunks) {
    text(at, 'LIST');
    view.setUint32(at + 4, 5, true);
    text(at + 8, 'INFOx');
    at += 8 + 5 + 1;
  }
  text(at, 'fmt ');
  view.setUint32(at + 4, 16, true);
  view.setUint16(at + 8, encoding === 'float32' ? 3 : 1, true);
  view.setUint16(at + 10, channelCount, true);
  view.setUint32(at + 12, options.sampleRate, true);
  view.setUint32(at + 16, options.sampleRate * channelCount * bytesPerSample, true);
  view.setUint16(at + 20, channelCount * bytesPerSample, true);
  view.setUint16(at + 22, bytesPerSample * 8, true);
  at += 24;
  text(at, 'data');
  view.setUint32(at + 4, dataBytes, true);
  at += 8;
  if (encoding === 'pcm16' && at % 2 === 0) {
    // Fast path: aligned 16-bit samples straight into an Int16Array view.
    const out = new Int16Array(bytes.buffer, at, frames * channelCount);
    for (let c = 0; c < channelCount; c++) {
      const channel = channels[c]!;
      for (let i = 0, j = c; i < frames; i++, j += channelCount) {
        const v = channel[i]!;
        out[j] = Math.round((v > 1 ? 1 : v < -1 ? -1 : v) * 32767);
      }
    }
    return bytes;
  }
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      const value = Math.max(-1, Math.min(1, channels[c]![i]!));
      if (encoding === 'float32') view.setFloat32(at, value, true);
      else if (encoding === 'pcm16') view.setInt16(at, Math.round(value * 32767), true);
      else {
        const v = Math.round(value * 8388607);
        bytes[at] = v & 0xff;
        bytes[at + 1] = (v >> 8) & 0xff;
        bytes[at + 2] = (v >> 16) & 0xff;
      }
      at += bytesPerSample;
    }
  }
  return bytes;
}
