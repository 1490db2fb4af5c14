import { randomUUID } from 'node:crypto';
import type { AdminJobsWorkflows } from '@beatmatch/platform';
import { requireEnv } from '@beatmatch/testing';

/** identity's admin jobs on the test servers' Temporal, on a task queue of the suite's own. */
export const testAdminJobs = (): AdminJobsWorkflows => ({
  temporal: { address: requireEnv('TEMPORAL_ADDRESS') },
  taskQueue: `identity-admin-jobs-test-${randomUUID()}`,
});
