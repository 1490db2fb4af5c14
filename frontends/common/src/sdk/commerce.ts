// Commerce's calls (artist-side spec §7: cart, checkout, purchases, downloads, subscriptions), as the
// gateway routes them to services/commerce (services/commerce/README.md lists them). Money travels
// in dollars with 2 decimals.
import type {
  CallAnswer,
  CallRequest,
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

/**
 * update_to_cart's answer, read leniently: an answer without the cart makes the cart actions read it
 * (get_cart_items). Its message is 'added', 'upgraded', 'removed', 'reset', or 'in cart' (spec §4: an
 * add counts only when 'added').
 */
export type UpdateCartAnswer = Partial<CallAnswer<'update_to_cart'>>;

export type TestPayAnswer = CallAnswer<'beatmatch_test_checkout_pay'>;

export type SubscriptionCheckoutRequest = CallRequest<'create_subscription_checkout'>;

type PaypalAnswer = CallAnswer<'createPaypalSubscription'>;

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
  retrievePurchases(): Promise<CallAnswer<'retrieve_puchases'>>;
  getDownloadable(request: {
    downloadable: Download['downloadable'];
    beatId: string;
    /** The purchase's id. */
    urlId: string;
  }): Promise<CallAnswer<'get_downloadable'>>;
  memberActiveStatus(type: MemberType): Promise<MemberActiveStatus>;
  createSubscriptionCheckout(
    request: SubscriptionCheckoutRequest,
  ): Promise<CallAnswer<'create_subscription_checkout'>>;
  /** 'The Deal of A Lifetime' (one payment): where to pay, as for a plan; `type` is the page it is bought on. */
  createLifetimeCheckout(type: MemberType): Promise<LifetimeCheckoutAnswer>;
  createPortalSession(type: MemberType): Promise<CallAnswer<'create_portal_session'>>;
  /**
   * A plan billed by PayPal (spec §7 createPaypalSubscription), in two steps: with `plan`, where to
   * approve it (`url`, PayPal's page) and its `subId`; with `subId` after approval, the plan starts.
   */
  createPaypalSubscription(request: {
    type: MemberType;
    plan: string;
  }): Promise<Extract<PaypalAnswer, { url: string }>>;
  createPaypalSubscription(request: {
    type: MemberType;
    subId: string;
  }): Promise<Extract<PaypalAnswer, { message: string }>>;
  cancelSubscription(type: MemberType): Promise<CallAnswer<'cancel_subscription'>>;
  /** The public licence check (no login): genuine with the licence's facts, or `genuine: false`. */
  verifyLicence(purchaseId: string): Promise<LicenceVerifyAnswer>;
}

export function createCommerceClient(api: ApiClient): CommerceClient {
  return {
    getCartItems: (uuid) => api.call('get_cart_items', { uuid }),
    updateCart: (request) => api.call('update_to_cart', request),
    checkout: (request) => api.call('beatmatch_checkout', request),
    testCheckoutPay: (request) => api.call('beatmatch_test_checkout_pay', request),
    retrievePurchases: () => api.call('retrieve_puchases'),
    getDownloadable: (request) => api.call('get_downloadable', request),
    memberActiveStatus: (type) => api.call('member_active_status', { type }),
    createSubscriptionCheckout: (request) => api.call('create_subscription_checkout', request),
    createLifetimeCheckout: (type) => api.call('create_lifetime_checkout', { type }),
    createPortalSession: (type) => api.call('create_portal_session', { type }),
    // Which of the two answers comes follows from the request (plan: the approve URL; subId: started).
    createPaypalSubscription: ((request: CallRequest<'createPaypalSubscription'>) =>
      api.call('createPaypalSubscription', request)) as CommerceClient['createPaypalSubscription'],
    cancelSubscription: (type) => api.call('cancel_subscription', { type }),
    // The GET twin: a visitor's page needs no CSRF token for a read.
    verifyLicence: (purchaseId) => api.callGet('beatmatch_license_verify', { purchaseId }),
  };
}
