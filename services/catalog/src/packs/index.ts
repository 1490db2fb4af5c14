import type { BlobStore, EventBus, EventStore, Logger, Mailer, SqlDatabase } from '@beatmatch/platform';
import type { CatalogQueries } from '../beats/readModel';
import type { EntitlementsSource } from '../entitlements/projection';
import { packsRouter } from './api';
import { createPackCommands } from './commands';
import { PACK_MAIL_TOPIC, subscribePackMail } from './mail';
import { PackQueries, packsProjection, packsReadModelSchema } from './readModel';

export interface PacksDeps {
  store: EventStore;
  db: SqlDatabase;
  bus: EventBus;
  schema: string;
  queries: CatalogQueries;
  entitlements: EntitlementsSource;
  blobs: () => Promise<BlobStore>;
  clock: () => Date;
  logger: Logger;
  mailer?: Mailer;
  publicUrl?: () => string;
}

/** Beat packs as the composition root wires them: read model, projection, relays, router, mail. */
export const packs = {
  readModel: packsReadModelSchema,
  projection: packsProjection,
  /** Mail on a relay of its own: a mail server that is down never holds up the integration events. */
  relays: [{ except: [PACK_MAIL_TOPIC] }, { only: [PACK_MAIL_TOPIC] }],
  create(deps: PacksDeps) {
    const packQueries = new PackQueries(deps.db, deps.schema);
    const commands = createPackCommands(deps.store, deps.clock);
    const { mailer, bus, logger } = deps;
    const publicUrl = deps.publicUrl ?? (() => 'http://127.0.0.1:8080');
    return {
      commands,
      queries: packQueries,
      router: packsRouter({ ...deps, packs: commands, packQueries, beats: deps.queries }),
      subscriptions: mailer ? [() => subscribePackMail(bus, { mailer, publicUrl, logger })] : [],
    };
  },
};
