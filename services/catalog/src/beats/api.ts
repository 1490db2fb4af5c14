import { Router } from 'express';
import type { BeatFileType } from '@beatmatch/contracts';
import type { BlobStore, Logger } from '@beatmatch/platform';
import type { EntitlementsSource } from '../entitlements/projection';
import { coverRoutes } from '../http/cover';
import { editRoutes } from '../http/edit';
import { manageRoutes } from '../http/manage';
import { playRoutes } from '../http/play';
import { uploadFileRoutes } from '../http/uploadFiles';
import { uploadFinalizeRoutes } from '../http/uploadFinalize';
import { uploadReferenceRoutes } from '../http/uploadReference';
import type { UploadKind } from './beat';
import type { BeatCommands, UploadWorkflowStarter } from './commands';
import type { CatalogQueries } from './readModel';

/** Largest body a signed upload URL accepts, per file type (CATALOG_MAX_*_MB settings). */
export interface UploadLimits {
  snippet: number;
  mp3: number;
  wav: number;
  trackout: number;
  cover: number;
}

/**
 * Checks an uploaded file by its content (helper "catalog-upload"'s verifier in src/verify): resolves
 * to null when the file is what its type says, or to the spec's message for the producer.
 */
export type UploadedFileVerifier = (input: {
  type: BeatFileType;
  key: string;
  blobs: BlobStore;
  kind: UploadKind;
}) => Promise<string | null>;

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

/** The catalog's calls for producers (the upload wizard, Manage Beats) and the public cover images. */
export function catalogRouter(deps: CatalogApiDeps): Router {
  const router = Router();
  coverRoutes(router, deps);
  uploadReferenceRoutes(router, deps);
  uploadFileRoutes(router, deps);
  uploadFinalizeRoutes(router, deps);
  manageRoutes(router, deps);
  editRoutes(router, deps);
  playRoutes(router, deps);
  return router;
}

const MB = 1024 * 1024;

/** Upload size limits from the service settings (megabytes). */
export const uploadLimitsFromMb = (mb: Record<keyof UploadLimits, number>): UploadLimits => ({
  snippet: mb.snippet * MB,
  mp3: mb.mp3 * MB,
  wav: mb.wav * MB,
  trackout: mb.trackout * MB,
  cover: mb.cover * MB,
});
