import { Router } from 'express';
import { handleCall, type AdminJobs, type SqlDatabase } from '@beatmatch/platform';
import { genreFilters } from './genreFilters';
import { rankingsOf } from './rankings';
import { setLeaveOutInactive } from './settings';

/** The catalog's maintenance calls (admin; handleCall refuses them to anyone without the role) and their reads. */
export function catalogAdminRouter(deps: { jobs: AdminJobs; db: SqlDatabase; schema: string }): Router {
  const router = Router();
  const { jobs, db, schema: s } = deps;
  handleCall(router, 'catalog_admin_job', ({ jobId }) => jobs.status(jobId));
  handleCall(router, 'fill_beat_tags', () => jobs.begin('fill_beat_tags'));
  handleCall(router, 'move_tracks_to_crate', () => jobs.begin('move_tracks_to_crate'));
  handleCall(router, 'add_genres', () => jobs.begin('add_genres'));
  handleCall(router, 'beatmatch_fill_rankings', () => jobs.begin('beatmatch_fill_rankings'));
  handleCall(router, 'removeInactiveBeats', async ({ remove }) => {
    await setLeaveOutInactive(db, s, remove);
    return { remove };
  });
  handleCall(router, 'genre_filters', async () => ({ filters: await genreFilters(db, s) }));
  handleCall(router, 'beatmatch_rankings', () => rankingsOf(db, s));
  return router;
}
