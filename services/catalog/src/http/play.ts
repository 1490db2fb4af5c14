import type { Router } from 'express';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { CatalogApiDeps } from './deps';
import { streamAudio } from './audio';
import { ownBeat } from './guards';

/** Manage Beats' player: the full beat as MP3 for its producer (Range requests). */
export function playRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(router, 'beatmatch_manage_beats_play_beat', async ({ beatId }, { req, res }) => {
    const beat = await ownBeat(deps.commands, req, beatId);
    const key = beat.files?.mp3Key ?? beat.uploads.mp3?.key;
    if (!key) throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
    await streamAudio(req, res, await deps.blobs(), key);
  });
}
