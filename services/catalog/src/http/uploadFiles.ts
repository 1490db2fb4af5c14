import type { Router } from 'express';
import type { BeatFileType } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import { requiredFiles } from '../beats/beat';
import type { BeatView } from '../beats/commands';
import type { CatalogApiDeps } from './deps';
import { checkSentFile, newUploadAttempt } from '../upload/storedFile';
import { ownDraft } from './guards';

/** The upload wizard's files: a signed PUT URL per file, then the confirm step (producer-side spec §4). */
export function uploadFileRoutes(router: Router, deps: CatalogApiDeps): void {
  // Long enough to start sending a file (a signed PUT is checked when it starts); each URL is one attempt.
  const uploadSeconds = deps.uploadUrlSeconds ?? 15 * 60;

  handleCall(router, 'get_presignedUrl', async (body, { req, res }) => {
    const beat = await ownDraft(deps.commands, req, body.trackId);
    partOfUpload(beat, body.type);
    const { key } = newUploadAttempt(beat.beatId, body.type, body.fileKey);
    const signed = await (
      await deps.blobs()
    ).signedUploadUrl(key, {
      expiresIn: uploadSeconds,
      maxBytes: deps.limits[body.type],
    });
    res.setHeader('Cache-Control', 'no-store');
    return {
      data: signed.url,
      method: signed.method,
      headers: signed.headers,
      expiresAt: signed.expiresAt.toISOString(),
    };
  });

  handleCall(router, 'aws_upload', async (body, { req }) => {
    const beat = await ownDraft(deps.commands, req, body.refId);
    partOfUpload(beat, body.type);
    const { key, size, attempt } = await checkSentFile({
      blobs: await deps.blobs(),
      beatId: beat.beatId,
      kind: beat.kind,
      type: body.type,
      maxBytes: deps.limits[body.type],
      spentAttempts: beat.spentAttempts,
      verifyFile: deps.verifyFile,
    });
    await deps.commands.recordFile(beat.beatId, body.type, key, size, attempt);
    return { uploaded: body.type };
  });
}

function partOfUpload(beat: BeatView, type: BeatFileType) {
  if (!requiredFiles(beat.kind, true).includes(type))
    throw new HttpProblem(400, `A ${type} file is not part of this upload.`, 'file_type');
}
