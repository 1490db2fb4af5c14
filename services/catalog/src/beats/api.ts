import { Router } from 'express';
import { coverRoutes } from '../http/cover';
import { editRoutes } from '../http/edit';
import { manageRoutes } from '../http/manage';
import { playRoutes } from '../http/play';
import { uploadFileRoutes } from '../http/uploadFiles';
import { uploadFinalizeRoutes } from '../http/uploadFinalize';
import { uploadReferenceRoutes } from '../http/uploadReference';
import type { CatalogApiDeps } from '../http/deps';

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
