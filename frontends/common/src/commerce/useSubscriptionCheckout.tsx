import { useState, type ReactElement } from 'react';
import { beatmatchSdk, type MemberType } from '@beatmatch/frontend-common/sdk';
import { TRIAL_DAYS, type PlanOffer } from '@beatmatch/contracts';
import { TestPaymentDialog, inAppSession } from './TestPaymentDialog';

/** Which trial a checkout asks for (spec §4 login states: referred users get the ambassador variant). */
export type SubscriptionTrial = 'none' | 'week' | 'ambassador';

export interface SubscriptionCheckout {
  /** create_subscription_checkout for the plan: the test provider's card dialog, or the provider's page. */
  subscribe(plan: PlanOffer): Promise<void>;
  /** The plan whose checkout is being created (its button shows as loading), or null. */
  pending: string | null;
  /** The test provider's card dialog while a plan is being paid: render it. */
  dialog: ReactElement | null;
}

/**
 * Subscribing to a plan (artist-side spec §4 Subscription checkout), shared by the plan pages and the
 * trial offer after the survey: commerce's create_subscription_checkout answers with the card payment
 * provider's hosted page (the browser goes there), or, with the embedded test provider, the app's own
 * /checkout?session_id=… which the card dialog pays on this page; `onPaid` then gets the server's URL.
 */
export function useSubscriptionCheckout({
  type,
  trial = 'none',
  onPaid,
  onError,
}: {
  type: MemberType;
  trial?: SubscriptionTrial;
  onPaid: (url: string) => void;
  onError: (error: unknown) => void;
}): SubscriptionCheckout {
  const [pending, setPending] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ sessionId: string; plan: PlanOffer } | null>(null);

  const subscribe = async (plan: PlanOffer) => {
    setPending(plan.id);
    try {
      const { url } = await beatmatchSdk().commerce.createSubscriptionCheckout({
        type,
        plan: plan.id,
        weekTrial: trial === 'week',
        ambassadorTrial: trial === 'ambassador',
      });
      const sessionId = inAppSession(url);
      if (sessionId) {
        setPayment({ sessionId, plan });
        setPending(null);
      } else {
        // The card payment provider's hosted page.
        window.location.assign(url);
      }
    } catch (error) {
      onError(error);
      setPending(null);
    }
  };

  const dialog = payment ? (
    <TestPaymentDialog
      sessionId={payment.sessionId}
      amount={String(payment.plan.pricePerMonth)}
      trialDays={trial === 'none' ? 0 : TRIAL_DAYS[trial]}
      onClose={() => setPayment(null)}
      onPaid={(url) => {
        setPayment(null);
        onPaid(url);
      }}
    />
  ) : null;

  return { subscribe, pending, dialog };
}
