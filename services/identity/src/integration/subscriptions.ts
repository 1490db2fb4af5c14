import { randomUUID } from 'node:crypto';
import { COMMERCE_TOPIC, guestPurchaseCompletedV1 } from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import type { IdentityQueries } from '../users/readModel';
import { SETUP_TTL_DAYS } from '../guests/guest';
import { executeGuestCommand } from '../guests/commands';

/**
 * The events identity takes from other services. Commerce's `commerce.GuestPurchaseCompleted`: a
 * guest paid with an e-mail. Noted once per order on the e-mail's guest stream (guests/guest.ts):
 * the e-mail's account claims it at once (and gets a note mail), or a set-up link is mailed. The
 * kit's dedupe skips a redelivered event; the decider skips an order already noted (a replay with a
 * new event id), so the buyer gets one mail either way. The note, its mail request and the dedupe
 * mark commit in one transaction (the store runs inside the handler's).
 */
export interface TransactionalDeps {
  /** The event store and queries inside the dedupe's transaction (one connection in PGlite). */
  storeIn: (tx: SqlExecutor) => EventStore;
  queriesIn: (tx: SqlExecutor) => IdentityQueries;
  clock: () => Date;
}

export function identityHandlers(deps: TransactionalDeps) {
  return [
    on(guestPurchaseCompletedV1, async (event, tx) => {
      const email = event.payload.email.toLowerCase();
      const account = await deps.queriesIn(tx).userByEmail(email);
      const now = deps.clock();
      await executeGuestCommand(deps.storeIn(tx), email, {
        type: 'NotePurchase',
        data: {
          email,
          orderId: event.payload.orderId,
          accountUserId: account?.user_id ?? null,
          tokenId: randomUUID(),
          expiresAt: new Date(now.getTime() + SETUP_TTL_DAYS * 86_400_000),
        },
        metadata: { now },
      });
    }),
  ];
}

export function subscribe(
  options: TransactionalDeps & {
    bus: EventBus;
    db: SqlDatabase;
    logger: Logger;
    schema: string;
    /** Consumer group and topics (tests use fresh ones). */
    consumer?: string;
    topics?: string[];
  },
): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'identity.commerce-guests',
    topics: options.topics ?? [COMMERCE_TOPIC],
    handlers: identityHandlers(options),
  });
}
