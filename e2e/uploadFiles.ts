// The files the upload journeys choose: a real WAV and a real PNG, made here so no fixture is checked in.
import { crc32, deflateSync } from 'node:zlib';

const SAMPLE_RATE = 44100;

/** A 40-second stereo 16-bit WAV: a kick on every beat at 120 BPM over an A-minor chord. */
export function beatWav(seconds = 40): Buffer {
  const frames = seconds * SAMPLE_RATE;
  const data = Buffer.alloc(frames * 4);
  const chord = [220, 261.63, 329.63];
  for (let i = 0; i < frames; i++) {
    const t = i / SAMPLE_RATE;
    const sinceBeat = t % 0.5;
    const kick =
      Math.sin(2 * Math.PI * (50 + 100 * Math.exp(-sinceBeat * 30)) * sinceBeat) * Math.exp(-sinceBeat * 8);
    const pad = chord.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / chord.length;
    const value = Math.round((0.5 * kick + 0.25 * pad) * 32767);
    data.writeInt16LE(value, i * 4);
    data.writeInt16LE(value, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A square grey PNG (8-bit greyscale). */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const out = Buffer.alloc(typed.length + 8);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), typed.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
