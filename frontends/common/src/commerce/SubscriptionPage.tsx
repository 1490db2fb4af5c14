import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { MemberType } from '@beatmatch/frontend-common/sdk';
import { RemoteTheme } from '../RemoteTheme';
import { LifetimeMembershipView } from './LifetimeOffer';
import { planTitle } from '@beatmatch/contracts';
import { PlanOffers } from './PlanOffers';
import { TestBillingPortal } from './TestBillingPortal';
import { inAppPath } from './TestPaymentDialog';
import { useCommerceErrors } from './useCommerceErrors';
import { useMemberStatus } from './useMemberStatus';
import { usePaypalSubscription } from './usePaypalSubscription';
import { useSubscriptionCheckout } from './useSubscriptionCheckout';

/**
 * A family's subscription page (artist-side spec §2 Subscription pages, §4 Subscription checkout):
 * 'Subscribed' with Manage Subscription and Cancel Subscription; lifetime members see a 'Lifetime
 * Membership' thank-you; everyone else the plan offer, with 'The Deal of A Lifetime' (LifetimeOffer)
 * under the plan cards. The state is member_active_status.
 */
export function SubscriptionPage({ type }: { type: MemberType }) {
  const { reportError, toasts, holder } = useCommerceErrors();
  const member = useMemberStatus(type, reportError, toasts);
  const { status, load, manage, portalPending, cancel, modalHolder } = member;
  const navigate = useNavigate();

  const paid = (url: string) => {
    if (!inAppPath(url)) {
      window.location.assign(url);
      return;
    }
    // Paid in the dialog: this page shows the new plan (spec §4: the page reloads after subscribing).
    void navigate({ search: '?redirect_status=succeeded' }, { replace: true });
    void load();
  };
  const { subscribe, pending, dialog } = useSubscriptionCheckout({
    type,
    onPaid: paid,
    onError: reportError,
  });

  // The subscription-payment service's button flow (spec §4): shown on the plans PayPal can bill.
  const paypal = usePaypalSubscription({
    type,
    paypalPlans: status?.paypalPlans,
    onCreated: () => void load(),
    onError: reportError,
  });

  let body;
  if (status === null) {
    body = <Skeleton active paragraph={{ rows: 4 }} style={{ padding: 24 }} />;
  } else if (status.lifer) {
    body = <LifetimeMembershipView />;
  } else if (status.subscribed) {
    body = (
      <Subscribed
        plan={planTitle(type, status.plan)}
        portalPending={portalPending}
        onManage={() => void manage()}
        onCancel={cancel}
      />
    );
  } else {
    body = (
      <PlanOffers
        type={type}
        pending={pending}
        paypal={paypal}
        onSubscribe={(plan) => void subscribe(plan)}
        onPaid={paid}
        onError={reportError}
      />
    );
  }

  return (
    <RemoteTheme>
      {holder}
      {modalHolder}
      <div data-testid={`${type}-subscription-page`} style={{ maxWidth: 1040, margin: '0 auto' }}>
        {body}
      </div>
      {dialog}
      {paypal.dialog}
      {member.testPortal && status?.subscribed ? (
        <TestBillingPortal
          type={type}
          plan={status.plan}
          portal={member.testPortal}
          onCancelPlan={cancel}
          onClose={member.closeTestPortal}
        />
      ) : null}
    </RemoteTheme>
  );
}

/** 'Subscribed', the plan's name, Manage Subscription and Cancel Subscription. */
function Subscribed(props: {
  plan: string | null | undefined;
  portalPending: boolean;
  onManage(): void;
  onCancel(): void;
}) {
  return (
    <Result
      data-testid="subscribed"
      status="success"
      title="Subscribed"
      subTitle={props.plan ? `Your plan: ${props.plan}` : undefined}
      extra={[
        <Button key="manage" type="primary" loading={props.portalPending} onClick={props.onManage}>
          Manage Subscription
        </Button>,
        <Button key="cancel" danger onClick={props.onCancel}>
          Cancel Subscription
        </Button>,
      ]}
    />
  );
}
