import { randomUUID } from 'node:crypto';
import type { PackageName } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';

/**
 * An order as a decider: placed at checkout with the prices of commerce's projection at that moment
 * (never the client's), paid only by a verified webhook — once, however often the webhook arrives —
 * or failed (the cart stays as it was). Paying turns each line into a purchase. A refund (verified
 * webhook) reverses purchases: each refunded purchase gives back its price and its fee share, to the
 * cent, once.
 */
export type OrderLine = {
  beatId: string;
  package: PackageName;
  priceCents: number;
  /** This line's share of the service fee (the fee split over lines, largest remainder, to the cent). */
  feeCents: number;
  producerId: string;
  producerName: string;
  beatName: string;
  coverArtUrl: string | null;
  hasStems: boolean;
};

export type OrderPlaced = {
  orderId: string;
  /** A user id, or for a guest's order `guest:<email>` (guestBuyerId) until the e-mail's owner claims it. */
  buyerId: string;
  /** A visitor's order, paid for by the e-mail in buyerEmail (README "Guest checkout"). */
  guest?: boolean;
  buyerEmail: string;
  /** The buyer's display name (the public licence check names the licensee by it, never by e-mail). */
  buyerName?: string;
  /** The cart stream the order came from (its beats leave the cart when paid). */
  cartStream: string;
  lines: OrderLine[];
  totalCents: number;
  feeCents: number;
  provider: 'stripe' | 'test';
  sessionId: string;
  placedAt: string;
};

export type OrderPurchase = {
  purchaseId: string;
  beatId: string;
  /** The order line it is (absent on orders paid before lines could be skipped: the same index). */
  line?: number;
};

/**
 * A payment that bought nothing new, given back through the provider (README "Duplicate payments"):
 * a second payment of a paid order, a payment of a voided order, or lines the buyer already owns.
 */
export type DuplicatePayment = {
  paymentRef: string;
  amountCents: number;
  /** The order lines it paid for (every line: the whole payment). */
  lines: number[];
  whole: boolean;
  reason: 'already_paid' | 'voided' | 'already_owned';
  at: string;
};

export type OrderEvent =
  | { type: 'OrderPlaced'; data: OrderPlaced }
  | { type: 'OrderPaid'; data: { paymentRef: string; paidAt: string; purchases: OrderPurchase[] } }
  | { type: 'OrderPaymentFailed'; data: { reason: string; failedAt: string } }
  /** A newer checkout of the same cart replaced this order: it is never paid (a payment is refunded). */
  | { type: 'OrderVoided'; data: { replacedBy: string; at: string } }
  | { type: 'DuplicatePaymentRefunded'; data: DuplicatePayment }
  /** A paid guest order's purchases moved to the account that owns its e-mail (identity told us). */
  | { type: 'OrderClaimed'; data: { userId: string; email: string; claimedAt: string } }
  | {
      type: 'OrderRefunded';
      data: {
        /** The provider event that told us (a refund applies once per event). */
        refundId: string;
        refundedAt: string;
        /** This refund's amount: the refunded purchases' prices plus their fee shares. */
        amountCents: number;
        purchases: RefundedPurchase[];
      };
    };

export type RefundedPurchase = {
  purchaseId: string;
  beatId: string;
  producerId: string;
  priceCents: number;
  feeCents: number;
};

export type OrderCommand =
  | { type: 'place'; order: OrderPlaced }
  /** owned: the indexes of lines whose beat and package the buyer owns already (bought elsewhere). */
  | { type: 'pay'; paymentRef: string; amountCents: number | null; owned: number[]; now: Date }
  | { type: 'void'; replacedBy: string; now: Date }
  | { type: 'fail'; reason: string; now: Date }
  | { type: 'claim'; userId: string; email: string; now: Date }
  | {
      type: 'refund';
      refundId: string;
      /** The purchases this refund is for; null: every purchase of the order not refunded yet. */
      purchaseIds: string[] | null;
      /** The payment's refunded total so far (cumulative, as the provider reports it). */
      refundedTotalCents: number;
      now: Date;
    };

