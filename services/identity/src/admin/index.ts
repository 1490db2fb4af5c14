import {
  AdminJobs,
  type AdminJobsWorkflows,
  type EventStore,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import { mailConsentProjection, mailConsentReadModelSchema } from '../mailConsent/readModel';
import { mailConsentRouter } from '../mailConsent/api';
import { identityAdminRouter } from './api';
import { sendCampaign } from './campaign';
import { identityAdminSchemaSql } from './schema';
import { fillStoreSlugs } from './storeSlugs';

export interface IdentityAdminDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  logger: Logger;
  secret: string;
  clock: () => Date;
  /** Where the jobs run (Temporal); without it, starting one is refused. */
  adminJobs?: AdminJobsWorkflows;
}

/** identity's maintenance jobs and the mail consent they rely on: tables, projection, Temporal worker, calls. */
export const identityAdmin = {
  readModel: (s: string) => `${identityAdminSchemaSql(s)}\n${mailConsentReadModelSchema(s)}`,
  projection: mailConsentProjection,
  create(deps: IdentityAdminDeps) {
    const jobs = new AdminJobs({
      ...deps,
      ...(deps.adminJobs ? { workflows: deps.adminJobs } : {}),
      jobs: [sendCampaign(deps), fillStoreSlugs(deps)],
    });
    return { jobs, routers: [identityAdminRouter({ ...deps, jobs }), mailConsentRouter(deps)] };
  },
};
