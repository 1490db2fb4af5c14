import type { PackageName } from '@beatmatch/contracts';
import { COMMERCE_MESSAGES } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';

/**
 * A cart as a decider (spec §4 Cart): one package per beat; add, upgrade (another package of the same
 * beat), remove, reset; a visitor's device cart merges into the user's cart on the first call after
 * login; a paid order takes its beats out. The price kept is the one seen when the item was added,
 * so the cart can say when the producer changed it since (checkout always charges the current one).
 */
export type CartLine = {
  beatId: string;
  package: PackageName;
  priceCents: number;
  addedAt: string;
};

/**
 * The cart's open checkout (README "One open checkout"): the order placed for it, its payment session
 * and what it was placed for (`key`: lines, prices, fee and buyer). A second checkout of the same cart
 * answers it again; a checkout of a changed cart voids it.
 */
export type OpenCheckout = {
  orderId: string;
  sessionId: string;
  url: string;
  amountCents: number;
  key: string;
  at: string;
};

export interface CartState {
  lines: CartLine[];
  checkout: OpenCheckout | null;
  /** When the latest payment sessions were opened (the checkout limit counts them). */
  checkoutsOpenedAt: string[];
}

export type CartEvent =
  | { type: 'CartItemAdded'; data: CartLine }
  | { type: 'CartItemUpgraded'; data: { beatId: string; package: PackageName; priceCents: number } }
  | { type: 'CartItemRemoved'; data: { beatId: string } }
  | { type: 'CartReset'; data: { at: string; reason: 'user' | 'merged' } }
  | { type: 'CartItemsPurchased'; data: { orderId: string; beatIds: string[] } }
  | { type: 'CheckoutOpened'; data: OpenCheckout };

export type CartCommand =
  | { type: 'add'; beatId: string; package: PackageName; priceCents: number; now: Date }
  | { type: 'upgrade'; beatId: string; package: PackageName; priceCents: number; now: Date }
  | { type: 'remove'; beatId: string }
  | { type: 'reset'; now: Date }
  /** Lines of the device cart, merged after login: a beat already in the user's cart keeps its package. */
  | { type: 'merge'; lines: CartLine[] }
  | { type: 'handOver'; now: Date }
  | { type: 'purchased'; orderId: string; beatIds: string[] };

export const userCartStream = (userId: string) => `cart-user:${userId}`;
export const deviceCartStream = (uuid: string) => `cart-device:${uuid}`;

/** At most this many new payment sessions per cart in CHECKOUT_LIMIT_WINDOW_MS (item 7 of issue 20). */
export const CHECKOUT_LIMIT = 5;
export const CHECKOUT_LIMIT_WINDOW_MS = 60_000;

/** Whether the cart may open another payment session now (answering the open one is always allowed). */
export const mayOpenCheckout = (state: CartState, now: Date) =>
  state.checkoutsOpenedAt.filter((at) => now.getTime() - Date.parse(at) < CHECKOUT_LIMIT_WINDOW_MS).length <
  CHECKOUT_LIMIT;

const find = (state: CartState, beatId: string) => state.lines.find((line) => line.beatId === beatId);

/** A beat's package added at the price seen now (an add, or an upgrade of a beat not in the cart). */
const added = (command: Extract<CartCommand, { type: 'add' | 'upgrade' }>): CartEvent => ({
  type: 'CartItemAdded',
  data: {
    beatId: command.beatId,
    package: command.package,
    priceCents: command.priceCents,
    addedAt: command.now.toISOString(),
  },
});

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: () => ({ lines: [], checkout: null, checkoutsOpenedAt: [] }),

  decide(command, state) {
    switch (command.type) {
      case 'add': {
        const line = find(state, command.beatId);
        if (line?.package === command.package) return [];
        if (line) throw new DomainError('already_in_cart', COMMERCE_MESSAGES.alreadyInCart, 409);
        return added(command);
      }
      case 'upgrade': {
        const line = find(state, command.beatId);
        if (!line) return added(command);
        if (line.package === command.package) return [];
        return {
          type: 'CartItemUpgraded',
          data: { beatId: command.beatId, package: command.package, priceCents: command.priceCents },
        };
      }
      case 'remove':
        return find(state, command.beatId)
          ? { type: 'CartItemRemoved', data: { beatId: command.beatId } }
          : [];
      case 'reset':
        return state.lines.length > 0
          ? { type: 'CartReset', data: { at: command.now.toISOString(), reason: 'user' } }
          : [];
      case 'merge':
        return command.lines
          .filter((line) => !find(state, line.beatId))
          .map((line): CartEvent => ({ type: 'CartItemAdded', data: line }));
      case 'handOver':
        return state.lines.length > 0
          ? { type: 'CartReset', data: { at: command.now.toISOString(), reason: 'merged' } }
          : [];
      case 'purchased': {
        const beatIds = command.beatIds.filter((beatId) => find(state, beatId));
        return beatIds.length > 0
          ? { type: 'CartItemsPurchased', data: { orderId: command.orderId, beatIds } }
          : [];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CartItemAdded':
        return {
          ...state,
          lines: [...state.lines.filter((l) => l.beatId !== event.data.beatId), event.data],
        };
      case 'CartItemUpgraded':
        return {
          ...state,
          lines: state.lines.map((line) =>
            line.beatId === event.data.beatId
              ? { ...line, package: event.data.package, priceCents: event.data.priceCents }
              : line,
          ),
        };
      case 'CartItemRemoved':
        return { ...state, lines: state.lines.filter((line) => line.beatId !== event.data.beatId) };
      case 'CartReset':
        return { ...state, lines: [] };
      case 'CartItemsPurchased':
        return {
          ...state,
          lines: state.lines.filter((line) => !event.data.beatIds.includes(line.beatId)),
          checkout: state.checkout?.orderId === event.data.orderId ? null : state.checkout,
        };
      case 'CheckoutOpened':
        return {
          ...state,
          checkout: event.data,
          checkoutsOpenedAt: [...state.checkoutsOpenedAt, event.data.at].slice(-CHECKOUT_LIMIT),
        };
    }
  },
};
