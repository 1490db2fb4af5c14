import { readFileSync } from 'node:fs';

/**
 * MP3 encoding on the server (the demo catalogue's snippets and MP3s; the upload wizard encodes in the
 * browser). LAME through `@breezystack/lamejs` (pure JavaScript, LGPL-3.0, used unmodified as its own
 * npm module and loaded apart from our code). Its CommonJS entry is a browser IIFE that assigns a
 * global, so the file is evaluated once here and its export taken from the result.
 */
interface LameModule {
  Mp3Encoder: new (
    channels: number,
    sampleRate: number,
    kbps: number,
  ) => {
    encodeBuffer(left: Int16Array, right?: Int16Array): Int8Array | Uint8Array;
    flush(): Int8Array | Uint8Array;
  };
}

let lame: LameModule | undefined;
function loadLame(): LameModule {
  if (!lame) {
    const source = readFileSync(require.resolve('@breezystack/lamejs'), 'utf8');
    lame = new Function(`${source}\nreturn lamejs;`)() as LameModule;
  }
  return lame;
}

const toInt16 = (samples: Float32Array) => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = Math.round(value * 32767);
  }
  return out;
};

/** Encodes one or two channels (mono is written as stereo, as the wizard's 320 kbps stereo MP3s). */
export function encodeMp3(channels: Float32Array[], sampleRate: number, kbps = 320): Buffer {
  const left = toInt16(channels[0]!);
  const right = channels[1] ? toInt16(channels[1]) : left;
  const encoder = new (loadLame().Mp3Encoder)(2, sampleRate, kbps);
  const parts: Buffer[] = [];
  const block = 1152 * 16;
  for (let start = 0; start < left.length; start += block) {
    const chunk = encoder.encodeBuffer(
      left.subarray(start, start + block),
      right.subarray(start, start + block),
    );
    if (chunk.length) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}
