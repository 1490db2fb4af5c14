import type { BeatDna } from '@beatmatch/contracts';
import {
  AdminJobs,
  type AdminJobsWorkflows,
  type BlobStore,
  type Logger,
  type SqlDatabase,
} from '@beatmatch/platform';
import { createUploadActivities } from '../upload/activities';
import { verifyUploadedFile } from '../verify';
import type { BeatCommands } from '../beats/commands';
import type { CatalogQueries } from '../beats/readModel';
import type { EntitlementsSource } from '../entitlements/projection';
import { catalogAdminRouter } from './api';
import { fillBeatTags } from './beatTags';
import { migrateCrates } from './crates';
import { setGenreFilters } from './genreFilters';
import { fillRankings } from './rankings';
import { catalogAdminSchemaSql } from './schema';

export interface CatalogAdminDeps {
  db: SqlDatabase;
  schema: string;
  logger: Logger;
  clock: () => Date;
  queries: CatalogQueries;
  commands: BeatCommands;
  entitlements: EntitlementsSource;
  blobs: () => Promise<BlobStore>;
  /** The DNA engine over a beat's stored audio; default: the upload workflow's analysis. */
  analyseBeat?: (beatId: string) => Promise<BeatDna | null>;
  /** Where the jobs run (Temporal); without it, starting one is refused. */
  adminJobs?: AdminJobsWorkflows;
}

/** The catalog's maintenance jobs (issue 26 item 2): their tables, their Temporal worker, their calls. */
export const catalogAdmin = {
  readModel: catalogAdminSchemaSql,
  create(options: CatalogAdminDeps) {
    const analyseBeat =
      options.analyseBeat ??
      createUploadActivities({ ...options, verifyFile: verifyUploadedFile }).analyseBeat;
    const deps = { ...options, analyseBeat };
    const jobs = new AdminJobs({
      db: deps.db,
      schema: deps.schema,
      logger: deps.logger,
      clock: deps.clock,
      ...(deps.adminJobs ? { workflows: deps.adminJobs } : {}),
      jobs: [fillBeatTags(deps), migrateCrates(deps), setGenreFilters(deps), fillRankings(deps)],
    });
    return { jobs, router: catalogAdminRouter({ jobs, db: deps.db, schema: deps.schema }) };
  },
};
