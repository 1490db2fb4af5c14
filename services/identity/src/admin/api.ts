import { Router } from 'express';
import { handleCall, type AdminJobs, type SqlDatabase } from '@beatmatch/platform';
import { consentingUsers } from '../mailConsent/readModel';
import { emailCsv } from './emailCsv';
import { userOfSlug } from './storeSlugs';
import { HttpProblem } from '@beatmatch/platform';

/** identity's maintenance calls (admin: handleCall refuses them to anyone without the role) and the slug read. */
export function identityAdminRouter(deps: {
  jobs: AdminJobs;
  db: SqlDatabase;
  schema: string;
  clock: () => Date;
}) {
  const router = Router();
  const { jobs, db, schema: s } = deps;
  handleCall(router, 'identity_admin_job', ({ jobId }) => jobs.status(jobId));
  handleCall(router, 'send_v3_email', (campaign) => jobs.begin('send_v3_email', campaign));
  handleCall(router, 'fill_username_url', () => jobs.begin('fill_username_url'));
  handleCall(router, 'emailCsv', async (_input, { res }) => {
    const day = deps.clock().toISOString().slice(0, 10);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="beatmatch-emails-${day}.csv"`)
      .set('Cache-Control', 'no-store')
      .send(emailCsv(await consentingUsers(db, s)));
    return undefined;
  });
  handleCall(router, 'store_slug', async ({ slug }) => {
    const found = await userOfSlug(db, s, slug);
    if (!found) throw new HttpProblem(404, 'No store has this address.', 'no_such_store');
    return found;
  });
  return router;
}
