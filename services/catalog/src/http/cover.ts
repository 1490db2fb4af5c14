import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Router } from 'express';
import { CATALOG_MESSAGES, coverKey } from '@beatmatch/contracts';
import {
  BlobNotFoundError,
  checkSquareImage,
  formFile,
  handleCall,
  HttpProblem,
  requireUser,
} from '@beatmatch/platform';
import { coverArtUrl } from '../beats/beat';
import type { CatalogApiDeps } from './deps';
import { CHANGE_COVER_MESSAGES } from '../beats/cover';
import { sendStream } from './audio';
import { ownBeat } from './guards';
import { coverArtForm } from './multipart';

const notFound = () => new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');

/** Cover art: the public image (long-cached per version), its URL, and Manage Beats' cover change. */
export function coverRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(router, 'beatmatch_cover_art', async (query, { req, res }) => {
    const row = await deps.queries.beat(query.beatId);
    if (!row?.cover || (row.isPrivate && row.producerId !== req.caller?.userId)) throw notFound();
    const blobs = await deps.blobs();
    const { body, stat } = await blobs.get(row.cover.key).catch((error: unknown) => {
      throw error instanceof BlobNotFoundError ? notFound() : error;
    });
    const current = (query.v ?? '') === String(row.cover.version);
    res.setHeader('Content-Type', row.cover.contentType);
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A private beat's cover is its producer's alone: no shared cache may keep it.
    const scope = row.isPrivate ? 'private' : 'public';
    res.setHeader('Cache-Control', current ? `${scope}, max-age=31536000, immutable` : 'no-cache');
    await sendStream(body, res);
  });

  handleCall(router, 'beatmatch_get_cover_art_url', async ({ beatId }, { req }) => {
    const beat = await ownBeat(deps.commands, req, beatId);
    return { coverArtUrl: beat.coverArtUrl };
  });

  handleCall(
    router,
    'beatmatch_manage_beats_change_cover_art',
    async ({ beatId }, { req, res }) => {
      const beat = await ownBeat(deps.commands, req, beatId);
      const image = formFile(res)?.data;
      if (!image) throw new HttpProblem(400, CATALOG_MESSAGES.coverRequired, 'cover_required');
      const contentType = checkSquareImage(image, CHANGE_COVER_MESSAGES);
      const key = coverKey(beat.beatId, randomUUID(), contentType);
      await (await deps.blobs()).put(key, Readable.from([image]), { contentType });
      const cover = await deps.commands.changeCover(beat.beatId, { key, contentType });
      // The old image stays until it is replaced in every cache; it is small.
      return { coverArtUrl: coverArtUrl(beat.beatId, cover)! };
    },
    // Signed out is refused before the form is read.
    { before: [requireUser, coverArtForm(deps.limits.cover)] },
  );
}
