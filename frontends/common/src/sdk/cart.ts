// The cart badge's source and the cart page's list: the items kept in localStorage (spec §3 "The cart
// is persisted locally", §4 Cart). The server's cart is the truth: the store only ever holds what
// commerce last answered (commerceCart.ts keeps the two in step). One store, so the shell's badge and
// the remotes agree.

/** The three packages a beat is sold in (spec §1), as the cart calls speak them. */
export const BEAT_PACKAGES = ['First Date Package', 'Relationship Package', 'Marriage Package'] as const;
export type BeatPackage = (typeof BEAT_PACKAGES)[number];

/** A cart item (spec §3): prices in dollars with 2 decimals, as the API speaks them. */
export interface CartItem {
  beatId: string;
  beatPackage: string;
  beatName?: string;
  beatPrice?: string;
  producerName?: string;
  coverArtUrl?: string | null;
  /** false: the beat was deleted, made private or the package withdrawn — shown, not bought. */
  available?: boolean;
  /** Why it is unavailable, or that its price changed since it was added. */
  notice?: string | null;
}

export interface CartState {
  items: readonly CartItem[];
  count: number;
}

export interface CartStore {
  getSnapshot(): CartState;
  subscribe(listener: () => void): () => void;
  /** Puts the server's answer in place of the stored list. */
  replace(items: readonly CartItem[]): void;
  /** Logout clears the stored cart (spec §4 Logout); so does a succeeded payment. */
  clear(): void;
}

const CART_KEY = 'cart';

function isCartItem(value: unknown): value is CartItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CartItem).beatId === 'string' &&
    typeof (value as CartItem).beatPackage === 'string'
  );
}

function read(storage: Storage): CartState {
  try {
    const items: unknown = JSON.parse(storage.getItem(CART_KEY) ?? '[]');
    // A stored value of an older shape (or a hand-edited one) is dropped, not shown half-read.
    const list = Array.isArray(items) ? items.filter(isCartItem) : [];
    return { items: list, count: list.length };
  } catch {
    return { items: [], count: 0 };
  }
}

export function createCartStore(storage: Storage = localStorage): CartStore {
  let state = read(storage);
  const listeners = new Set<() => void>();
  const reload = () => {
    const next = read(storage);
    if (next.count === state.count && JSON.stringify(next.items) === JSON.stringify(state.items)) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      // Another tab changed the cart.
      if (listeners.size === 0) window.addEventListener('storage', reload);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', reload);
      };
    },
    replace(items) {
      if (items.length === 0) storage.removeItem(CART_KEY);
      else storage.setItem(CART_KEY, JSON.stringify(items.filter(isCartItem)));
      reload();
    },
    clear() {
      storage.removeItem(CART_KEY);
      reload();
    },
  };
}
