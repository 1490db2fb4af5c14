// Commerce's calls (artist-side spec §7: cart, checkout, purchases, downloads, subscriptions), as the
// gateway routes them to services/commerce (services/commerce/README.md lists them). Money travels
// in dollars with 2 decimals.
import type {
  CartAnswer,
  CheckoutAnswer,
  LicenceVerifyAnswer,
  LifetimeCheckoutAnswer,
  MemberStatusAnswer,
  MemberType,
  PurchaseView,
} from '@beatmatch/contracts';
import type { ApiClient } from './apiClient';

// The answers' shapes are commerce's own (packages/contracts/src/commerceApi.ts).
export type { CartAnswer, CheckoutAnswer, LicenceVerifyAnswer, LifetimeCheckoutAnswer };
export type Purchase = PurchaseView;
export type Download = PurchaseView['downloads'][number];
export type MemberActiveStatus = MemberStatusAnswer;

export type CartUpdate = 'add' | 'upgrade' | 'remove' | 'reset';
export type { MemberType };

export type UpdateCartAnswer = Partial<CartAnswer> & {
  /** 'added', 'upgraded', 'removed', 'reset', or 'in cart' (spec §4: an add counts only when 'added'). */
  message?: string;
};

export interface TestPayAnswer {
  redirect_status: string;
  /** Where the buyer goes next: /user/purchases?redirect_status=succeeded. */
  url: string;
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
  /** A visitor checks out as a guest with `email` (the purchase is theirs once they set a password). */
  checkout(request: { uuid: string | null; email?: string }): Promise<CheckoutAnswer>;
  /** The embedded test provider's pay step (a test card number; 4000 0000 0000 0002 is declined). */
  testCheckoutPay(request: { sessionId: string; cardNumber: string }): Promise<TestPayAnswer>;
  retrievePurchases(): Promise<{ purchases: Purchase[] }>;
  getDownloadable(request: {
    downloadable: Download['downloadable'];
    beatId: string;
    /** The purchase's id. */
    urlId: string;
  }): Promise<{ url: string }>;
  memberActiveStatus(type: MemberType): Promise<MemberActiveStatus>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ url: string }>;
  /** 'The Deal of A Lifetime' (one payment): where to pay, as for a plan; `type` is the page it is bought on. */
  createLifetimeCheckout(type: MemberType): Promise<LifetimeCheckoutAnswer>;
  createPortalSession(type: MemberType): Promise<{ url: string }>;
  /**
   * A plan billed by PayPal (spec §7 createPaypalSubscription), in two steps: with `plan`, where to
   * approve it (`url`, PayPal's page) and its `subId`; with `subId` after approval, the plan starts.
   */
  createPaypalSubscription(
    request: { type: MemberType; plan: string } | { type: MemberType; subId: string },
  ): Promise<{ url?: string; subId?: string; message?: string; plan?: string }>;
  cancelSubscription(type: MemberType): Promise<unknown>;
  /** The public licence check (no login): genuine with the licence's facts, or `genuine: false`. */
  verifyLicence(purchaseId: string): Promise<LicenceVerifyAnswer>;
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
  createLifetimeCheckout: '/api/create_lifetime_checkout',
  createPortalSession: '/api/create_portal_session',
  createPaypalSubscription: '/api/createPaypalSubscription',
  cancelSubscription: '/api/cancel_subscription',
  verifyLicence: '/api/beatmatch_license_verify',
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
    createLifetimeCheckout: (type) => api.post(COMMERCE_ROUTES.createLifetimeCheckout, { type }),
    createPortalSession: (type) => api.post(COMMERCE_ROUTES.createPortalSession, { type }),
    createPaypalSubscription: (request) => api.post(COMMERCE_ROUTES.createPaypalSubscription, request),
    cancelSubscription: (type) => api.post(COMMERCE_ROUTES.cancelSubscription, { type }),
    // A GET: a visitor's page needs no CSRF token for a read.
    verifyLicence: (purchaseId) =>
      api.getJson(`${COMMERCE_ROUTES.verifyLicence}?purchaseId=${encodeURIComponent(purchaseId)}`),
  };
}
