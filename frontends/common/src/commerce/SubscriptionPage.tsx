import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { beatmatchSdk, type MemberActiveStatus, type MemberType } from '@beatmatch/frontend-common/sdk';
import { RemoteTheme } from '../RemoteTheme';
import { LifetimeMembershipView, LifetimeOffer } from './LifetimeOffer';
import { PLAN_OFFERS, planTitle } from '@beatmatch/contracts';
import { inAppPath } from './TestPaymentDialog';
import { useCommerceErrors } from './useCommerceErrors';
import { usePaypalSubscription } from './usePaypalSubscription';
import { useSubscriptionCheckout } from './useSubscriptionCheckout';

const HEADINGS: Record<MemberType, { title: string; intro: string }> = {
  artist: {
    title: 'Marketplace Pro',
    intro: 'Unlimited plays and matches, your play history and no service fees on every plan.',
  },
  producer: {
    title: 'Producer Plans',
    intro: 'Upload more beats and keep them active for artists to hear. 0% seller commission.',
  },
};

const CANCEL_WARNINGS: Record<MemberType, string> = {
  artist: 'Your Marketplace Pro benefits end immediately.',
  producer: 'Your benefits end and your beats go inactive immediately.',
};

/**
 * A family's subscription page (artist-side spec §2 Subscription pages, §4 Subscription checkout):
 * 'Subscribed' with Manage Subscription and Cancel Subscription; lifetime members see a 'Lifetime
 * Membership' thank-you; everyone else the plan offer, with 'The Deal of A Lifetime' (LifetimeOffer)
 * under the plan cards. The state is member_active_status.
 */
export function SubscriptionPage({ type }: { type: MemberType }) {
  const sdk = beatmatchSdk();
  const [status, setStatus] = useState<MemberActiveStatus | null>(null);
  const [portalPending, setPortalPending] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const { reportError, toasts, holder } = useCommerceErrors();
  const navigate = useNavigate();

  const load = useCallback(async () => {
    try {
      setStatus(await sdk.commerce.memberActiveStatus(type));
    } catch (error) {
      reportError(error);
      setStatus({ subscribed: false, lifer: false, paypal: false, plan: null });
    }
  }, [sdk, type, reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const manage = async () => {
    setPortalPending(true);
    try {
      const { url } = await sdk.commerce.createPortalSession(type);
      window.location.assign(url);
    } catch (error) {
      reportError(error);
      setPortalPending(false);
    }
  };

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

  const cancel = () =>
    void modal.confirm({
      title: 'Cancel Subscription?',
      content: CANCEL_WARNINGS[type],
      okText: 'Cancel Subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep Subscription',
      onOk: async () => {
        try {
          await sdk.commerce.cancelSubscription(type);
          void toasts.success('Your subscription has been cancelled.');
          await load();
        } catch (error) {
          reportError(error);
        }
      },
    });

  let body;
  if (status === null) {
    body = <Skeleton active paragraph={{ rows: 4 }} style={{ padding: 24 }} />;
  } else if (status.lifer) {
    body = <LifetimeMembershipView />;
  } else if (status.subscribed) {
    const plan = planTitle(type, status.plan);
    body = (
      <Result
        data-testid="subscribed"
        status="success"
        title="Subscribed"
        subTitle={plan ? `Your plan: ${plan}` : undefined}
        extra={[
          <Button key="manage" type="primary" loading={portalPending} onClick={() => void manage()}>
            Manage Subscription
          </Button>,
          <Button key="cancel" danger onClick={cancel}>
            Cancel Subscription
          </Button>,
        ]}
      />
    );
  } else {
    body = (
      <section aria-labelledby={`${type}-plans-heading`} style={{ padding: '24px 16px' }}>
        <Typography.Title
          level={2}
          id={`${type}-plans-heading`}
          style={{ textAlign: 'center', marginTop: 0 }}
        >
          {HEADINGS[type].title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {HEADINGS[type].intro}
        </Typography.Paragraph>
        <ul
          aria-label="Plans"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
          }}
        >
          {PLAN_OFFERS[type].map((plan) => (
            <li key={plan.id} data-testid="plan-card">
              <Card
                title={<h3 style={{ margin: 0, fontSize: 18 }}>{plan.title}</h3>}
                style={{ height: '100%' }}
              >
                <p style={{ fontSize: 28, fontWeight: 700, margin: '0 0 12px' }}>
                  ${plan.pricePerMonth}
                  <span style={{ fontSize: 14, fontWeight: 400 }}> / month</span>
                </p>
                <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
                  {plan.features.map((feature) => (
                    <li key={feature} style={{ padding: '2px 0' }}>
                      <CheckOutlined style={{ color: '#52c41a', marginRight: 8 }} aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button
                  type="primary"
                  block
                  loading={pending === plan.id}
                  disabled={pending !== null && pending !== plan.id}
                  aria-label={`Subscribe to ${plan.title}, $${plan.pricePerMonth} a month`}
                  onClick={() => void subscribe(plan)}
                >
                  Subscribe
                </Button>
                {paypal.offers(plan.id) && (
                  <Button
                    block
                    style={{ marginTop: 8 }}
                    loading={paypal.pending === plan.id}
                    disabled={paypal.confirming || (paypal.pending !== null && paypal.pending !== plan.id)}
                    aria-label={`Pay with PayPal for ${plan.title}, $${plan.pricePerMonth} a month`}
                    onClick={() => void paypal.start(plan.id)}
                  >
                    Pay with PayPal
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
        <LifetimeOffer type={type} onPaid={paid} onError={reportError} />
      </section>
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
    </RemoteTheme>
  );
}
