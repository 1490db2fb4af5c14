// The commerce screens and pieces the shell and both remotes share (plans, the plan pages, the test
// provider's card dialog, money and error display). Not the SDK: these carry antd components, so each
// app bundles the ones it uses (the SDK module is the federation singleton and stays UI-free).
export { FeatureList } from './FeatureList';
export { LifetimeMembershipView, LifetimeOffer } from './LifetimeOffer';
export { formatDollars } from './money';
export { PLAN_OFFERS, planTitle, trialDays, type PlanOffer } from '@beatmatch/contracts';
export { SubscriptionPage } from './SubscriptionPage';
export { TEST_CARD_NUMBER, TestPaymentDialog, inAppPath, inAppSession } from './TestPaymentDialog';
export {
  useCommerceErrors,
  useErrorToasts,
  type ErrorToasts,
  type ReportError,
  type Toasts,
} from './useCommerceErrors';
export {
  useSubscriptionCheckout,
  type SubscriptionCheckout,
  type SubscriptionTrial,
} from './useSubscriptionCheckout';
