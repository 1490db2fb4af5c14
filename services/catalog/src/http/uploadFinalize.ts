import type { Router } from 'express';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { formFile, handleCall, HttpProblem, requireUser } from '@beatmatch/platform';
import type { CatalogApiDeps } from './deps';
import { finalizeUpload } from '../upload/finalize';
import { ownBeat } from './guards';
import { coverArtForm } from './multipart';
import { truthy } from './prices';

/** The upload wizard's last step: finalize, multipart with the cover art (producer-side spec §4). */
export function uploadFinalizeRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(
    router,
    'beatmatch_upload_beat',
    async (fields, { req, res }) => {
      const name = fields.name.trim();
      if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
      const beat = await ownBeat(deps.commands, req, fields.beatRefId);
      const coverImage = formFile(res)?.data ?? null;
      await finalizeUpload(deps, beat, { name, zipUploaded: truthy(fields.zipUploaded), coverImage });
      return { uploaded: true as const, beatId: beat.beatId };
    },
    // Signed out is refused before the form is read.
    { before: [requireUser, coverArtForm(deps.limits.cover)] },
  );
}