export interface OrderState {
  placed: OrderPlaced | null;
  status: 'none' | 'open' | 'paid' | 'failed' | 'void';
  purchases: OrderPurchase[];
  /** The payment that paid the order. */
  paymentRef: string | null;
  /** Payments (or parts) that bought nothing new, each refunded through the provider. */
  duplicates: DuplicatePayment[];
  paidAt: string | null;
  /** Purchases reversed by refunds, and the refunds (provider event ids) applied. */
  refunded: string[];
  refundIds: string[];
  refundedCents: number;
  /** The account a guest order was claimed by (null: a user's order, or not claimed yet). */
  claimedBy: string | null;
}

/** The buyer id of a guest's order until it is claimed: never a user id (those are uuids). */
export const guestBuyerId = (email: string) => `guest:${email}`;

/** Who owns the order's purchases now: the user, the claiming user, or null for an unclaimed guest order. */
export const ownerOf = (state: Pick<OrderState, 'placed' | 'claimedBy'>): string | null =>
  !state.placed ? null : state.placed.guest ? state.claimedBy : state.placed.buyerId;

export const orderStream = (orderId: string) => `order:${orderId}`;

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({
    placed: null,
    status: 'none',
    purchases: [],
    paymentRef: null,
    duplicates: [],
    paidAt: null,
    refunded: [],
    refundIds: [],
    refundedCents: 0,
    claimedBy: null,
  }),
  decide(command, state) {
    switch (command.type) {
      case 'place':
        if (state.status !== 'none') return [];
        return { type: 'OrderPlaced', data: command.order };
      case 'pay':
        return pay(command, state);
      case 'void':
        return state.status === 'open'
          ? { type: 'OrderVoided', data: { replacedBy: command.replacedBy, at: command.now.toISOString() } }
          : [];
      case 'refund': {
        if (!state.placed) throw new DomainError('order_not_found', 'Order not found.', 404);
        if (state.status !== 'paid') throw new DomainError('order_not_paid', 'This order was not paid.', 409);
        if (state.refundIds.includes(command.refundId)) return [];
        const lines = purchasedLines(state);
        const known = new Set(lines.map(({ purchase }) => purchase.purchaseId));
        const unknown = (command.purchaseIds ?? []).filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new DomainError(
            'refund_mismatch',
            `Not purchases of this order: ${unknown.join(', ')}.`,
            409,
          );
        const targets = lines.filter(
          ({ purchase }) =>
            !state.refunded.includes(purchase.purchaseId) &&
            (command.purchaseIds === null || command.purchaseIds.includes(purchase.purchaseId)),
        );
        const amount = command.refundedTotalCents - state.refundedCents;
        // Nothing new refunded (an earlier event already covered it).
        if (amount <= 0 || targets.length === 0) return [];
        const expected = targets.reduce((sum, { line }) => sum + line.priceCents + line.feeCents, 0);
        if (amount !== expected)
          throw new DomainError('refund_mismatch', `Refunded ${amount}, expected ${expected}.`, 409);
        return {
          type: 'OrderRefunded',
          data: {
            refundId: command.refundId,
            refundedAt: command.now.toISOString(),
            amountCents: amount,
            purchases: targets.map(({ line, purchase }) => ({
              purchaseId: purchase.purchaseId,
              beatId: line.beatId,
              producerId: line.producerId,
              priceCents: line.priceCents,
              feeCents: line.feeCents,
            })),
          },
        };
      }
      case 'claim':
        // Only a paid guest order of this very e-mail, once: a replay or another e-mail changes nothing.
        if (!state.placed?.guest || state.status !== 'paid' || state.claimedBy !== null) return [];
        if (state.placed.buyerEmail !== command.email) return [];
        return {
          type: 'OrderClaimed',
          data: { userId: command.userId, email: command.email, claimedAt: command.now.toISOString() },
        };
      case 'fail':
        if (state.status !== 'open') return [];
        return {
          type: 'OrderPaymentFailed',
          data: { reason: command.reason, failedAt: command.now.toISOString() },
        };
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { ...state, placed: event.data, status: 'open' };
      case 'OrderPaid':
        return {
          ...state,
          status: 'paid',
          purchases: event.data.purchases,
          paymentRef: event.data.paymentRef,
          paidAt: event.data.paidAt,
        };
      case 'OrderVoided':
        return { ...state, status: 'void' };
      case 'DuplicatePaymentRefunded':
        return {
          ...state,
          status: event.data.whole && state.status === 'open' ? 'void' : state.status,
          duplicates: [...state.duplicates, event.data],
          // Part of the order's own payment given back: later refunds of that payment count it.
          refundedCents:
            state.refundedCents + (event.data.paymentRef === state.paymentRef ? event.data.amountCents : 0),
        };
      case 'OrderClaimed':
        return { ...state, claimedBy: event.data.userId };
      case 'OrderPaymentFailed':
        // A failed attempt leaves the order open for another card (Stripe keeps the session too).
        return { ...state, status: 'open' };
      case 'OrderRefunded':
        return {
          ...state,
          refunded: [...state.refunded, ...event.data.purchases.map((p) => p.purchaseId)],
          refundIds: [...state.refundIds, event.data.refundId],
          refundedCents: state.refundedCents + event.data.amountCents,
        };
    }
  },
};

