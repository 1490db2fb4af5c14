import { guestPurchasesClaimedV1, IDENTITY_TOPIC } from '@beatmatch/contracts';
import {
  handleCommand,
  on,
  subscribeToContracts,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
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
export function claimHandlers(deps: { store: EventStore; clock: () => Date }) {
  return [
    on(guestPurchasesClaimedV1, async (event) => {
      const { userId, email, orderIds } = event.payload;
      for (const orderId of orderIds) {
        await handleCommand(deps.store, orderStream(orderId), orderDecider, {
          type: 'claim',
          userId,
          email: email.toLowerCase(),
          now: deps.clock(),
        });
      }
    }),
  ];
}

export function subscribeToClaims(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  store: EventStore;
  clock: () => Date;
  consumer?: string;
  topics?: string[];
}): Promise<Subscription> {
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
