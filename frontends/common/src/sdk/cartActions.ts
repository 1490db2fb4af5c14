// The cart's operations (spec §4 Cart): add, upgrade, remove, reset. Each asks commerce first and
// only then puts the server's cart in the store, so the badge never shows an item the server refused.
import { ApiError } from './apiClient';
import type { CartItem, CartStore } from './cart';
import type { CartAnswer, CommerceClient } from './commerce';

export type AddToCartResult = 'added' | 'changed' | 'inCart';

export interface CartActions {
  /**
   * Adds a beat in a package; a beat already in the cart in another package is changed to this one
   * (only one package per beat). Resolves 'inCart' without a call when it is there already.
   */
  add(beatId: string, beatPackage: string): Promise<AddToCartResult>;
  remove(beatId: string): Promise<void>;
  /** Empties the cart on the server and here. */
  reset(): Promise<void>;
  /** Reads the server's cart (with its total and service fee) into the store. */
  sync(): Promise<CartAnswer>;
}

/** The commitment dialog's button (spec §4): 'add to cart', 'change' or 'in cart'. */
export function cartButtonLabel(
  items: readonly CartItem[],
  beatId: string,
  beatPackage: string,
): 'add to cart' | 'change' | 'in cart' {
  const inCart = items.find((item) => item.beatId === beatId);
  if (!inCart) return 'add to cart';
  return inCart.beatPackage === beatPackage ? 'in cart' : 'change';
}

export class CartNotChangedError extends Error {
  constructor(message = 'The beat could not be added to your cart.') {
    super(message);
    this.name = 'CartNotChangedError';
  }
}

/**
 * Commerce's answer to a visitor whose browser has no device the gateway vouches for (no device
 * cookie): 400 'A device id (uuid) is required.' with this code. A visitor's cart is the device of its
 * device cookie, never the uuid in the body (services/commerce/README.md, "Visitors, devices and sign-in").
 */
export const CART_DEVICE_REQUIRED = 'uuid';

const isDeviceRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.code === CART_DEVICE_REQUIRED;

/**
 * `issueDevice` is the exclude call (the gateway sets this browser's device cookie): a visitor refused
 * for want of a device asks for one once and repeats the call — a browser that stored its uuid before
 * the device cookie existed, or lost its cookies, or never had a device.
 */
export function createCartActions(
  commerce: CommerceClient,
  store: CartStore,
  deviceUuid: () => string | null,
  issueDevice?: () => Promise<unknown>,
): CartActions {
  /** A cart call (its body's uuid read anew each time), repeated once after the device is issued. */
  async function withDevice<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!issueDevice || !isDeviceRequired(error)) throw error;
      await issueDevice();
      return call();
    }
  }

  async function sync(): Promise<CartAnswer> {
    const answer = await withDevice(() => commerce.getCartItems(deviceUuid()));
    store.replace(answer.cart ?? []);
    return answer;
  }

  async function apply(cart: readonly CartItem[] | undefined): Promise<void> {
    if (cart) store.replace(cart);
    else await sync();
  }

  async function upgrade(beatId: string, beatPackage: string): Promise<AddToCartResult> {
    const answer = await withDevice(() =>
      commerce.updateCart({ beatId, beatPackage, update: 'upgrade', uuid: deviceUuid() }),
    );
    await apply(answer.cart);
    return 'changed';
  }

  return {
    async add(beatId, beatPackage) {
      const label = cartButtonLabel(store.getSnapshot().items, beatId, beatPackage);
      if (label === 'in cart') return 'inCart';
      if (label === 'change') return upgrade(beatId, beatPackage);
      let answer;
      try {
        answer = await withDevice(() =>
          commerce.updateCart({ beatId, beatPackage, update: 'add', uuid: deviceUuid() }),
        );
      } catch (error) {
        // This list was stale: the server has the beat in another package (one package per beat).
        if (error instanceof ApiError && error.status === 409) {
          await sync();
          return upgrade(beatId, beatPackage);
        }
        throw error;
      }
      await apply(answer.cart);
      if (answer.message === 'in cart') return 'inCart';
      // An add counts only when the server says it was added (spec §4).
      if (answer.message !== 'added') throw new CartNotChangedError(answer.message);
      return 'added';
    },
    async remove(beatId) {
      const answer = await withDevice(() =>
        commerce.updateCart({ beatId, update: 'remove', uuid: deviceUuid() }),
      );
      await apply(answer.cart);
    },
    async reset() {
      const beatIds = store.getSnapshot().items.map((item) => item.beatId);
      await withDevice(() => commerce.updateCart({ beatId: beatIds, update: 'reset', uuid: deviceUuid() }));
      store.clear();
    },
    sync,
  };
}
