import { crc32, deflateSync } from 'node:zlib';
import { encodeWav, renderClip, type ClipSpec } from '@beatmatch/audio/testing';
import { encodeMp3 } from '../upload/mp3';

/**
 * The demo catalogue's files, made by the project itself (packages/audio's deterministic synthesiser;
 * no third-party audio): a 30-s beat as the upload wizard would send it — a WAV, its 320 kbps stereo
 * MP3 (which is also the 30-s snippet), a square PNG cover and, for some beats, a ZIP of stems.
 */
export const DEMO_SECONDS = 30;
const RATE = 44100;
/** The WAV is written at half rate, mono, 16 bit: the demo keeps its data directory small. */
const WAV_RATE = 22050;

export interface DemoAudio {
  wav: Buffer;
  mp3: Buffer;
}

export function renderDemoAudio(spec: Omit<ClipSpec, 'seconds' | 'sampleRate'>): DemoAudio {
  const { samples } = renderClip({ ...spec, seconds: DEMO_SECONDS, sampleRate: RATE });
  const half = new Float32Array(Math.floor(samples.length / 2));
  for (let i = 0; i < half.length; i++) half[i] = (samples[2 * i]! + samples[2 * i + 1]!) / 2;
  return {
    wav: Buffer.from(encodeWav([half], { sampleRate: WAV_RATE })),
    mp3: encodeMp3([samples], RATE, 320),
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A square RGB PNG: a diagonal blend of two colours with rings, so every demo beat looks its own. */
export function demoCover(
  from: [number, number, number],
  to: [number, number, number],
  seed: number,
): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const cx = 64 + ((seed * 37) % 128);
  const cy = 64 + ((seed * 59) % 128);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const ring = Math.cos(Math.hypot(x - cx, y - cy) / (6 + (seed % 5))) * 0.12;
      for (let c = 0; c < 3; c++) {
        const value = from[c]! * (1 - t) + to[c]! * t;
        raw[row + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(value * (1 + ring))));
      }
    }
  }
  return encodePng(size, size, 'truecolour', raw);
}

/** An 8-bit PNG of raw rows (each led by its filter byte), greyscale or RGB. */
export function encodePng(width: number, height: number, colour: 'grey' | 'truecolour', raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colour === 'grey' ? 0 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP (stored, no compression) of named files: the demo's stems. */
export function storedZip(files: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
