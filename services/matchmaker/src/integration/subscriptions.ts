import { CATALOG_TOPIC, COMMERCE_TOPIC } from '@beatmatch/contracts';
import {
  subscribeToContracts,
  type EventBus,
  type Logger,
  type SqlDatabase,
  type Subscription,
} from '@beatmatch/platform';
import { beatPoolHandlers } from '../beats/projection';
import type { BeatPool } from '../beats/pool';

/**
 * The events the matchmaker takes from other services: the catalog's beat events (its own beat pool,
 * src/beats/projection.ts) and commerce's entitlements (the play limit, 20 viewable matches, Play History).
 * Each event is handled once per id, in the projection's transaction.
 */
export async function subscribe(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  /** The in-memory pool of this process: told each change the projection writes. */
  pool?: BeatPool;
  /** Consumer group and topics (tests use fresh ones). */
  consumer?: string;
  topics?: string[];
}): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'matchmaker.beats-and-entitlements',
    topics: options.topics ?? [CATALOG_TOPIC, COMMERCE_TOPIC],
    handlers: beatPoolHandlers(options.schema, (version) => options.pool?.awaitVersion(version)),
  });
}
