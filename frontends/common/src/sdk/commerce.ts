// Commerce's calls (artist-side spec §7: cart, checkout, purchases, downloads, subscriptions), as the
// gateway routes them to services/commerce (services/commerce/README.md lists them). Money travels
// in dollars with 2 decimals.
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
  /** Dollars, 2 decimals: what checkout charges (total + service fee). */
  checkoutTotal?: string;
}

export interface UpdateCartAnswer extends Partial<CartAnswer> {
  /** 'added', 'upgraded', 'removed', 'reset', or 'in cart' (spec §4: an add counts only when 'added'). */
  message?: string;
}

export interface CheckoutAnswer {
  /**
   * Where to send the buyer: the provider's hosted page, or (the embedded test provider) the app's
   * own /checkout?session_id=…, where the test card form pays it.
   */
  url: string;
  orderId?: string;
  sessionId?: string;
  /** Dollars, 2 decimals. */
  amount?: string;
}

export interface TestPayAnswer {
  redirect_status: string;
  /** Where the buyer goes next: /user/purchases?redirect_status=succeeded. */
  url: string;
}

export interface Purchase {
  purchaseId: string;
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
  checkout(request: { uuid: string | null }): Promise<CheckoutAnswer>;
  /** The embedded test provider's pay step (a test card number; 4000 0000 0000 0002 is declined). */
  testCheckoutPay(request: { sessionId: string; cardNumber: string }): Promise<TestPayAnswer>;
  retrievePurchases(): Promise<{ purchases: Purchase[] }>;
  getDownloadable(request: {
    downloadable: string;
    beatId: string;
    /** The purchase's id. */
    urlId: string;
  }): Promise<{ url: string }>;
  memberActiveStatus(type: MemberType): Promise<MemberActiveStatus>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ url: string }>;
  createPortalSession(type: MemberType): Promise<{ url: string }>;
  cancelSubscription(type: MemberType): Promise<unknown>;
}

/** The route names (spec §7; the cart's checkout and the test provider's pay step are commerce's names). */
export const COMMERCE_ROUTES = {
  getCartItems: '/api/get_cart_items',
  updateCart: '/api/update_to_cart',
  checkout: '/api/beatmatch_checkout',
  testCheckoutPay: '/api/beatmatch_test_checkout_pay',
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
    testCheckoutPay: (request) => api.post(COMMERCE_ROUTES.testCheckoutPay, request),
    retrievePurchases: () => api.post(COMMERCE_ROUTES.retrievePurchases, {}),
    getDownloadable: (request) => api.post(COMMERCE_ROUTES.getDownloadable, request),
    memberActiveStatus: (type) => api.post(COMMERCE_ROUTES.memberActiveStatus, { type }),
    createSubscriptionCheckout: (request) => api.post(COMMERCE_ROUTES.createSubscriptionCheckout, request),
    createPortalSession: (type) => api.post(COMMERCE_ROUTES.createPortalSession, { type }),
    cancelSubscription: (type) => api.post(COMMERCE_ROUTES.cancelSubscription, { type }),
  };
}
