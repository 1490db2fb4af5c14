import { Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError } from './port';

/** A pass-through that fails with BlobTooLargeError once more than `maxBytes` went through it. */
export function byteLimit(maxBytes: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) callback(new BlobTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}
