import { randomUUID } from 'node:crypto';
import { beatFileKey, CATALOG_MESSAGES, type BeatFileType } from '@beatmatch/contracts';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  HttpProblem,
  type BlobStat,
  type BlobStore,
} from '@beatmatch/platform';
import type { UploadKind } from '../beats/beat';
import type { UploadedFileVerifier } from './limits';

/*
 * Signed upload URLs cannot be revoked (an S3 presigned PUT stays good until it expires), so none is
 * ever issued for a beat's own files. Each get_presignedUrl is an attempt with a key of its own,
 * `uploads/<beatId>/<type>/<attempt>.<ext>`, valid for minutes; confirm copies the attempt's file to
 * the beat's §3 key (which no URL can write), checks that copy, removes the attempt's files and records
 * the attempt as spent. A later PUT through the same URL lands on a spent attempt's key, which no
 * confirm takes again, and a published beat's files cannot change at all.
 */

const attemptPrefix = (beatId: string, type: BeatFileType) => `uploads/${beatId}/${type}/`;

/** A trackout named *.rar is stored as .rar, any other as .zip; the other types by their type. */
const extensionFor = (type: BeatFileType, fileName: string | undefined) =>
  type === 'trackout' ? (/\.rar$/i.test(fileName ?? '') ? 'rar' : 'zip') : type === 'wav' ? 'wav' : 'mp3';

/** A new upload attempt's key (the one its signed URL may write) and its id. */
export function newUploadAttempt(beatId: string, type: BeatFileType, fileName: string | undefined) {
  const attempt = randomUUID();
  return { attempt, key: `${attemptPrefix(beatId, type)}${attempt}.${extensionFor(type, fileName)}` };
}

/** Every attempt file of a beat (the sweeper and delete remove them with the beat). */
export const uploadAttemptsPrefix = (beatId: string) => `uploads/${beatId}/`;

interface SentFileInput {
  blobs: BlobStore;
  beatId: string;
  kind: UploadKind;
  type: BeatFileType;
  maxBytes: number;
  /** Attempts already confirmed: their files are never taken again. */
  spentAttempts: readonly string[];
  verifyFile: UploadedFileVerifier | undefined;
}

/**
 * The confirm step: the newest unspent attempt's file, within its size limit (413 past it), not empty,
 * copied to the beat's key and checked there by content (signature, headers, duration, bitrate); a
 * refused file is removed. Resolves to the beat's key, the size and the attempt now spent.
 */
export async function checkSentFile(
  input: SentFileInput,
): Promise<{ key: string; size: number; attempt: string }> {
  const { blobs, beatId, type } = input;
  const prefix = attemptPrefix(beatId, type);
  try {
    const sent = await newestAttempt(blobs, prefix, input.spentAttempts);
    if (!sent) throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'empty_file');
    const size = await sentSize(blobs, sent.stat.key, input.maxBytes);
    const key = beatFileKey(beatId, type, sent.stat.key.endsWith('.rar') ? 'rar' : 'zip');
    await copyBlob(blobs, sent.stat.key, key, input.maxBytes);
    if (type === 'trackout')
      await blobs.delete(beatFileKey(beatId, type, key.endsWith('.rar') ? 'zip' : 'rar'));
    const problem = input.verifyFile ? await input.verifyFile({ type, key, blobs, kind: input.kind }) : null;
    if (problem) {
      await blobs.delete(key);
      throw new HttpProblem(400, problem, 'file_content');
    }
    return { key, size, attempt: sent.attempt };
  } finally {
    for (const stale of await blobs.list(prefix)) await blobs.delete(stale.key);
  }
}

async function newestAttempt(blobs: BlobStore, prefix: string, spent: readonly string[]) {
  const attempts = (await blobs.list(prefix))
    .map((stat) => ({ stat, attempt: stat.key.slice(prefix.length).replace(/\.[a-z0-9]+$/, '') }))
    .filter(({ attempt }) => !spent.includes(attempt))
    .sort((a, b) => b.stat.lastModified.getTime() - a.stat.lastModified.getTime());
  return attempts[0];
}

async function sentSize(blobs: BlobStore, key: string, maxBytes: number): Promise<number> {
  let stat: BlobStat;
  try {
    stat = await blobs.checkUpload(key, { maxBytes });
  } catch (error) {
    if (error instanceof BlobTooLargeError)
      throw new HttpProblem(413, 'The file is too large.', 'file_too_large');
    if (error instanceof BlobNotFoundError)
      throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'empty_file');
    throw error;
  }
  if (stat.size === 0) throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'empty_file');
  return stat.size;
}

/** Streams one blob to another key (the store has no copy of its own; the file is checked after). */
async function copyBlob(blobs: BlobStore, from: string, to: string, maxBytes: number): Promise<void> {
  const { body } = await blobs.get(from);
  await blobs.put(to, body, { maxBytes });
}
