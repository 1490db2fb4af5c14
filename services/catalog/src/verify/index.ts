import type { BlobStore } from '@beatmatch/platform';
import type { UploadedFileVerifier } from '../upload/limits';
import { FILE_MESSAGES, firstMp3Frame, Mp3FrameCounter, readWavHeader, sniff } from './signatures';

export { FILE_MESSAGES, sniff, readWavHeader, firstMp3Frame, Mp3FrameCounter } from './signatures';

/** Bytes read from the start of a file for its header checks. */
const HEAD_BYTES = 64 * 1024;
/** The snippet is a 30-s cut (spec §5, §9); an encoder's padding makes it a little longer. */
export const SNIPPET_SECONDS = { min: 25, max: 35 } as const;

async function readHead(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const { body } = await blobs.get(key, { range: { start: 0, end: HEAD_BYTES - 1 } });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function mp3Seconds(blobs: BlobStore, key: string): Promise<number | null> {
  const counter = new Mp3FrameCounter();
  const { body } = await blobs.get(key);
  for await (const chunk of body) counter.push(chunk as Buffer);
  return counter.frames > 0 ? counter.durationSeconds : null;
}

/**
 * The confirm step's content check (and the upload workflow's first step): the file at `key` is read
 * from the blob store by signature and header, never trusted by its name. Returns the spec's message
 * for the producer, or null when the file is fine.
 *
 * - wav: RIFF/RF64 + WAVE with a PCM/float 'fmt ' chunk and a 'data' chunk; a file shorter than its
 *   header announces (truncated) fails the file-read check.
 * - mp3 and snippet: MPEG layer III frames (after an optional ID3v2 tag); the wizard's own conversions
 *   (public and private uploads) are 320 kbps stereo (§9); the snippet lasts about 30 s.
 * - trackout: a ZIP at the .zip key, a RAR at the .rar key.
 * Cover art is checked at finalize by src/beats/cover.ts (PNG/JPEG signature, square, ≤ 2048×2048).
 */
export const verifyUploadedFile: UploadedFileVerifier = async ({ type, key, blobs, kind }) => {
  const stat = await blobs.head(key);
  if (!stat || stat.size === 0) return FILE_MESSAGES.unreadable;
  const head = await readHead(blobs, key);
  switch (type) {
    case 'wav': {
      if (sniff(head) !== 'wav') return FILE_MESSAGES.wav;
      const wav = readWavHeader(head);
      if (!wav) return FILE_MESSAGES.wav;
      const streaming = wav.dataBytes === 0 || wav.dataBytes === 0xffffffff;
      const present = stat.size - wav.dataOffset;
      if (!streaming && present < wav.dataBytes * 0.99) return FILE_MESSAGES.unreadable;
      if (present <= 0) return FILE_MESSAGES.unreadable;
      return null;
    }
    case 'mp3':
    case 'snippet': {
      const frame = sniff(head) === 'mp3' ? firstMp3Frame(head) : null;
      if (!frame) return FILE_MESSAGES.mp3;
      if ((kind === 'public' || kind === 'private') && (frame.bitrateKbps !== 320 || !frame.stereo))
        return FILE_MESSAGES.mp3Quality;
      if (type === 'snippet') {
        const seconds = await mp3Seconds(blobs, key);
        if (seconds === null) return FILE_MESSAGES.mp3;
        if (seconds < SNIPPET_SECONDS.min || seconds > SNIPPET_SECONDS.max)
          return FILE_MESSAGES.snippetLength;
      }
      return null;
    }
    case 'trackout': {
      const expected = key.endsWith('.rar') ? 'rar' : 'zip';
      return sniff(head) === expected ? null : FILE_MESSAGES.stems;
    }
  }
};
