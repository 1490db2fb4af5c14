import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { beatmatchSdk, type MemberType } from '@beatmatch/frontend-common/sdk';
import { PaypalApprovalDialog } from './PaypalApprovalDialog';
import { inAppPath } from './TestPaymentDialog';

/** Leaving the app for the provider's page (a seam for component tests: jsdom does not navigate). */
export const browserNavigation = { go: (url: string) => window.location.assign(url) };

export interface PaypalSubscription {
  /** Whether PayPal can bill this plan (member_active_status `paypalPlans`). */
  offers(planId: string): boolean;
  /** createPaypalSubscription with the plan, then the browser goes to PayPal's approve page. */
  start(planId: string): Promise<void>;
  /** The plan whose PayPal subscription is being created, or null. */
  pending: string | null;
  /** True while the approved subscription is being confirmed on return from PayPal. */
  confirming: boolean;
  /** The local stand-in's approval step while it asks: render it. */
  dialog: ReactElement | null;
}

/**
 * The subscription-payment service's flow on the plan pages (artist-side spec §4 Subscription
 * checkout; commerce README "Plans billed by PayPal"): 'Pay with PayPal' asks commerce for the
 * subscription's approve URL and sends the browser there; PayPal returns it to the plan page with
 * `?paypal=approved&type=…&subscription_id=…`, where the subscription id is handed to
 * createPaypalSubscription once, the query is cleared and `onCreated` shows the new plan (the page
 * reloads its state, spec §4).
 */
export function usePaypalSubscription({
  type,
  paypalPlans,
  onCreated,
  onError,
}: {
  type: MemberType;
  paypalPlans: readonly string[] | undefined;
  onCreated: () => void;
  onError: (error: unknown) => void;
}): PaypalSubscription {
  const sdk = beatmatchSdk();
  const location = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The local stand-in's approve "page" is this app's return URL: its approval step asks here first.
  const [approval, setApproval] = useState<{ planId: string; returnPath: string } | null>(null);
  const handled = useRef<string | null>(null);

  const params = new URLSearchParams(location.search);
  const subId = params.get('paypal') === 'approved' ? params.get('subscription_id') : null;
  const returnedType = params.get('type');

  useEffect(() => {
    if (!subId || handled.current === subId) return;
    // Another plan page's return (the type PayPal was started on): not this page's to confirm.
    if (returnedType && returnedType !== type) return;
    handled.current = subId;
    setConfirming(true);
    void (async () => {
      try {
        await sdk.commerce.createPaypalSubscription({ type, subId });
        onCreated();
      } catch (error) {
        onError(error);
      } finally {
        setConfirming(false);
        void navigate({ search: '' }, { replace: true });
      }
    })();
  }, [subId, returnedType, type, sdk, navigate, onCreated, onError]);

  const start = async (planId: string) => {
    setPending(planId);
    try {
      const { url } = await sdk.commerce.createPaypalSubscription({ type, plan: planId });
      if (!url) throw new Error('Could not create subscription. Please try again.');
      const returnPath = inAppPath(url);
      if (returnPath) {
        setApproval({ planId, returnPath });
        setPending(null);
      } else browserNavigation.go(url);
    } catch (error) {
      onError(error);
      setPending(null);
    }
  };

  const dialog = approval ? (
    <PaypalApprovalDialog
      type={type}
      planId={approval.planId}
      onApprove={() => {
        setApproval(null);
        void navigate(approval.returnPath, { replace: true });
      }}
      onCancel={() => setApproval(null)}
    />
  ) : null;

  return { offers: (planId) => !!paypalPlans?.includes(planId), start, pending, confirming, dialog };
}
