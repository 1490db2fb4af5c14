import type { BlobStore, Logger } from '@beatmatch/platform';
import type { EntitlementsSource } from '../entitlements/projection';
import type { BeatCommands, UploadWorkflowStarter } from '../beats/commands';
import type { CatalogQueries } from '../beats/readModel';
import type { UploadedFileVerifier, UploadLimits } from '../upload/limits';

/** What the catalog's HTTP routes need. */
export interface CatalogApiDeps {
  commands: BeatCommands;
  queries: CatalogQueries;
  entitlements: EntitlementsSource;
  blobs: () => Promise<BlobStore>;
  uploadWorkflow: UploadWorkflowStarter;
  limits: UploadLimits;
  /** The confirm step's content check; without one only a non-empty file is required. */
  verifyFile?: UploadedFileVerifier;
  clock: () => Date;
  logger: Logger;
  /** Seconds a signed upload URL stays valid. */
  uploadUrlSeconds?: number;
}
