import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CATALOG_MESSAGES, coverKey } from '@beatmatch/contracts';
import { checkSquareImage, HttpProblem, type BlobStore } from '@beatmatch/platform';
import { requiredFiles, type Cover } from '../beats/beat';
import type { BeatCommands, BeatView, UploadWorkflowStarter } from '../beats/commands';
import { UPLOAD_COVER_MESSAGES } from '../beats/cover';
import { checkUploadCap, takesUploadSlot, type UploadCapDeps } from './cap';

export interface FinalizeDeps extends UploadCapDeps {
  commands: BeatCommands;
  blobs: () => Promise<BlobStore>;
  uploadWorkflow: UploadWorkflowStarter;
}

/**
 * Finalize (producer-side spec §4): the upload's files are all in, its cover is stored, the beat
 * receives them and the upload workflow (DNA analysis, publishing) starts. A retried finalize only
 * makes sure the workflow runs.
 */
export async function finalizeUpload(
  deps: FinalizeDeps,
  beat: BeatView,
  input: { name: string; zipUploaded: boolean; coverImage: Buffer | null },
): Promise<void> {
  if (beat.status !== 'draft') {
    if (beat.status === 'failed')
      throw new HttpProblem(409, beat.failureReason ?? 'This upload failed.', 'upload_failed');
    await deps.uploadWorkflow.start(beat.beatId);
    return;
  }
  if (takesUploadSlot(beat.kind)) await checkUploadCap(deps, beat.producerId, beat.beatId);
  if (requiredFiles(beat.kind, input.zipUploaded).some((type) => !beat.uploads[type]))
    throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'missing_files');
  if (beat.prices.marriage !== null && !input.zipUploaded)
    throw new HttpProblem(400, 'The Marriage package needs stems.', 'marriage_needs_stems');
  if (!input.coverImage && beat.kind === 'public')
    throw new HttpProblem(400, CATALOG_MESSAGES.coverRequired, 'cover_required');
  const cover = input.coverImage ? await storeCover(deps, beat.beatId, input.coverImage) : null;
  try {
    await deps.commands.receiveFiles(beat.beatId, {
      name: input.name,
      zipUploaded: input.zipUploaded,
      cover,
    });
  } catch (error) {
    if (cover) await (await deps.blobs()).delete(cover.key);
    throw error;
  }
  await deps.uploadWorkflow.start(beat.beatId);
}

async function storeCover(
  deps: FinalizeDeps,
  beatId: string,
  image: Buffer,
): Promise<Omit<Cover, 'version'>> {
  const contentType = checkSquareImage(image, UPLOAD_COVER_MESSAGES);
  const key = coverKey(beatId, randomUUID(), contentType);
  await (await deps.blobs()).put(key, Readable.from([image]), { contentType });
  return { key, contentType };
}
