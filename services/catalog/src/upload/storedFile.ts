import { beatFileKey, CATALOG_MESSAGES, type BeatFileType } from '@beatmatch/contracts';
import { BlobNotFoundError, BlobTooLargeError, HttpProblem, type BlobStore } from '@beatmatch/platform';
import type { UploadKind } from '../beats/beat';
import type { UploadedFileVerifier } from './limits';

/** The key a signed URL is issued for: a trackout named *.rar is stored as .rar, any other as .zip. */
export const uploadKeyFor = (beatId: string, type: BeatFileType, fileName: string | undefined) =>
  beatFileKey(beatId, type, type === 'trackout' && /\.rar$/i.test(fileName ?? '') ? 'rar' : 'zip');

/** The keys a sent file of this type may be at (a trackout is a zip or a rar). */
const candidateKeys = (beatId: string, type: BeatFileType) =>
  type === 'trackout'
    ? [beatFileKey(beatId, 'trackout', 'zip'), beatFileKey(beatId, 'trackout', 'rar')]
    : [beatFileKey(beatId, type)];

/**
 * The confirm step: finds the file the producer sent, within its size limit (413 past it), not empty,
 * and what its type says by content (signature, headers, duration, bitrate); a refused file is
 * removed. Resolves to its key and size.
 */
export async function checkSentFile(input: {
  blobs: BlobStore;
  beatId: string;
  kind: UploadKind;
  type: BeatFileType;
  maxBytes: number;
  verifyFile: UploadedFileVerifier | undefined;
}): Promise<{ key: string; size: number }> {
  const { blobs, type } = input;
  const sent = await findSent(blobs, candidateKeys(input.beatId, type), input.maxBytes);
  if (!sent || sent.size === 0) {
    if (sent) await blobs.delete(sent.key);
    throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'empty_file');
  }
  const problem = input.verifyFile
    ? await input.verifyFile({ type, key: sent.key, blobs, kind: input.kind })
    : null;
  if (problem) {
    await blobs.delete(sent.key);
    throw new HttpProblem(400, problem, 'file_content');
  }
  return sent;
}

async function findSent(blobs: BlobStore, keys: string[], maxBytes: number) {
  for (const key of keys) {
    try {
      const stat = await blobs.checkUpload(key, { maxBytes });
      return { key, size: stat.size };
    } catch (error) {
      if (error instanceof BlobTooLargeError)
        throw new HttpProblem(413, 'The file is too large.', 'file_too_large');
      if (!(error instanceof BlobNotFoundError)) throw error;
    }
  }
  return null;
}
