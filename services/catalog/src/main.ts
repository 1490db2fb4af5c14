/** Catalog as its own process (distributed profile). */
import { runService } from '@beatmatch/platform';
import { createCatalogService } from './index';

void runService('catalog', 4002, ({ verifier, logger }) => createCatalogService({ verifier, logger }));
