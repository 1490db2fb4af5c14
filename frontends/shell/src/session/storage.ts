// What the browser keeps between visits (artist-side spec §3, §4).

const UUID_KEY = 'uuid';
const CART_KEY = 'cart';
const SIGNED_IN_KEY = 'signedIn';
const REDIRECT_KEY = 'redirectPath';

export const DEFAULT_SIGNED_IN_PATH = '/user/matchmaker';

export const deviceUuid = {
  get: () => localStorage.getItem(UUID_KEY),
  set: (uuid: string) => localStorage.setItem(UUID_KEY, uuid),
};

export const signedInFlag = {
  set: () => localStorage.setItem(SIGNED_IN_KEY, 'true'),
  clear: () => localStorage.removeItem(SIGNED_IN_KEY),
};

export function readCartCount(): number {
  try {
    const items: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

export function clearCart(): void {
  localStorage.removeItem(CART_KEY);
}

/** The last /user path, so login can bring the user back to it. */
export const redirectPath = {
  remember: (path: string) => {
    if (path === '/user' || path.startsWith('/user/')) sessionStorage.setItem(REDIRECT_KEY, path);
  },
  get: () => sessionStorage.getItem(REDIRECT_KEY) ?? DEFAULT_SIGNED_IN_PATH,
};
