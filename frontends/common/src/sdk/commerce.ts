// Commerce's calls (artist-side spec §7: cart, checkout, purchases, downloads, subscriptions), as the
// gateway routes them to services/commerce. Money travels in dollars with 2 decimals.
import type { ApiClient } from './apiClient';
import type { CartItem } from './cart';

export type CartUpdate = 'add' | 'upgrade' | 'remove' | 'reset';
export type MemberType = 'artist' | 'producer';

export interface CartAnswer {
  cart: CartItem[];
  /** Dollars, 2 decimals: the beats' prices added up. */
  total?: string;
  /** Dollars, 2 decimals: computed by the server (0 for subscribers and lifetime members). */
  serviceFee?: string;
}

export interface UpdateCartAnswer {
  /** 'added' when an add was applied (spec §4: the cart changes only then). */
  message?: string;
  cart?: CartItem[];
}

export interface CheckoutAnswer {
  /** Where to send the buyer: the provider's hosted page, or (test provider) a page in the app. */
  url: string;
}

export interface Purchase {
  beatId: string;
  beatName: string;
  beatPackage: string;
  /** Dollars, 2 decimals. */
  pricePaid: string;
  producerName: string;
  userId?: string;
  coverArtUrl?: string | null;
  signedDate: string;
  /** The downloads this purchase grants (MP3, WAV, stems, licence PDF), when the server lists them. */
  downloads?: Download[];
  purchaseId?: string;
}

export interface Download {
  /** What get_downloadable is asked for: e.g. mp3, wav, stems, license. */
  downloadable: string;
  label?: string;
}

export interface MemberActiveStatus {
  subscribed: boolean;
  lifer: boolean;
  paypal?: boolean;
  plan?: string | null;
}

export interface SubscriptionCheckoutRequest {
  type: MemberType;
  plan: string;
  weekTrial?: boolean;
  ambassadorTrial?: boolean;
}

export interface CommerceClient {
  getCartItems(uuid: string | null): Promise<CartAnswer>;
  updateCart(request: {
    beatId: string | string[];
    beatPackage?: string;
    update: CartUpdate;
    uuid: string | null;
  }): Promise<UpdateCartAnswer>;
  checkout(request: { uuid: string | null; email?: string }): Promise<CheckoutAnswer>;
  retrievePurchases(): Promise<{ purchases: Purchase[] }>;
  getDownloadable(request: {
    downloadable: string;
    beatId: string;
    urlId?: string;
  }): Promise<{ url: string }>;
  memberActiveStatus(type: MemberType): Promise<MemberActiveStatus>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ url: string }>;
  createPortalSession(type: MemberType): Promise<{ url: string }>;
  cancelSubscription(type: MemberType): Promise<unknown>;
}

/** The route names (spec §7; the checkout of the cart is commerce's own name). */
export const COMMERCE_ROUTES = {
  getCartItems: '/api/get_cart_items',
  updateCart: '/api/update_to_cart',
  checkout: '/api/beatmatch_checkout',
  retrievePurchases: '/api/retrieve_puchases',
  getDownloadable: '/api/get_downloadable',
  memberActiveStatus: '/api/member_active_status',
  createSubscriptionCheckout: '/api/create_subscription_checkout',
  createPortalSession: '/api/create_portal_session',
  cancelSubscription: '/api/cancel_subscription',
} as const;

export function createCommerceClient(api: ApiClient): CommerceClient {
  return {
    getCartItems: (uuid) => api.post(COMMERCE_ROUTES.getCartItems, { uuid }),
    updateCart: (request) => api.post(COMMERCE_ROUTES.updateCart, request),
    checkout: (request) => api.post(COMMERCE_ROUTES.checkout, request),
    retrievePurchases: () => api.post(COMMERCE_ROUTES.retrievePurchases, {}),
    getDownloadable: (request) => api.post(COMMERCE_ROUTES.getDownloadable, request),
    memberActiveStatus: (type) => api.post(COMMERCE_ROUTES.memberActiveStatus, { type }),
    createSubscriptionCheckout: (request) => api.post(COMMERCE_ROUTES.createSubscriptionCheckout, request),
    createPortalSession: (type) => api.post(COMMERCE_ROUTES.createPortalSession, { type }),
    cancelSubscription: (type) => api.post(COMMERCE_ROUTES.cancelSubscription, { type }),
  };
}