/** Each purchase with its order line (older events: the purchase at the line's index). */
export const purchasedLines = (state: OrderState) =>
  state.purchases.map((purchase, index) => ({
    line: state.placed!.lines[purchase.line ?? index]!,
    purchase,
  }));

/**
 * Paying an order (once; a replay of the same payment changes nothing). A payment that buys nothing
 * new is recorded for refund: a second payment of a paid order, any payment of a voided one, and the
 * lines whose beat and package the buyer owns already (the rest become purchases).
 */
function pay(command: Extract<OrderCommand, { type: 'pay' }>, state: OrderState): OrderEvent[] {
  const placed = state.placed;
  if (!placed) throw new DomainError('order_not_found', 'Order not found.', 404);
  const { paymentRef } = command;
  if (paymentRef === state.paymentRef || state.duplicates.some((d) => d.paymentRef === paymentRef)) return [];
  const expected = placed.totalCents + placed.feeCents;
  const at = command.now.toISOString();
  const all = placed.lines.map((_, index) => index);
  const duplicate = (
    reason: DuplicatePayment['reason'],
    lines: number[],
    amountCents: number,
  ): OrderEvent => ({
    type: 'DuplicatePaymentRefunded',
    data: { paymentRef, amountCents, lines, whole: lines.length === all.length, reason, at },
  });
  if (state.status === 'paid') return [duplicate('already_paid', all, command.amountCents ?? expected)];
  if (state.status === 'void') return [duplicate('voided', all, command.amountCents ?? expected)];
  if (command.amountCents !== null && command.amountCents !== expected)
    throw new DomainError('amount_mismatch', `Paid ${command.amountCents}, expected ${expected}.`, 409);
  const owned = all.filter((index) => command.owned.includes(index));
  if (owned.length === all.length) return [duplicate('already_owned', all, expected)];
  const paid: OrderEvent = {
    type: 'OrderPaid',
    data: {
      paymentRef,
      paidAt: at,
      purchases: all
        .filter((index) => !owned.includes(index))
        .map((index) => ({ purchaseId: randomUUID(), beatId: placed.lines[index]!.beatId, line: index })),
    },
  };
  if (owned.length === 0) return [paid];
  const ownedCents = owned.reduce(
    (sum, i) => sum + placed.lines[i]!.priceCents + placed.lines[i]!.feeCents,
    0,
  );
  return [paid, duplicate('already_owned', owned, ownedCents)];
}

/** Splits a fee over line amounts in proportion, to the cent (largest remainder); the parts add up. */
export function splitFee(feeCents: number, amounts: number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total === 0 || feeCents === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (feeCents * amount) / total);
  const parts = exact.map(Math.floor);
  let left = feeCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1;
    left--;
  }
  return parts;
}
