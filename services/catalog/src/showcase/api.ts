import { Router } from 'express';
import { dnaView, NO_EXAMPLE_BEAT } from '@beatmatch/contracts';
import { handleCall, type BlobStore, type SqlDatabase } from '@beatmatch/platform';
import { coverArtUrl } from '../beats/beat';
import { streamAudio } from '../http/audio';
import { exampleBeat, pioneers, PIONEERS_MILESTONE, publishedUploads } from './queries';

/**
 * Public showcase reads for the marketing pages (producer-side spec §2, §7): the Pioneers list and
 * the example beat with its real DNA (`_example_drake` plays its snippet, `_example_get_tags` shows
 * its tags). No session needed; nothing private leaves: only published, public, not deleted beats.
 * Before an example is published both answer their empty state (tags: `name: null`; audio: 204), not a
 * 404 the browser would log on every visit.
 */
export function showcaseRouter(deps: { db: SqlDatabase; schema: string; blobs: () => Promise<BlobStore> }) {
  const router = Router();
  const { db, schema } = deps;

  handleCall(router, 'beatmatch_pioneers', async (_input, { res }) => {
    const list = await pioneers(db, schema);
    const uploads = await publishedUploads(db, schema);
    res.setHeader('Cache-Control', 'public, max-age=300');
    return { pioneers: list, uploads, milestone: PIONEERS_MILESTONE };
  });

  handleCall(router, 'beatmatch_example_get_tags', async () => {
    const beat = await exampleBeat(db, schema);
    if (!beat) return { name: null, message: NO_EXAMPLE_BEAT };
    return {
      beatId: beat.beat_id,
      name: beat.name,
      producerName: beat.producer_name,
      coverArtUrl: coverArtUrl(beat.beat_id, beat.cover),
      data: dnaView(beat.dna),
    };
  });

  // A HEAD is answered by this GET route too (Express), without the body.
  handleCall(router, 'beatmatch_example_drake', async (_input, { req, res }) => {
    const beat = await exampleBeat(db, schema);
    if (!beat) return void res.status(204).end();
    await streamAudio(req, res, await deps.blobs(), beat.files.snippetKey);
  });

  return router;
}
