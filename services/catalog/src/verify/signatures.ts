/**
 * Upload checks by content (producer-side spec §5): a file is what its bytes say, never what its name
 * or the browser's type claims. Pure functions over the first bytes of a file (and, for MP3, its frame
 * headers); src/verify/index.ts reads those bytes from the blob store.
 */

/** The spec's messages (§5); the last two are the file-read check's and the snippet/bitrate rules'. */
export const FILE_MESSAGES = {
  wav: 'Uh oh! The wav file you selected does not seem to be a WAV.',
  mp3: 'Uh oh! The mp3 file you selected does not seem to be an mp3.',
  stems: 'Uh oh! The stems file must be a .zip or .rar.',
  unreadable: 'Something went wrong. Please check your files and try again.',
  mp3Quality: 'Uh oh! The mp3 file must be 320 kbps stereo.',
  snippetLength: 'The snippet must be about 30 seconds long.',
} as const;

export type Sniffed = 'wav' | 'mp3' | 'zip' | 'rar' | 'png' | 'jpeg' | null;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** A local file header, or the end-of-central-directory record of an empty archive. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RAR4 = [...ascii('Rar!'), 0x1a, 0x07, 0x00];
const RAR5 = [...ascii('Rar!'), 0x1a, 0x07, 0x01, 0x00];

/** What the first bytes of a file are (the formats an upload may carry). */
export function sniff(head: Uint8Array): Sniffed {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, RAR4) || startsWith(head, RAR5)) return 'rar';
  if (
    (startsWith(head, ascii('RIFF')) || startsWith(head, ascii('RF64'))) &&
    startsWith(head, ascii('WAVE'), 8)
  )
    return 'wav';
  if (firstMp3Frame(head) !== null) return 'mp3';
  return null;
}

export interface WavFacts {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of sample data the header announces. */
  dataBytes: number;
  /** Where the sample data starts. */
  dataOffset: number;
  durationSeconds: number;
}

const FORMATS = new Set([1, 3, 0xfffe]); // PCM, IEEE float, extensible

/**
 * Reads a WAV header (RIFF or RF64, chunks in any order, odd sizes padded) from the first bytes of a
 * file. Null when the bytes are no playable WAV: no RIFF/WAVE, no usable 'fmt ' chunk, or no 'data'
 * chunk within `head`.
 */
export function readWavHeader(head: Uint8Array): WavFacts | null {
  if (sniff(head) !== 'wav') return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const rf64 = startsWith(head, ascii('RF64'));
  let ds64DataBytes: number | null = null;
  let format: { channels: number; sampleRate: number; bitsPerSample: number; blockAlign: number } | null =
    null;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = String.fromCharCode(...head.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'ds64' && body + 16 <= head.length) {
      ds64DataBytes = Number(view.getBigUint64(body + 8, true));
    } else if (id === 'fmt ') {
      if (size < 16 || body + 16 > head.length) return null;
      const code = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const blockAlign = view.getUint16(body + 12, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      if (!FORMATS.has(code) || channels < 1 || channels > 16) return null;
      if (sampleRate < 8000 || sampleRate > 384_000) return null;
      if (![8, 16, 24, 32, 64].includes(bitsPerSample) || blockAlign < 1) return null;
      format = { channels, sampleRate, bitsPerSample, blockAlign };
    } else if (id === 'data') {
      if (!format) return null;
      const dataBytes = rf64 && size === 0xffffffff && ds64DataBytes !== null ? ds64DataBytes : size;
      const bytesPerSecond = format.sampleRate * format.blockAlign;
      return {
        channels: format.channels,
        sampleRate: format.sampleRate,
        bitsPerSample: format.bitsPerSample,
        dataBytes,
        dataOffset: body,
        durationSeconds: dataBytes / bytesPerSecond,
      };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

export interface Mp3Frame {
  offset: number;
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5 */
  version: 1 | 2 | 2.5;
  bitrateKbps: number;
  sampleRate: number;
  stereo: boolean;
  length: number;
  samples: number;
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };

/** The MPEG audio layer III frame header at `offset`, or null. */
export function mp3FrameAt(bytes: Uint8Array, offset: number): Mp3Frame | null {
  if (offset + 4 > bytes.length) return null;
  const [b0, b1, b2, b3] = [bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits !== 1) return null; // reserved version; only layer III
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrateKbps = (version === 1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samples = version === 1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { offset, version, bitrateKbps, sampleRate, stereo: b3 >> 6 !== 3, length, samples };
}

/** Bytes taken by an ID3v2 tag at the start (0 when none). */
export function id3Length(bytes: Uint8Array): number {
  if (!startsWith(bytes, ascii('ID3')) || bytes.length < 10) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * The first MPEG frame after an ID3v2 tag (and up to 4 KiB of padding), confirmed by a second frame
 * header right after it, so random bytes that happen to start with 0xFFE are not taken for an MP3.
 */
export function firstMp3Frame(head: Uint8Array): Mp3Frame | null {
  const start = id3Length(head);
  const end = Math.min(head.length - 4, start + 4096);
  for (let offset = start; offset <= end; offset++) {
    const frame = mp3FrameAt(head, offset);
    if (!frame) continue;
    const next = offset + frame.length;
    if (next + 4 > head.length) return head.length - offset < 4096 ? frame : null;
    if (mp3FrameAt(head, next)) return frame;
  }
  return null;
}

/** Counts MPEG frames over a whole MP3 (streamed in chunks) to measure its duration. */
export class Mp3FrameCounter {
  private pending = new Uint8Array(0);
  private started = false;
  samples = 0;
  frames = 0;
  sampleRate = 0;
  lost = false;

  push(chunk: Uint8Array): void {
    const bytes = new Uint8Array(this.pending.length + chunk.length);
    bytes.set(this.pending);
    bytes.set(chunk, this.pending.length);
    let offset = 0;
    if (!this.started) {
      const skip = id3Length(bytes);
      if (bytes.length < Math.max(skip, 10)) {
        this.pending = bytes;
        return;
      }
      const first = firstMp3Frame(bytes);
      if (!first) {
        this.lost = true;
        this.pending = new Uint8Array(0);
        return;
      }
      this.started = true;
      offset = first.offset;
    }
    while (!this.lost && offset + 4 <= bytes.length) {
      const frame = mp3FrameAt(bytes, offset);
      if (!frame) {
        // A trailing ID3v1/APE tag or junk after the last frame ends the count.
        this.lost = true;
        break;
      }
      if (offset + frame.length > bytes.length) break;
      this.frames++;
      this.samples += frame.samples;
      this.sampleRate = frame.sampleRate;
      offset += frame.length;
    }
    this.pending = this.lost ? new Uint8Array(0) : bytes.subarray(offset).slice();
  }

  get durationSeconds(): number {
    return this.sampleRate ? this.samples / this.sampleRate : 0;
  }
}
