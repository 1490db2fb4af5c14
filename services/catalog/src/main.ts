/** Catalog as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { runService } from '@beatmatch/platform';
import { createCatalogService } from './index';

void runService('catalog', 4002, ({ verifier, logger }) => createCatalogService({ verifier, logger }));
