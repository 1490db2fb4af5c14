import { COMMERCE_TOPIC, subscriptionPaidV1, subscriptionPaymentRefundedV1 } from '@beatmatch/contracts';
import { on, subscribeToContracts, type EventBus, type Logger, type SqlDatabase } from '@beatmatch/platform';
import { recordPayment, recordRefund } from '../rewards/readModel';

/**
 * Commerce's subscription payments and refunds (trials are not payments): each kept, and the months
 * it counts in marked due for the referrer of its payer, in the consumer's transaction.
 */
export const paymentHandlers = (schema: string, clock: () => Date) => [
  on(subscriptionPaidV1, (event, tx) => recordPayment(tx, schema, event.payload, clock())),
  on(subscriptionPaymentRefundedV1, (event, tx) => recordRefund(tx, schema, event.payload, clock())),
];

export function subscribePayments(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  clock: () => Date;
  /** Consumer group and topic (tests use fresh ones). */
  consumer?: string;
  topic?: string;
}) {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: options.consumer ?? 'referrals.payments',
    topics: [options.topic ?? COMMERCE_TOPIC],
    handlers: paymentHandlers(options.schema, options.clock),
  });
}
