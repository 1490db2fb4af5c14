// The frontend SDK: one API client, one session and one cart for the shell and every remote.
// Module federation shares this module as a singleton (rspack.federation.cjs), so a remote that
// imports it gets the instance the shell created: the same CSRF token, the same signed-in user.
import { useSyncExternalStore } from 'react';
import { createApiClient, type ApiClient, type FetchLike } from './apiClient';
import { createCartStore, type CartState, type CartStore } from './cart';
import { createCartActions, type AddToCartResult, type CartActions } from './cartActions';
import { createCommerceClient, type CommerceClient } from './commerce';
import { createDeviceId, type DeviceId } from './device';
import { createSessionStore, type SessionState, type SessionStore } from './session';

export * from './apiClient';
export * from './callAddress';
export * from './cart';
export * from './cartActions';
export * from './commerce';
export * from './catalog';
export * from './device';
export * from './errorReporter';
export * from './matchmaker';
export * from './session';
export * from './version';

export interface BeatmatchSdk {
  api: ApiClient;
  session: SessionStore;
  cart: CartStore;
  /** The visitor's device uuid: the one place it is issued and stored. */
  device: DeviceId;
  /** Commerce's calls (cart, checkout, purchases, subscriptions). */
  commerce: CommerceClient;
  /** The cart's operations: they ask commerce, then update the cart store (and so the badge). */
  cartActions: CartActions;
  /** Logs out: the session ends and the stored cart is cleared (spec §4 Logout). */
  logout(): Promise<void>;
}

export function createBeatmatchSdk(
  options: { fetch?: FetchLike; storage?: Storage; api?: ApiClient } = {},
): BeatmatchSdk {
  const api = options.api ?? createApiClient(options.fetch);
  const session = createSessionStore(
    {
      auth: () => api.call('beatmatch_auth'),
      logout: () => api.call('beatmatch_logout'),
    },
    options.storage,
  );
  const cart = createCartStore(options.storage);
  const commerce = createCommerceClient(api);
  const device = createDeviceId(() => api.call('beatmatch_exclude'), options.storage ?? localStorage);
  // A visitor's cart is the device of this browser's device cookie (the gateway vouches for it); the
  // stored uuid still goes in the body but chooses no cart. A visitor without the cookie is refused:
  // the exclude call sets it. Once: a second device would replace the first one's cookie, and the
  // cart with it (a failed call is retried).
  // services/commerce/README.md, "Visitors, devices and sign-in".
  let issued: Promise<void> | undefined;
  const issueDevice = () => {
    issued ??= device.issue().then(
      () => undefined,
      (error: unknown) => {
        issued = undefined;
        throw error;
      },
    );
    return issued;
  };
  const cartActions = createCartActions(commerce, cart, device.stored, issueDevice);
  // Signing in merges this device's cart into the user's on the server: read it then, so the badge
  // counts what the server holds (a failure keeps the stored list; the cart page reads it again).
  let signedIn = false;
  session.subscribe(() => {
    const nowSignedIn = session.getSnapshot().status === 'signedIn';
    if (nowSignedIn && !signedIn) cartActions.sync().catch(() => undefined);
    signedIn = nowSignedIn;
  });
  return {
    api,
    session,
    cart,
    device,
    commerce,
    cartActions,
    async logout() {
      try {
        await session.logout();
      } finally {
        cart.clear();
      }
    },
  };
}

let instance: BeatmatchSdk | undefined;

/** The one SDK of this page (created on first use). */
export function beatmatchSdk(): BeatmatchSdk {
  instance ??= createBeatmatchSdk();
  return instance;
}

export function useSessionState(store: SessionStore = beatmatchSdk().session): SessionState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export function useCart(store: CartStore = beatmatchSdk().cart): CartState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Adds a beat to the cart in a package (the Match List's commitment dialog calls this): 'added', or
 * 'changed' when another package of that beat was in the cart, or 'inCart'. The badge updates once
 * commerce confirms; a refusal rejects with the server's message (an ApiError).
 */
export function addToCart(beatId: string, beatPackage: string): Promise<AddToCartResult> {
  return beatmatchSdk().cartActions.add(beatId, beatPackage);
}
