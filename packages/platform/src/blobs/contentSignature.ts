import { Readable } from 'node:stream';

/** Bytes read from the start of a body to recognise its format. */
const HEAD_BYTES = 16;

const ascii = (head: Buffer, at: number, text: string) =>
  head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;

/** An MPEG audio frame header: 11 sync bits, a known version and a layer (MP3 without an ID3 tag). */
const mpegFrame = (head: Buffer) =>
  head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0;

/** Formats Beatmatch stores, recognised by their first bytes (beats, covers, stems, licences). */
const SIGNATURES: Array<[string, (head: Buffer) => boolean]> = [
  ['audio/mpeg', (head) => ascii(head, 0, 'ID3') || mpegFrame(head)],
  ['audio/wav', (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')],
  ['image/webp', (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')],
  ['image/png', (head) => ascii(head, 0, '\x89PNG\r\n\x1a\n')],
  ['image/jpeg', (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff],
  ['image/gif', (head) => ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')],
  ['application/pdf', (head) => ascii(head, 0, '%PDF-')],
  ['application/zip', (head) => ascii(head, 0, 'PK\x03\x04') || ascii(head, 0, 'PK\x05\x06')],
  ['application/vnd.rar', (head) => ascii(head, 0, 'Rar!\x1a\x07')],
];

/** The media type the bytes show, or undefined for a format not listed. */
export function typeBySignature(head: Buffer): string | undefined {
  return SIGNATURES.find(([, matches]) => matches(head))?.[0];
}

/**
 * The type a blob is stored with: what its first bytes show (a client's or caller's claim never
 * overrides the content, so a player or a download gets the real format), else the declared type,
 * else S3's own default for unknown bytes.
 */
export function storedContentType(head: Buffer, declared: string | undefined): string {
  return typeBySignature(head) ?? declared ?? 'application/octet-stream';
}

/**
 * Reads the first bytes of `body` to find its type, and gives back a stream of the whole body
 * (those bytes first), so the type is known before a store starts writing.
 */
export async function sniffContentType(
  body: Readable,
  declared: string | undefined,
): Promise<{ contentType: string; body: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const read: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    read.push(chunk);
    length += chunk.length;
  }
  const contentType = storedContentType(Buffer.concat(read), declared);
  async function* whole() {
    try {
      yield* read;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (a size limit) releases the source too.
      await iterator.return?.();
    }
  }
  return { contentType, body: Readable.from(whole(), { objectMode: false }) };
}
