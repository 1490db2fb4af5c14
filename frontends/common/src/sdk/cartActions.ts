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

export function createCartActions(
  commerce: CommerceClient,
  store: CartStore,
  deviceUuid: () => string | null,
): CartActions {
  async function sync(): Promise<CartAnswer> {
    const answer = await commerce.getCartItems(deviceUuid());
    store.replace(answer.cart ?? []);
    return answer;
  }

  async function apply(cart: readonly CartItem[] | undefined): Promise<void> {
    if (cart) store.replace(cart);
    else await sync();
  }

  async function upgrade(beatId: string, beatPackage: string): Promise<AddToCartResult> {
    const answer = await commerce.updateCart({ beatId, beatPackage, update: 'upgrade', uuid: deviceUuid() });
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
        answer = await commerce.updateCart({ beatId, beatPackage, update: 'add', uuid: deviceUuid() });
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
      const answer = await commerce.updateCart({ beatId, update: 'remove', uuid: deviceUuid() });
      await apply(answer.cart);
    },
    async reset() {
      const beatIds = store.getSnapshot().items.map((item) => item.beatId);
      await commerce.updateCart({ beatId: beatIds, update: 'reset', uuid: deviceUuid() });
      store.clear();
    },
    sync,
  };
}
