import { beatPurchasedV1, COMMERCE_TOPIC, IDENTITY_TOPIC, purchaseRefundedV1 } from '@beatmatch/contracts';
import { on, subscribeToContracts, type EventBus, type Logger, type SqlDatabase } from '@beatmatch/platform';
import { postTransfer } from '../ledger/ledger';
import { refundTransfer, saleTransfer } from '../ledger/postings';
import { producerEmailHandlers } from '../statements/producerEmails';

/**
 * The ledger is fed only by integration events: commerce's sales and refunds, each posted in the
 * transaction that marks its event id processed (and keyed by its purchase, so a sale published twice
 * under two ids still posts once).
 */
export const ledgerHandlers = (schema: string) => [
  on(beatPurchasedV1, async (event, tx) => {
    await postTransfer(tx, saleTransfer(event.payload), schema);
  }),
  on(purchaseRefundedV1, async (event, tx) => {
    await postTransfer(tx, refundTransfer(event.payload), schema);
  }),
];

export interface SubscriptionOptions {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  /** Consumer group and topic (tests use fresh ones). */
  consumer?: string;
  topic?: string;
}

function subscribe(
  options: SubscriptionOptions,
  defaults: { consumer: string; topic: string },
  handlers: ReturnType<typeof on>[],
) {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? defaults.consumer,
    topics: [options.topic ?? defaults.topic],
    handlers,
  });
}

export const subscribeLedger = (options: SubscriptionOptions) =>
  subscribe(options, { consumer: 'payouts.ledger', topic: COMMERCE_TOPIC }, ledgerHandlers(options.schema));

/** Identity's sign-ups: each user's e-mail, where payout statements go. */
export const subscribeProducerEmails = (options: SubscriptionOptions) =>
  subscribe(
    options,
    { consumer: 'payouts.producers', topic: IDENTITY_TOPIC },
    producerEmailHandlers(options.schema),
  );
