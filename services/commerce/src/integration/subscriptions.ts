import { guestPurchasesClaimedV1, IDENTITY_TOPIC } from '@beatmatch/contracts';
import {
  handleCommand,
  on,
  subscribeToContracts,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';
import { orderDecider, orderStream } from '../orders/order';

/**
 * Guest checkout's last step (README "Guest checkout"): identity says the owner of a guest order's
 * e-mail has an account (`identity.GuestPurchasesClaimed`); each named order is claimed for that user
 * (`OrderClaimed` on the order's stream; the read model moves its purchases to the user). The order
 * decider claims a paid guest order of that very e-mail once, so a replayed event, an order of another
 * e-mail or a user's own order changes nothing.
 */
export function claimHandlers(deps: ClaimDeps) {
  return [
    on(guestPurchasesClaimedV1, async (event, tx) => {
      const { userId, email, orderIds } = event.payload;
      const store = deps.storeIn(tx);
      for (const orderId of orderIds) {
        await handleCommand(store, orderStream(orderId), orderDecider, {
          type: 'claim',
          userId,
          email: email.toLowerCase(),
          now: deps.clock(),
        });
      }
    }),
  ];
}

export interface ClaimDeps {
  /** The event store inside the dedupe's transaction (claims and the mark commit together). */
  storeIn: (tx: SqlExecutor) => EventStore;
  clock: () => Date;
}

export function subscribeToClaims(
  options: ClaimDeps & {
    bus: EventBus;
    db: SqlDatabase;
    logger: Logger;
    schema: string;
    consumer?: string;
    topics?: string[];
  },
): Promise<Subscription> {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'commerce.guest-claims',
    topics: options.topics ?? [IDENTITY_TOPIC],
    handlers: claimHandlers(options),
  });
}
