// The cart badge's source: the items kept in localStorage (spec §4 Cart). Commerce (a later issue)
// fills it; until then it is empty. One store, so the shell's badge and the remotes agree.

export interface CartItem {
  beatId: string;
  packageId: string;
}

export interface CartState {
  items: readonly CartItem[];
  count: number;
}

export interface CartStore {
  getSnapshot(): CartState;
  subscribe(listener: () => void): () => void;
  /** Logout clears the stored cart (spec §4 Logout). */
  clear(): void;
}

const CART_KEY = 'cart';

function read(storage: Storage): CartState {
  try {
    const items: unknown = JSON.parse(storage.getItem(CART_KEY) ?? '[]');
    const list = Array.isArray(items) ? (items as CartItem[]) : [];
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
    clear() {
      storage.removeItem(CART_KEY);
      reload();
    },
  };
}
