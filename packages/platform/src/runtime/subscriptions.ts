import { decodeIntegrationEvent, type EventContract, type EventOf } from '@beatmatch/contracts';
import { RefusedEventError, type EventBus, type Subscription } from '../bus/port';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import type { Logger } from '../logging/logger';
import { idempotent, processedEventsSchema } from '../consumers/idempotent';

/** A typed handler for one contract (type + version); it writes through `tx`, the dedupe's transaction. */
export interface ContractHandler<C extends EventContract = EventContract> {
  contract: C;
  handle(event: EventOf<C>, tx: SqlExecutor): Promise<void>;
}

/** `on(userReferredV1, async (event, tx) => …)`: the event arrives decoded and typed by the contract's schema. */
export function on<C extends EventContract>(
  contract: C,
  handle: (event: EventOf<C>, tx: SqlExecutor) => Promise<void>,
): ContractHandler {
  return { contract, handle: handle as ContractHandler['handle'] };
}

/**
 * Every contract subscription this process made, by consumer group: the consuming service's schema
 * and the event types it handles (docs/contracts.md's consumer column is checked against it).
 */
export const contractSubscriptions = new Map<string, { schema: string; types: string[] }>();

export interface ContractSubscriptionOptions {
  bus: EventBus;
  db: SqlDatabase;
  /** The consuming service's schema, holding its processed_events table. */
  schema: string;
  /** Consumer group and dedupe name, e.g. 'referrals.identity-projection'. */
  consumer: string;
  topics: string[];
  handlers: ContractHandler[];
  logger: Logger;
}

/**
 * Subscribes a service to other services' integration events: each message is decoded by the one
 * decoder in packages/contracts, handled once per event id (idempotent, in the handler's transaction),
 * and events the service has no handler for are passed over. A message that breaks its contract
 * cannot succeed on a retry: it is logged and skipped instead of blocking the partition.
 */
export async function subscribeToContracts(options: ContractSubscriptionOptions): Promise<Subscription> {
  const { db, schema, consumer, logger } = options;
  contractSubscriptions.set(consumer, {
    schema,
    types: options.handlers.map((handler) => handler.contract.type),
  });
  await db.exec(processedEventsSchema(schema));
  const handlers = new Map(options.handlers.map((h) => [`${h.contract.type}@${h.contract.version}`, h]));
  const apply = idempotent(db, schema, consumer, async (event, tx) => {
    const handler = handlers.get(`${event.type}@${event.version}`)!;
    await handler.handle(event as never, tx);
  });
  return options.bus.subscribe({
    groupId: consumer,
    topics: options.topics,
    handle: async (raw, context) => {
      const decoded = decodeIntegrationEvent(raw);
      if (!decoded.ok) {
        if (decoded.reason === 'unknown') return;
        logger.error(
          {
            consumer,
            reason: decoded.reason,
            detail: decoded.message,
            eventId: (raw as { id?: unknown }).id,
          },
          'integration event refused',
        );
        // Not only a log line: the Kafka bus parks it on the group's dead-letter topic for an operator.
        throw new RefusedEventError(`integration event refused (${decoded.reason}): ${decoded.message}`);
      }
      if (!handlers.has(`${decoded.event.type}@${decoded.event.version}`)) return;
      await apply(decoded.event, context);
    },
  });
}
