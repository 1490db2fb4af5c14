import type { BlobStore, Logger } from '@beatmatch/platform';
import type { CatalogQueries } from '../beats/readModel';
import type { EntitlementsSource } from '../entitlements/projection';
import type { PackCommands } from './commands';
import type { PackQueries } from './readModel';

export interface PackApiDeps {
  packs: PackCommands;
  packQueries: PackQueries;
  beats: CatalogQueries;
  entitlements: EntitlementsSource;
  blobs: () => Promise<BlobStore>;
  clock: () => Date;
  logger: Logger;
}
