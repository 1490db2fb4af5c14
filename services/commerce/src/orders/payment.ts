import {
  aggregateStream,
  DomainError,
  handleCommand,
  type EventStore,
  type Infrastructure,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
} from '@beatmatch/platform';
import type {
  CheckoutSessionSettled,
  PaymentRefunded,
  ProviderEventOutcome,
} from '../providers/providerEvent';
import { orderPublication } from '../integration/publish';
import { cartDecider } from '../cart/cart';
import { orderDecider, orderStream, type OrderState } from './order';
import { orderByPaymentRef, ownedLines } from './readModel';

export interface OrderPaymentDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  /** The store inside a transaction: paying an order and clearing its cart commit together. */
  storeIn: (tx: SqlExecutor) => EventStore;
  payments: Pick<Infrastructure['payments'], 'refundPayment'>;
  clock: () => Date;
  logger: Logger;
}

/** Serialises the writers of one key (a cart, a buyer) until the transaction ends. */
export const lockFor = (tx: SqlExecutor, key: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);

/**
 * Pays an order (once) and takes its beats out of the cart it came from, in one transaction: a crash
 * leaves both or neither (README "One open checkout"). The cart, then the buyer, are locked first, so
 * two payments of one buyer never both find a beat not owned yet. A payment that buys nothing new is
 * recorded, then refunded through the provider (idempotently: a redelivery refunds it again at most
 * as the same refund).
 */
export async function payOrder(
  deps: Omit<OrderPaymentDeps, 'logger'>,
  orderId: string,
  paymentRef: string,
  amountCents: number | null,
): Promise<OrderState> {
  const { state } = await aggregateStream(deps.store, orderStream(orderId), orderDecider);
  const placed = state.placed;
  if (!placed) throw new DomainError('order_not_found', 'Order not found.', 404);
  const settled = await deps.db.transaction(async (tx) => {
    await lockFor(tx, placed.cartStream);
    await lockFor(tx, `buyer:${placed.buyerId}`);
    const store = deps.storeIn(tx);
    const owned = await ownedLines(tx, deps.schema, orderId, placed);
    const { newState } = await handleCommand(
      store,
      orderStream(orderId),
      orderDecider,
      { type: 'pay', paymentRef, amountCents, owned, now: deps.clock() },
      { publish: orderPublication },
    );
    const boughtOrOwned =
      newState.paymentRef === paymentRef ||
      newState.duplicates.some((d) => d.paymentRef === paymentRef && d.reason === 'already_owned');
    if (boughtOrOwned)
      await handleCommand(store, placed.cartStream, cartDecider, {
        type: 'purchased',
        orderId,
        beatIds: placed.lines.map((line) => line.beatId),
      });
    return newState;
  });
  await refundDuplicates(deps, orderId, settled, paymentRef);
  return settled;
}

/** Gives back what this payment paid for nothing (the same refund however often it is asked). */
async function refundDuplicates(
  deps: Pick<OrderPaymentDeps, 'payments'>,
  orderId: string,
  state: OrderState,
  paymentRef: string,
) {
  for (const duplicate of state.duplicates)
    if (duplicate.paymentRef === paymentRef && duplicate.amountCents > 0)
      await deps.payments.refundPayment({
        paymentRef,
        amountCents: duplicate.amountCents,
        idempotencyKey: `duplicate-${orderId}-${paymentRef}`,
        metadata: { kind: 'duplicate', orderId, reason: duplicate.reason },
      });
}

/**
 * An order's payment session: paid (at once or later) pays the order, expired or a failed later
 * payment records the failed attempt (the order stays open for another card).
 */
export async function orderSessionSettled(
  deps: OrderPaymentDeps,
  orderId: string,
  event: CheckoutSessionSettled,
): Promise<ProviderEventOutcome> {
  switch (event.stage) {
    case 'completed':
    case 'paidLater':
      if (event.payment === 'unpaid') return 'ignored';
      await payOrder(deps, orderId, event.paymentRef ?? event.sessionId, event.amountCents);
      return 'orderPaid';
    case 'expired':
    case 'paymentFailed':
      await handleCommand(deps.store, orderStream(orderId), orderDecider, {
        type: 'fail',
        reason: event.providerType,
        now: deps.clock(),
      });
      return 'orderPaymentFailed';
    default:
      return 'ignored';
  }
}

/**
 * A refunded payment of an order: the refund's purchases (named, else every purchase not refunded
 * yet) are reversed when the amount refunded now — the payment's cumulative refunded total less what
 * was already applied — is exactly their prices plus fee shares. A refund that matches no whole
 * purchases can not be split to the cent: it is acknowledged and logged for a person to settle
 * (answering an error would only make the provider retry it for days). Payments of plans or the
 * lifetime membership are not orders: ignored.
 */
export async function refundOrder(
  deps: OrderPaymentDeps,
  event: PaymentRefunded,
): Promise<ProviderEventOutcome> {
  const order = event.paymentRef ? await orderByPaymentRef(deps.db, deps.schema, event.paymentRef) : null;
  if (!order || event.refundedTotalCents === undefined) return 'ignored';
  try {
    const result = await handleCommand(
      deps.store,
      orderStream(order.order_id),
      orderDecider,
      {
        type: 'refund',
        refundId: event.eventId,
        purchaseIds: event.purchaseIds,
        refundedTotalCents: event.refundedTotalCents,
        now: deps.clock(),
      },
      { publish: orderPublication },
    );
    return result.newEvents.length > 0 ? 'purchasesRefunded' : 'ignored';
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'refund_mismatch') throw error;
    deps.logger.warn(
      {
        orderId: order.order_id,
        eventId: event.eventId,
        amountRefunded: event.refundedTotalCents,
        reason: error.message,
      },
      'a refund that matches no whole purchases: left for a person to settle',
    );
    return 'ignored';
  }
}
