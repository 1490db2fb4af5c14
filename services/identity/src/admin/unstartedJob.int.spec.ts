import { AdminJobStore } from '@beatmatch/platform';
import { waitFor } from '@beatmatch/testing';
import { identityTestbed, type IdentityTestbed } from '../testing/harness';
import { registerUser } from '../testing/admins';
import { testAdminJobs } from './testing';

/**
 * A job is recorded, then its workflow started: a process killed between the two left a job on the page
 * as running that nothing ran. The next start of the service starts it (and a job with a workflow keeps
 * its one run).
 */
let bed: IdentityTestbed;
beforeAll(async () => {
  bed = await identityTestbed('unstarted_job');
});
afterAll(() => bed?.close());

it('starts, when the service starts, a job recorded before a crash kept its workflow from starting', async () => {
  const jobs = new AdminJobStore(bed.db, bed.schema);
  const workflows = testAdminJobs();
  // The first process: schema made, a user to give a slug, then the job recorded and the process gone.
  const first = await bed.identity({ adminJobs: workflows });
  await registerUser(first.store, 'Orphan Producer');
  const jobId = await jobs.create('fill_username_url', {}, new Date());
  expect((await jobs.find(jobId))?.state).toBe('running');

  const next = await bed.identity({ adminJobs: workflows });
  await next.start();
  await waitFor(
    'the recorded job to finish',
    async () => (await jobs.find(jobId))?.state !== 'running',
    30_000,
  );
  expect(await jobs.find(jobId)).toMatchObject({ state: 'succeeded' });
});
